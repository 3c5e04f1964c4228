/**
 * Written readings (POST /reading, CSV import, admin) merged with the synthetic ones. A written reading is
 * invisible until its `visibleAt` — contract: readings rule 5 — "accepted for ingestion, not yet stored;
 * reading back may lag".
 */
import type { Source } from './model.ts';
import { gridCeil, gridFloor, syntheticEnd, syntheticValues } from './readings-synth.ts';
import type { ReadingValues, WrittenReading } from './types.ts';

export interface StoredRow {
  t: number;
  values: ReadingValues;
}

export interface ScanOptions {
  /** Inclusive bounds, epoch ms. */
  from: number;
  to: number;
  desc: boolean;
  /** Exclusive cursor: continue strictly after (asc) / before (desc) this instant. */
  after?: number;
  /** Extra filter (the daily hour window of relative mode). */
  accept?: (t: number) => boolean;
}

/**
 * Written values in the schema order — contract: readings rule 4; writable metrics omitted are null (rule 3);
 * calculated metrics have no value in a written reading (null in rows).
 */
export function normalise(source: Source, values: ReadingValues): ReadingValues {
  const out: ReadingValues = {};
  for (const metric of source.kind.metrics) out[metric.id] = values[metric.id] ?? null;
  return out;
}

export class ReadingsStore {
  private readonly written = new Map<string, WrittenReading[]>();
  readonly log: WrittenReading[] = [];

  constructor(private readonly now: () => number) {}

  add(reading: WrittenReading): void {
    this.log.push(reading);
    const list = this.written.get(reading.sourceId) ?? [];
    const index = lowerBound(list, reading.t);
    if (list[index]?.t === reading.t) list[index] = reading;
    else list.splice(index, 0, reading);
    this.written.set(reading.sourceId, list);
  }

  clear(): void {
    this.written.clear();
    this.log.length = 0;
  }

  private visibleWritten(source: Source): WrittenReading[] {
    const now = this.now();
    return (this.written.get(source.id) ?? []).filter((r) => r.visibleAt <= now);
  }

  /** Yields readings in time order, written readings winning over synthetic ones at the same instant. */
  *scan(source: Source, opts: ScanOptions): Generator<StoredRow> {
    const written = this.visibleWritten(source);
    let from = opts.from;
    let to = opts.to;
    if (opts.after !== undefined) {
      if (opts.desc) to = Math.min(to, opts.after - 1);
      else from = Math.max(from, opts.after + 1);
    }
    if (from > to) return;
    const synthFrom = source.readingsFromMs === null ? Infinity : Math.max(from, source.readingsFromMs);
    const synthTo = Math.min(to, syntheticEnd(source, this.now()));
    const step = opts.desc ? -source.intervalMs : source.intervalMs;
    let s = opts.desc ? gridFloor(source, synthTo) : gridCeil(source, synthFrom);
    const synthOk = (t: number) => t >= synthFrom && t <= synthTo;
    let w = opts.desc ? upperBound(written, to) - 1 : lowerBound(written, from);
    const wOk = (i: number) => {
      const r = written[i];
      return r !== undefined && r.t >= from && r.t <= to;
    };
    const accept = opts.accept ?? (() => true);
    while (synthOk(s) || wOk(w)) {
      const wr = wOk(w) ? written[w] : undefined;
      const useWritten = wr !== undefined && (!synthOk(s) || (opts.desc ? wr.t >= s : wr.t <= s));
      let row: StoredRow;
      if (useWritten) {
        if (synthOk(s) && wr.t === s) s += step;
        w += opts.desc ? -1 : 1;
        row = { t: wr.t, values: normalise(source, wr.values) };
      } else {
        row = { t: s, values: syntheticValues(source, s) };
        s += step;
      }
      if (accept(row.t)) yield row;
    }
  }

  latest(source: Source): StoredRow | null {
    for (const row of this.scan(source, { from: -Infinity, to: this.now(), desc: true })) return row;
    return null;
  }

  /** Sources that have any reading at all (synthetic or visible written). */
  hasAny(source: Source): boolean {
    return this.latest(source) !== null;
  }
}

function lowerBound(list: { t: number }[], t: number): number {
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((list[mid]?.t ?? Infinity) < t) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

function upperBound(list: { t: number }[], t: number): number {
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((list[mid]?.t ?? Infinity) <= t) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
