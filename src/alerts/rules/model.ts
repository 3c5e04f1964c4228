/**
 * Relay records kept in the Store (all plain JSON): subscriptions, per-channel episodes, storms, snoozes,
 * outbox items and delivery records. Views carry everything a renderer needs, so delivery never calls the
 * platform.
 */
import type { PriorityKeyword } from '../../tasks/rules/index.ts';
import type { AlertCondition, Severity, TaskEvent, TaskSnapshot } from './types.ts';

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
}

export interface StormView {
  stormId: string;
  siteId: string;
  siteName: string | null;
  active: number;
  total: number;
  openedAt: number;
  resolvedAt: number | null;
}

/** One channel's view of an open alert episode. */
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
  openedAt: number;
  activeKeys: string[];
  total: number;
}

export interface Snooze {
  key: string;
  /** Epoch ms when it ends; null with untilHealthy. */
  until: number | null;
  untilHealthy: boolean;
  by: string;
  at: number;
  suppressed: number;
  sourceName: string;
  condition: AlertCondition;
  /** Parent message subject whose thread gets the summary. */
  subject: string | null;
}

export interface SnoozeSummary {
  key: string;
  sourceName: string;
  condition: AlertCondition;
  suppressed: number;
  stillActive: boolean;
  snoozedBy: string;
  endedAt: number;
}

export type OutboxBody =
  | { kind: 'alert.raised'; alert: AlertView }
  | { kind: 'alert.updated'; alert: AlertView; previousSeverity: Severity }
  | { kind: 'alert.cleared'; alert: AlertView; quiet: boolean }
  | { kind: 'storm.added'; storm: StormView; alerts: AlertView[] }
  | { kind: 'storm.member'; storm: StormView; alert: AlertView; change: 'updated' | 'cleared' }
  | { kind: 'task.changed'; task: TaskSnapshot; events: TaskEvent[] }
  | { kind: 'snooze.ended'; summary: SnoozeSummary };

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
  | { type: 'alert'; alert: AlertView }
  | { type: 'storm'; storm: StormView }
  | { type: 'task'; task: TaskSnapshot };

export interface AckRecord {
  user: string;
  at: number;
}
