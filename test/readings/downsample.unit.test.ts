import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { Downsampler } from '../../src/readings/rules/downsample.ts';

describe('Downsampler', () => {
  it('keeps per-bucket min and max so spikes survive', () => {
    const d = new Downsampler(0, 1000, 10);
    for (let t = 0; t < 1000; t += 1) d.add('m', t, t === 555 ? 99 : 1);
    const [series] = d.result();
    expect(series?.buckets).toHaveLength(10);
    expect(series?.buckets[5]).toEqual({ startMs: 500, min: 1, max: 99, count: 100 });
  });

  it('ignores values outside the range, strings and nulls, and caps the number of series', () => {
    const d = new Downsampler(0, 100, 4, 2);
    d.add('a', -1, 5);
    d.add('a', 100, 5);
    d.add('a', 10, 'text');
    d.add('a', 10, null);
    d.add('b', 10, 1);
    d.add('c', 10, 1);
    d.add('d', 10, 1);
    const out = d.result();
    expect(out.map((s) => s.metricId)).toEqual(['b', 'c']);
    expect(d.result().every((s) => s.buckets.length === 1)).toBe(true);
  });

  it('never yields more buckets than asked, whatever the row count', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 86_399_999 }), { maxLength: 2000 }),
        fc.integer({ min: 1, max: 300 }),
        (times, n) => {
          const d = new Downsampler(0, 86_400_000, n);
          for (const t of times) d.add('m', t, t % 97);
          const buckets = d.result()[0]?.buckets ?? [];
          expect(buckets.length).toBeLessThanOrEqual(n);
          expect(buckets.reduce((a, b) => a + b.count, 0)).toBe(times.length);
        },
      ),
    );
  });
});
