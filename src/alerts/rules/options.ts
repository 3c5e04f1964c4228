/**
 * Relay tuning: thresholds of the health evaluator, hysteresis periods, storm grouping, pacing and backoff.
 * Every value has a default; main.ts and tests override what they need.
 */

export interface HealthThresholds {
  /** Silent when the last reading is older than `inactiveThreshold`, else this many × `readingInterval`. */
  silentIntervals: number;
  /** Silent escalates to critical at this many × the silence threshold. */
  silentCriticalFactor: number;
  /**
   * Sensors whose row carries neither `inactiveThreshold` nor `readingInterval` (list rows need not; only camera
   * sources get a full record) count as silent after this many seconds.
   */
  fallbackSilentSec: number;
  /** Battery (%) below this while not charging: warning. */
  batteryWarning: number;
  /** Battery (%) below this while not charging: critical. */
  batteryCritical: number;
  /** Temperature (°C) at or above this: warning. */
  temperatureWarning: number;
  /** Temperature (°C) at or above this: critical. */
  temperatureCritical: number;
  /** A camera status report older than this (ms) counts as stale. */
  statusStaleMs: number;
}

export interface AlertOptions {
  pollIntervalMs: number;
  /** ±fraction of the interval (0.2 = ±20 %). */
  jitter: number;
  /** A condition must hold this long before its alert is raised. */
  pendingMs: number;
  /** An active alert clears only after this long without the condition. */
  healthyMs: number;
  thresholds: HealthThresholds;
  /** This many raises of one site in one cycle open a site-level storm parent. */
  stormThreshold: number;
  /** Minimum spacing of Slack writes to one channel (Slack: ~1 message per second per channel). */
  channelIntervalMs: number;
  /** Page size for GET /data-sources and GET /tasks. */
  pageSize: number;
  /** Concurrent full-record fetches (camera device status). */
  recordConcurrency: number;
  backoffBaseMs: number;
  backoffCapMs: number;
  /** How long a dedupe key of an enqueued event lives (guards re-enqueue after a crash mid-cycle). */
  eventDedupeTtlMs: number;
}

export const DEFAULT_THRESHOLDS: HealthThresholds = {
  silentIntervals: 3,
  silentCriticalFactor: 3,
  fallbackSilentSec: 3_600,
  batteryWarning: 20,
  batteryCritical: 10,
  temperatureWarning: 60,
  temperatureCritical: 75,
  statusStaleMs: 2 * 3_600_000,
};

export const DEFAULT_ALERT_OPTIONS: AlertOptions = {
  pollIntervalMs: 60_000,
  jitter: 0.2,
  pendingMs: 120_000,
  healthyMs: 300_000,
  thresholds: DEFAULT_THRESHOLDS,
  stormThreshold: 5,
  channelIntervalMs: 1_000,
  pageSize: 200,
  recordConcurrency: 4,
  backoffBaseMs: 5_000,
  backoffCapMs: 10 * 60_000,
  eventDedupeTtlMs: 48 * 3_600_000,
};

export type AlertOptionsInput = Partial<Omit<AlertOptions, 'thresholds'>> & {
  thresholds?: Partial<HealthThresholds>;
};

export function resolveAlertOptions(input: AlertOptionsInput = {}): AlertOptions {
  return {
    ...DEFAULT_ALERT_OPTIONS,
    ...input,
    thresholds: { ...DEFAULT_THRESHOLDS, ...input.thresholds },
  };
}
