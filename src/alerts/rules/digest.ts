/**
 * The shift handover digest, pure: built from the relay's own records (open incidents and their
 * acknowledgements, the incident and task logs, task snapshots, site health) — no platform call.
 */
import type { AckRecord, IncidentView } from './model.ts';
import type { AlertTrack, Severity, TaskSnapshot } from './types.ts';

/** `/monitor digest at …` of one channel. */
export interface DigestSettings {
  channel: string;
  /** Local "HH:mm" shift changes, in each site's own zone. */
  times: string[];
  /** null = the sites the channel is subscribed to. */
  siteIds: string[] | null;
  siteNames: string[];
  by: string;
  since: number;
}

export type IncidentLogEntry = {
  siteId: string;
  sourceName: string;
  at: number;
} & ({ kind: 'raised'; severity: Severity } | { kind: 'resolved'; durationMs: number | null });

export interface TaskLogEntry {
  siteId: string;
  kind: 'created' | 'done' | 'cancelled';
  name: string;
  at: number;
}

export interface DigestOpen {
  sourceName: string;
  severity: Severity;
  since: number;
  conditions: string[];
  ack: AckRecord | null;
}

/** Which digest this is: the site and the shift it hands over (what the input names and the digest keeps). */
export interface DigestShift {
  id: string;
  siteId: string;
  siteName: string | null;
  timeZone: string | null;
  /** The shift this digest hands over: [from, to). */
  from: number;
  to: number;
  /** Posted after the shift change was missed (no replica ran). */
  late: boolean;
  onDemand: boolean;
}

export interface DigestData extends DigestShift {
  open: DigestOpen[];
  raised: { sourceName: string; at: number; severity: Severity }[];
  resolved: { sourceName: string; at: number; durationMs: number | null }[];
  /** null: the site's tasks are not watched (no task subscription), so the task sections are left out. */
  tasks: {
    created: { name: string; at: number }[];
    done: { name: string; at: number }[];
    cancelled: { name: string; at: number }[];
    overdue: { name: string; dueDate: string; assigneeName: string | null; assigneeEmail: string | null }[];
  } | null;
  silent: { sourceName: string; since: number; detail: string }[];
  /** Another feature's section of this shift (rounds and handover, issue 40): rendered blocks and a summary. */
  routines?: { text: string; blocks: unknown[] };
}

/**
 * A digest's id: its channel first, so that a digest can be told to belong to the conversation a button was pressed
 * in (channel ids hold no colon). Ids are predictable: an id from a button value is only a name, never authority.
 */
export function digestId(channel: string, siteId: string, to: number, onDemand: boolean): string {
  return `${channel}:${siteId}:${to}${onDemand ? ':now' : ''}`;
}

/** Whether the digest `id` was posted in `channel`. */
export const isDigestOf = (id: string, channel: string): boolean => id.startsWith(`${channel}:`);

export type DigestSection =
  'open' | 'raised' | 'resolved' | 'created' | 'done' | 'cancelled' | 'overdue' | 'silent';

export interface DigestInput extends DigestShift {
  incidents: { view: IncidentView; ack: AckRecord | null }[];
  incidentLog: IncidentLogEntry[];
  /** undefined: the site's tasks are not watched. */
  taskLog: TaskLogEntry[] | undefined;
  snapshots: TaskSnapshot[] | undefined;
  tracks: AlertTrack[];
  names: Record<string, string>;
}

const RANK: Record<Severity, number> = { warning: 1, critical: 2 };
const inShift = (at: number, d: { from: number; to: number }) => at >= d.from && at < d.to;

export function buildDigest(input: DigestInput): DigestData {
  const { siteId } = input;
  const open = input.incidents
    .filter((i) => i.view.siteId === siteId && i.view.resolvedAt === null)
    .map((i) => ({
      sourceName: i.view.sourceName,
      severity: i.view.severity,
      since: i.view.openedAt,
      conditions: i.view.conditions.map((c) => c.condition),
      ack: i.ack,
    }))
    .sort((a, b) => RANK[b.severity] - RANK[a.severity] || a.since - b.since);
  const log = input.incidentLog.filter((e) => e.siteId === siteId && inShift(e.at, input));
  const raised = log.flatMap((e) =>
    e.kind === 'raised' ? [{ sourceName: e.sourceName, at: e.at, severity: e.severity }] : [],
  );
  const resolved = log.flatMap((e) =>
    e.kind === 'resolved' ? [{ sourceName: e.sourceName, at: e.at, durationMs: e.durationMs }] : [],
  );
  const tasks =
    input.taskLog === undefined || input.snapshots === undefined
      ? null
      : (() => {
          const shift = input.taskLog.filter((e) => e.siteId === siteId && inShift(e.at, input));
          const of = (kind: TaskLogEntry['kind']) =>
            shift.filter((e) => e.kind === kind).map((e) => ({ name: e.name, at: e.at }));
          const overdue = input.snapshots
            .filter((s): s is TaskSnapshot & { dueDate: string } => s.open && s.overdue && s.dueDate !== null)
            .sort((a, b) => a.dueDate.localeCompare(b.dueDate) || a.name.localeCompare(b.name))
            .map((s) => ({
              name: s.name,
              dueDate: s.dueDate,
              assigneeName: s.assigneeName,
              assigneeEmail: s.assigneeEmail ?? null,
            }));
          return { created: of('created'), done: of('done'), cancelled: of('cancelled'), overdue };
        })();
  const silent = input.tracks
    .filter((t) => t.condition === 'silent' && t.phase !== 'pending')
    .sort((a, b) => a.since - b.since)
    .map((t) => ({
      sourceName: input.names[t.sourceId] ?? `data source ${t.sourceId}`,
      since: t.since,
      detail: t.detail,
    }));
  return {
    id: input.id,
    siteId,
    siteName: input.siteName,
    timeZone: input.timeZone,
    from: input.from,
    to: input.to,
    late: input.late,
    onDemand: input.onDemand,
    open,
    raised,
    resolved,
    tasks,
    silent,
  };
}
