/**
 * Confirms an asynchronous import by reading its timestamps back with GET /reading, with a bounded wait and
 * exponential backoff. "Readable" means every sampled imported instant is found among the rows.
 */
import type { MonitoringApi } from '../../monitoring/api.ts';
import { toLocalForm } from '../rules/range.ts';

export interface ConfirmPolicy {
  /** First wait before reading back, ms. */
  firstDelayMs: number;
  /** Cap of one wait, ms. */
  maxDelayMs: number;
  /** Give up after this much waiting in total, ms. */
  totalMs: number;
}

export const DEFAULT_CONFIRM_POLICY: ConfirmPolicy = {
  firstDelayMs: 1_000,
  maxDelayMs: 30_000,
  totalMs: 180_000,
};

export type Sleep = (ms: number, signal?: AbortSignal) => Promise<void>;

export const realSleep: Sleep = (ms, signal) =>
  new Promise((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(signal.reason);
      },
      { once: true },
    );
  });

/** Whether every instant in `sampleMs` is a row of the source (read over [first, last] in site time). */
export async function importedReadable(
  monitoring: MonitoringApi,
  args: { sourceId: string; zone: string; firstMs: number; lastMs: number; sampleMs: number[] },
  signal?: AbortSignal,
): Promise<boolean> {
  const wanted = new Set(args.sampleMs.map((ms) => Math.floor(ms / 1000)));
  const range = {
    mode: 'absolute' as const,
    startTime: toLocalForm(args.firstMs - 1000, args.zone),
    endTime: toLocalForm(args.lastMs + 1000, args.zone),
  };
  for await (const row of monitoring.readings.query({ meterId: args.sourceId, range, limit: 500 }, signal)) {
    const at = Date.parse(row.eventDate);
    if (!Number.isNaN(at)) wanted.delete(Math.floor(at / 1000));
    if (wanted.size === 0) return true;
  }
  return wanted.size === 0;
}

/** Polls until readable or the policy's total wait is spent. Returns whether it was confirmed and how long it waited. */
export async function confirmImport(
  check: () => Promise<boolean>,
  policy: ConfirmPolicy,
  sleep: Sleep,
  signal?: AbortSignal,
): Promise<{ confirmed: boolean; waitedMs: number }> {
  let waited = 0;
  let delay = policy.firstDelayMs;
  while (waited < policy.totalMs) {
    const step = Math.min(delay, policy.totalMs - waited);
    await sleep(step, signal);
    waited += step;
    try {
      if (await check()) return { confirmed: true, waitedMs: waited };
    } catch {
      // a failed read-back is not a failed import: keep waiting within the budget
    }
    delay = Math.min(policy.maxDelayMs, delay * 2);
  }
  return { confirmed: false, waitedMs: waited };
}
