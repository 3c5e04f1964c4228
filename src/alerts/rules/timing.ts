/** Pure timing rules of the poller: jittered interval and full-jitter backoff honouring Retry-After. */

/** interval × (1 ± jitter), random() in [0, 1). */
export function jitteredInterval(intervalMs: number, jitter: number, random: () => number): number {
  return Math.max(0, Math.round(intervalMs * (1 + jitter * (2 * random() - 1))));
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
