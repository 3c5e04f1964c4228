/**
 * Data the relay keeps and passes between its pure steps (evaluate → state machine → plan) and its IO
 * (store, Slack delivery). Everything here is plain JSON so that it can live in the Store (Redis with replicas).
 */
import type { DeviceStatus } from '../../monitoring/api.ts';

export type Severity = 'warning' | 'critical';

export type AlertCondition =
  | 'silent'
  | 'inactive'
  | 'invalid'
  | 'battery_low'
  | 'offline'
  | 'device_off'
  | 'camera_off'
  | 'no_network'
  | 'temperature_high'
  | 'status_stale';

/** What the evaluator needs to know about one data source, already read from the platform. */
export interface SourceHealthInput {
  id: string;
  name: string;
  siteId: string;
  siteName: string | null;
  isCamera: boolean;
  /** Sensor usage (applying 1): expected to report on its own, so silence matters even without a known interval. */
  isSensor: boolean;
  /** Epoch ms of the latest reading; null when the source has none. */
  lastReadingAt: number | null;
  inactiveThresholdSec: number | null;
  readingIntervalSec: number | null;
  /** Activity status name (e.g. "Active", "Pending Readings"); null when unknown. */
  activityStatus: string | null;
  /** 10, 20, 30 or null. */
  validationStatus: number | null;
  /** Camera sources: the reported device status (null when none was ever reported). */
  deviceStatus: (DeviceStatus & { reportedAt: number | null }) | null;
}

export interface HealthFinding {
  /** Stable alert key: source + condition. */
  key: string;
  sourceId: string;
  condition: AlertCondition;
  severity: Severity;
  /** Short human text, e.g. "battery 8 %, not charging". */
  detail: string;
}

export type AlertPhase = 'pending' | 'active' | 'recovering';

/** The persisted state of one alert key (absent = healthy and nothing pending). */
export interface AlertTrack {
  key: string;
  sourceId: string;
  condition: AlertCondition;
  phase: AlertPhase;
  /** When the condition was first seen in this episode (epoch ms); part of the episode id. */
  since: number;
  raisedAt: number | null;
  healthySince: number | null;
  severity: Severity;
  detail: string;
}

export type AlertTransition =
  { kind: 'raise' } | { kind: 'update'; previousSeverity: Severity } | { kind: 'clear'; durationMs: number };

/** Compact per-task state the differ compares cycle to cycle; also what a task parent message shows. */
export interface TaskSnapshot {
  id: string;
  name: string;
  siteId: string;
  siteName: string | null;
  statusId: string;
  statusName: string | null;
  priorityId: string | null;
  priorityName: string | null;
  assigneeId: string | null;
  assigneeName: string | null;
  /** How the assignee's Slack user is found (mentions, DMs); absent in snapshots of older versions. */
  assigneeEmail?: string | null;
  dueDate: string | null;
  /** The site's time zone the due day was counted in (null: unknown, UTC); absent in snapshots of older versions. */
  timeZone?: string | null;
  open: boolean;
  overdue: boolean;
  deviceId: string | null;
  deviceName: string | null;
  modifiedAt: string | null;
}

export type TaskEvent =
  | { kind: 'created' }
  | { kind: 'status'; from: string | null; to: string | null; closed: 'done' | 'cancelled' | null }
  | { kind: 'reassigned'; from: string | null; to: string | null }
  | { kind: 'priority'; from: string | null; to: string | null }
  | { kind: 'due'; from: string | null; to: string | null }
  | { kind: 'overdue'; dueDate: string };
