/**
 * Bucketed min/max downsampling for charts. The time range is cut into a fixed number of buckets up front;
 * each numeric value only updates its bucket's min, max and count. Memory and chart size are
 * O(buckets × series) whatever the row count, and spikes survive (unlike averaging).
 */

export interface Bucket {
  /** Bucket start, epoch ms. */
  startMs: number;
  min: number;
  max: number;
  count: number;
}

export interface SeriesBuckets {
  metricId: string;
  /** Buckets holding at least one value, in time order. */
  buckets: Bucket[];
}

export const DEFAULT_BUCKETS = 240;
/** At most this many series are charted; the rest are summarised in text only. */
export const MAX_SERIES = 8;

export class Downsampler {
  private readonly width: number;
  private readonly series = new Map<string, Float64Array>();
  private readonly order: string[] = [];

  constructor(
    readonly startMs: number,
    readonly endMs: number,
    readonly bucketCount: number = DEFAULT_BUCKETS,
    readonly maxSeries: number = MAX_SERIES,
  ) {
    if (!(endMs > startMs)) throw new Error('Downsampler needs endMs > startMs');
    if (!Number.isInteger(bucketCount) || bucketCount < 1)
      throw new Error('bucketCount must be a positive integer');
    this.width = (endMs - startMs) / bucketCount;
  }

  /** Index of the bucket holding `atMs`, or -1 outside the range. */
  bucketOf(atMs: number): number {
    if (atMs < this.startMs || atMs >= this.endMs) return -1;
    return Math.min(this.bucketCount - 1, Math.floor((atMs - this.startMs) / this.width));
  }

  /** Adds one value. Strings, nulls and non-finite numbers are ignored (they are not charted). */
  add(metricId: string, atMs: number, value: unknown): void {
    if (typeof value !== 'number' || !Number.isFinite(value)) return;
    const i = this.bucketOf(atMs);
    if (i < 0) return;
    const cells = this.cells(metricId);
    if (!cells) return;
    const base = i * 3;
    const count = cells[base + 2] ?? 0;
    if (count === 0 || value < (cells[base] ?? value)) cells[base] = value;
    if (count === 0 || value > (cells[base + 1] ?? value)) cells[base + 1] = value;
    cells[base + 2] = count + 1;
  }

  // Three cells per bucket (min, max, count) in one typed array: fixed memory per series.
  private cells(metricId: string): Float64Array | undefined {
    let cells = this.series.get(metricId);
    if (!cells) {
      if (this.order.length >= this.maxSeries) return undefined;
      cells = new Float64Array(this.bucketCount * 3);
      this.series.set(metricId, cells);
      this.order.push(metricId);
    }
    return cells;
  }

  result(): SeriesBuckets[] {
    return this.order.map((metricId) => {
      const cells = this.series.get(metricId) ?? new Float64Array(0);
      const buckets: Bucket[] = [];
      for (let i = 0; i < this.bucketCount; i++) {
        const count = cells[i * 3 + 2] ?? 0;
        if (count === 0) continue;
        buckets.push({
          startMs: this.startMs + i * this.width,
          min: cells[i * 3] ?? 0,
          max: cells[i * 3 + 1] ?? 0,
          count,
        });
      }
      return { metricId, buckets };
    });
  }

  /** Width of one bucket in ms. */
  get bucketMs(): number {
    return this.width;
  }
}
