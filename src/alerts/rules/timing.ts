/** Pure timing rules of the poller: jittered interval and full-jitter backoff honouring Retry-After. */

/**
 * interval × (1 − jitter × random()), random() in [0, 1): relays (and replicas) spread their polls, yet a change is
 * always noticed within one interval (issue 39: delivery within one poll interval + 2 s for every workspace).
 */
export function jitteredInterval(intervalMs: number, jitter: number, random: () => number): number {
  return Math.max(0, Math.round(intervalMs * (1 - jitter * random())));
}

/**
 * The wait after a cycle that started at `startedAt`: a plain interval counts from the cycle's start, so a slow
 * read does not stretch the period; a backoff (failures, Retry-After) counts in full from now.
 */
export function waitAfterCycle(
  next: { delayMs: number; backingOff: boolean },
  startedAt: number,
  now: number,
): number {
  if (next.backingOff) return next.delayMs;
  return Math.max(0, next.delayMs - Math.max(0, now - startedAt));
}

/**
 * "Full jitter": a uniform wait in [0, min(cap, base × 2^(failures−1))], never shorter than the server's
 * Retry-After.
 */
export function backoffDelay(
  failures: number,
  opts: { baseMs: number; capMs: number; retryAfterMs?: number | undefined },
  random: () => number,
): number {
  if (failures <= 0) return 0;
  const ceiling = Math.min(opts.capMs, opts.baseMs * 2 ** Math.min(failures - 1, 30));
  const jittered = Math.round(random() * ceiling);
  return Math.max(jittered, Math.min(opts.retryAfterMs ?? 0, opts.capMs));
}
