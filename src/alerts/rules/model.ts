/**
 * Relay records kept in the Store (all plain JSON): subscriptions, per-channel episodes, storms, snoozes,
 * outbox items and delivery records. Views carry everything a renderer needs, so delivery never calls the
 * platform.
 */
import type { PriorityKeyword } from '../../tasks/rules/index.ts';
import type { AlertCondition, Severity, TaskEvent, TaskSnapshot } from './types.ts';
import type { DigestData } from './digest.ts';

/** high | medium | low: the tasks feature's priority keywords. */
export type PriorityName = PriorityKeyword;

export interface AlertSubscription {
  /** null = every site the key can see. */
  siteIds: string[] | null;
  siteNames: string[];
  /** Lowest severity delivered: warning = everything, critical = critical only. */
  minSeverity: Severity;
  since: number;
}

export interface TaskSubscription {
  siteIds: string[] | null;
  siteNames: string[];
  /** Lowest priority delivered; null = every task, with or without priority. */
  minPriority: PriorityName | null;
  since: number;
  /** False until one complete cycle recorded this channel's tasks silently. */
  primed: boolean;
}

export interface ChannelSubscriptions {
  channel: string;
  alerts: AlertSubscription | null;
  tasks: TaskSubscription | null;
}

export interface AlertView {
  key: string;
  episodeId: string;
  sourceId: string;
  sourceName: string;
  siteId: string;
  siteName: string | null;
  siteTimeZone: string | null;
  condition: AlertCondition;
  severity: Severity;
  detail: string;
  raisedAt: number;
  clearedAt: number | null;
  durationMs: number | null;
  /** When the condition was first seen in this episode (before the pending period); absent in old records. */
  since?: number;
  /** Clear transitions: when the condition was first seen absent (the healthy period then ran). */
  healthySince?: number | null;
}

/** One active (or, in `cleared`, past) condition of a device incident. */
export interface ConditionLine {
  key: string;
  condition: AlertCondition;
  severity: Severity;
  detail: string;
  /** First seen (epoch ms). */
  since: number;
}

/**
 * One device episode: opens with the device's first raised condition, lists every active condition and
 * resolves when all of them have cleared through the healthy period.
 */
export interface IncidentView {
  incidentId: string;
  sourceId: string;
  sourceName: string;
  siteId: string;
  siteName: string | null;
  siteTimeZone: string | null;
  /** The worst severity of the active conditions (of the last ones, once resolved). */
  severity: Severity;
  conditions: ConditionLine[];
  /** Conditions that cleared during this incident, oldest first (bounded). */
  cleared: (ConditionLine & { clearedAt: number })[];
  openedAt: number;
  resolvedAt: number | null;
  /** Resolved: first seen → healthy again. */
  durationMs: number | null;
}

export type IncidentChange =
  | { kind: 'joined'; line: ConditionLine }
  | { kind: 'severity'; line: ConditionLine; previous: Severity }
  | { kind: 'cleared'; line: ConditionLine; durationMs: number };

/** One channel's view of an open device incident (keyed by data source). */
export interface ChannelIncident {
  incidentId: string;
  subject: string;
  stormId: string | null;
  /** False while the incident was hidden by a snooze (no parent exists in the channel). */
  posted: boolean;
  view: IncidentView;
}

export interface StormView {
  stormId: string;
  siteId: string;
  siteName: string | null;
  active: number;
  total: number;
  openedAt: number;
  resolvedAt: number | null;
  /** Absent in records written before incidents. */
  siteTimeZone?: string | null;
}

/** The per-condition record of the relay before incidents (read once, by the migration). */
export interface ChannelEpisode {
  episodeId: string;
  subject: string;
  stormId: string | null;
  /** False while the episode was hidden by a snooze (no parent exists in the channel). */
  posted: boolean;
  alert: AlertView;
}

export interface Storm {
  stormId: string;
  siteId: string;
  siteName: string | null;
  siteTimeZone?: string | null;
  openedAt: number;
  /** Data source ids of the devices whose incidents are open under this storm. */
  activeKeys: string[];
  total: number;
}

/** `dev:<sourceId>` snoozes a device's incidents; `storm:<siteId>` a site's storm. */
export type SnoozeKey = `dev:${string}` | `storm:${string}`;

export interface Snooze {
  key: string;
  /** Epoch ms when it ends; null with untilHealthy. */
  until: number | null;
  untilHealthy: boolean;
  by: string;
  at: number;
  suppressed: number;
  /** What was snoozed, e.g. "Dock Camera" or "alert storm at Berlin Plant". */
  label: string;
  timeZone?: string | null;
  /** Parent message subject whose thread gets the summary. */
  subject: string | null;
}

export interface SnoozeSummary {
  key: string;
  label: string;
  suppressed: number;
  stillActive: boolean;
  snoozedBy: string;
  endedAt: number;
}

export type StormMemberChange = 'joined' | 'changed' | 'resolved';

export type OutboxBody =
  | { kind: 'incident.opened'; incident: IncidentView }
  | { kind: 'incident.changed'; incident: IncidentView; changes: IncidentChange[]; quiet: boolean }
  | { kind: 'incident.resolved'; incident: IncidentView; quiet: boolean }
  /** Upgrade from per-condition parents: the kept parent shows the incident, the others say where it went. */
  | { kind: 'incident.migrated'; incident: IncidentView; merged: string[] }
  | { kind: 'storm.added'; storm: StormView; incidents: IncidentView[] }
  | {
      kind: 'storm.member';
      storm: StormView;
      incident: IncidentView;
      change: StormMemberChange;
      changes: IncidentChange[];
      quiet: boolean;
    }
  | { kind: 'task.changed'; task: TaskSnapshot; events: TaskEvent[] }
  /** To the assignee's DM (outbox channel DM_OUTBOX): the task card with its buttons. */
  | { kind: 'task.assigned'; taskId: string; email: string; task: unknown }
  | { kind: 'snooze.ended'; summary: SnoozeSummary }
  | { kind: 'digest.posted'; digest: DigestData };

/** What the planner produces; the outbox adds a sequence number when it stores it. */
export type OutboxDraft = OutboxBody & {
  /** Stable id of the event (dedupes a re-plan after a crash mid-cycle). */
  id: string;
  /** The parent message this item belongs to (`alert:<episode>`, `storm:<id>`, `task:<id>`), or null. */
  subject: string | null;
};

export type OutboxItem = OutboxDraft & { seq: number; enqueuedAt: number };

/** The parent message of a subject in a channel. */
export interface MessageRecord {
  ts: string;
  /** What the parent shows now, so that an Acknowledge can re-render it without the platform. */
  view: ParentView;
}

export type ParentView =
  | { type: 'incident'; incident: IncidentView }
  /** A per-condition parent of before incidents (records written by the old relay). */
  | { type: 'alert'; alert: AlertView }
  /** A per-condition parent merged into its device's incident by the upgrade. */
  | { type: 'merged'; into: string }
  | { type: 'storm'; storm: StormView }
  | { type: 'task'; task: TaskSnapshot };

export interface AckRecord {
  user: string;
  at: number;
}
