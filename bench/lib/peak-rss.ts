/** Samples a benchmark child's RSS (its `rss` request) every `intervalMs` until stopped; returns the peak. */
import type { Child } from './child.ts';

export function samplePeakRss(child: Child, intervalMs = 250): { stop(): Promise<number> } {
  let peak = 0;
  let stopped = false;
  const loop = (async () => {
    while (!stopped) {
      peak = Math.max(peak, await child.request<number>('rss').catch(() => 0));
      await new Promise((resolve) => setTimeout(resolve, intervalMs));
    }
  })();
  return {
    async stop() {
      stopped = true;
      await loop;
      return peak;
    },
  };
}
