/**
 * Issue 39: a relay notices a platform change within one poll interval. Jitter only shortens the wait (relays and
 * replicas still spread their polls), and a plain interval counts from the cycle's start, so a slow read does not
 * stretch the period; a backoff is waited in full.
 */
import { describe, expect, it } from 'vitest';
import { jitteredInterval, waitAfterCycle } from '../../src/alerts/rules/timing.ts';

describe('the poll schedule', () => {
  it('never waits longer than the interval, and spreads waits over the jitter below it', () => {
    const waits = [0, 0.25, 0.5, 0.999].map((r) => jitteredInterval(10_000, 0.2, () => r));
    expect(Math.max(...waits)).toBeLessThanOrEqual(10_000);
    expect(Math.min(...waits)).toBeGreaterThanOrEqual(8_000);
    expect(new Set(waits).size).toBe(4);
  });

  it('counts a plain interval from the cycle’s start, a backoff from its end', () => {
    expect(waitAfterCycle({ delayMs: 10_000, backingOff: false }, 1_000, 4_000)).toBe(7_000);
    expect(waitAfterCycle({ delayMs: 10_000, backingOff: false }, 1_000, 20_000)).toBe(0);
    expect(waitAfterCycle({ delayMs: 10_000, backingOff: true }, 1_000, 4_000)).toBe(10_000);
  });
});
