/**
 * Retry as a declarative policy (after ky's retry options and undici's retry interceptor): which methods and
 * error codes are retried, how often, and how long to wait. The loop lives here and nowhere else.
 */
import type { MonitoringErrorCode } from './api.ts';
import { MonitoringError } from './errors.ts';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RetryPolicy {
  /** Retries after the first attempt. */
  maxRetries: number;
  /** Backoff base: attempt n waits up to baseDelayMs × 2^n (full jitter). */
  baseDelayMs: number;
  /** Ceiling of any single wait, Retry-After included. */
  maxDelayMs: number;
  /**
   * Only these methods are retried. POST /task/, POST /post and POST /reading create things: a retry after a
   * lost response could write twice, so writes are never retried blindly.
   */
  methods: readonly HttpMethod[];
  /** Only failures with these codes are retried. */
  codes: readonly MonitoringErrorCode[];
  /** Statuses never retried even when their code is (a per-call refinement, e.g. an expected 500). */
  skipStatuses: readonly number[];
}

export const DEFAULT_RETRY_POLICY: RetryPolicy = {
  maxRetries: 3,
  baseDelayMs: 500,
  maxDelayMs: 30_000,
  methods: ['GET'],
  codes: ['NETWORK', 'TIMEOUT', 'SERVER', 'RATE_LIMITED'],
  skipStatuses: [],
};

/** Waits `ms`, or rejects with the signal's reason as soon as it aborts. */
export type Sleep = (ms: number, signal?: AbortSignal) => Promise<void>;

export const realSleep: Sleep = (ms, signal) =>
  new Promise<void>((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });

/**
 * The wait before retry number `retry` (0-based), or null when the failure must surface now.
 * A Retry-After longer than maxDelayMs is not waited out: the RATE_LIMITED error (with retryAfterMs) reaches the
 * caller, who can tell the user when to try again.
 */
export function retryDelay(
  err: unknown,
  method: HttpMethod,
  retry: number,
  policy: RetryPolicy,
  random: () => number,
): number | null {
  if (!(err instanceof MonitoringError)) return null;
  if (retry >= policy.maxRetries) return null;
  if (!policy.methods.includes(method) || !policy.codes.includes(err.code)) return null;
  if (err.status !== undefined && policy.skipStatuses.includes(err.status)) return null;
  if (err.retryAfterMs !== undefined) {
    return err.retryAfterMs <= policy.maxDelayMs ? err.retryAfterMs : null;
  }
  const ceiling = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** retry);
  return Math.floor(random() * ceiling);
}

export interface RetryContext {
  method: HttpMethod;
  policy: RetryPolicy;
  sleep: Sleep;
  random: () => number;
  signal?: AbortSignal | undefined;
  onRetry?: (info: { retry: number; delayMs: number; err: MonitoringError }) => void;
}

export async function withRetry<T>(op: (attempt: number) => Promise<T>, ctx: RetryContext): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await op(attempt);
    } catch (err) {
      const delayMs = retryDelay(err, ctx.method, attempt, ctx.policy, ctx.random);
      if (delayMs === null || !(err instanceof MonitoringError) || ctx.signal?.aborted) throw err;
      ctx.onRetry?.({ retry: attempt + 1, delayMs, err });
      await ctx.sleep(delayMs, ctx.signal);
    }
  }
}
