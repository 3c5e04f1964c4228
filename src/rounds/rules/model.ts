/**
 * What fieldline keeps about rounds and handovers (the contract holds none of it): per workspace key, in the
 * store. Pure types.
 */

/** Where a round is posted: a channel, a user group (mentioned in the round's channel) or a person (by DM). */
export type RoundTarget =
  { kind: 'channel'; id: string } | { kind: 'group'; id: string } | { kind: 'person'; id: string };

export interface Limit {
  metricId: string;
  title: string;
  min: number | null;
  max: number | null;
}

export interface RoundDef {
  id: string;
  /** A form (usage "form") or a meter's metrics. */
  kind: 'form' | 'metrics';
  sourceId: string;
  sourceName: string;
  /** metrics rounds: which metric ids (in order) with their names. */
  metrics: { id: string; name: string }[];
  siteId: string;
  siteName: string | null;
  zone: string | null;
  times: string[];
  weekdays: number[];
  /** How long after its time a round may still be done before it is reminded and counted missed. */
  windowMs: number;
  /** The channel the round was set up in: it sees out-of-limit values (and group rounds are posted there). */
  channel: string;
  target: RoundTarget;
  limits: Limit[];
  /** A value outside its limits: a task offered (button) or created at once. */
  onOut: 'offer' | 'create';
  createdBy: string;
  createdAt: number;
}

/** One due slot of a round: where it was posted and who did it. */
export interface RoundRun {
  slot: number;
  channel: string;
  ts: string | null;
  postedAt: number;
  doneBy?: string;
  doneAt?: number;
  remindedAt?: number;
}

/** A value read outside its limits (kept for the "Create task" button: the button names it only). */
export interface OutOfLimit {
  id: string;
  roundId: string;
  slot: number;
  metricId: string;
  title: string;
  value: number;
  min: number | null;
  max: number | null;
  sourceId: string;
  sourceName: string;
  siteId: string;
  siteName: string | null;
  readBy: string;
  readAt: number;
  channel: string;
  ts?: string;
  taskId?: string;
  taskName?: string;
}

export interface HandoverSetting {
  channel: string;
  siteId: string;
  siteName: string | null;
  zone: string | null;
  /** The site's handover form, or null: a free-text note. */
  formId: string | null;
  formName: string | null;
  acceptMs: number;
  /** Offered this long before each shift change. */
  offerBeforeMs: number;
  /** A user group reminded with the channel. */
  group: string | null;
  by: string;
  at: number;
  /** Shift changes with a handover record (removed with the workspace). */
  changes: number[];
}

export interface HandoverRecord {
  channel: string;
  siteId: string;
  change: number;
  filledBy?: string;
  filledAt?: number;
  /** Field → answer words (a form), or the note as one line. */
  answers?: { title: string; value: string }[];
  note?: string;
  presentedAt?: number;
  acceptedBy?: string;
  acceptedAt?: number;
  remindedAt?: number;
}
