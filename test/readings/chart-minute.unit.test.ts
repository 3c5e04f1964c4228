/**
 * "last 24 h" asked twice within one minute is one chart: the subtitle names the range to the minute, so the chart
 * kept by what it shows (src/readings/chart/chart-cache.ts) is drawn once, not once per second.
 */
import { describe, expect, it } from 'vitest';
import { chartKey } from '../../src/readings/chart/chart-cache.ts';
import { ChartInputBuilder } from '../../src/readings/rules/chart-input.ts';
import { Downsampler } from '../../src/readings/rules/downsample.ts';
import { resolveRange } from '../../src/readings/rules/range.ts';

const ZONE = 'Europe/Berlin';
const MINUTE = 60_000;

/** The chart of one-minute readings (every minute at :00) for "last 24 h" asked at `nowMs`. */
function chartAt(nowMs: number) {
  const range = resolveRange({ kind: 'last', amount: 24, unit: 'h' }, ZONE, nowMs);
  const down = new Downsampler(range.startMs, range.endMs);
  const first = Math.ceil(range.startMs / MINUTE) * MINUTE;
  for (let t = first; t <= range.endMs; t += MINUTE) down.add('m0', t, Math.sin(t / 3_600_000));
  const chart = new ChartInputBuilder('Boiler 1', range, ZONE).build(down, [
    { metricId: 'm0', label: 'Temperature', unit: '°C', kind: 'number', required: false },
  ]);
  if (!chart) throw new Error('no chart');
  return chart;
}

describe('chart of a relative range', () => {
  const at = Date.parse('2026-11-27T10:05:10Z');

  it('names the range to the minute', () => {
    expect(chartAt(at).subtitle).toBe('last 24 h · 2026-11-26 11:05 → 2026-11-27 11:05 (Europe/Berlin)');
  });

  it('is the same picture when asked again within the minute, and a new one the next minute', () => {
    expect(chartKey(chartAt(at + 20_000))).toBe(chartKey(chartAt(at)));
    expect(chartKey(chartAt(at + MINUTE))).not.toBe(chartKey(chartAt(at)));
  });
});
