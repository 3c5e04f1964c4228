/** The poller's health as /monitor status shows it; kept in the Store so any replica can answer. */
export interface AlertStatus {
  /** Start of the last cycle attempt (epoch ms). */
  lastCycleAt: number | null;
  /** Start of the last complete cycle: alert and task state is as of this time. */
  lastCompleteAt: number | null;
  lastDurationMs: number | null;
  /** API calls of the last complete cycle: pages + full records. */
  lastApiCalls: { pages: number; records: number } | null;
  consecutiveFailures: number;
  lastError: { at: number; message: string; code: string | null } | null;
  /** No cycle before this time (upstream backoff). */
  backoffUntil: number | null;
  /** Sources and tasks seen in the last complete cycle. */
  lastCounts: { sources: number; cameras: number; tasks: number } | null;
}

export const EMPTY_STATUS: AlertStatus = {
  lastCycleAt: null,
  lastCompleteAt: null,
  lastDurationMs: null,
  lastApiCalls: null,
  consecutiveFailures: 0,
  lastError: null,
  backoffUntil: null,
  lastCounts: null,
};
