/**
 * The ack benchmark's fieldline app serves /metrics (issue 42), and the load generator scrapes it every few seconds
 * while a run goes on, as a Prometheus would from its own process: the exposition's cost lands in the app, a
 * client's does not.
 */

/** /metrics' bearer token in the bench app (any 16+ characters). */
export const BENCH_METRICS_TOKEN = 'bench-metrics-token-0123456789';
/** Every 5 s (Prometheus' default is 15 s: the bench is the harsher). */
export const SCRAPE_EVERY_MS = 5_000;

/** Scrapes `appUrl`'s /metrics every SCRAPE_EVERY_MS until the returned stop() is called; how many answered. */
export function scrapeWhileRunning(appUrl: string): { stop(): number } {
  const url = new URL('/metrics', appUrl);
  let answered = 0;
  const timer = setInterval(() => {
    fetch(url, { headers: { authorization: `Bearer ${BENCH_METRICS_TOKEN}` } })
      .then(async (res) => {
        await res.arrayBuffer();
        if (res.ok) answered += 1;
      })
      .catch(() => undefined);
  }, SCRAPE_EVERY_MS);
  return {
    stop() {
      clearInterval(timer);
      return answered;
    },
  };
}
