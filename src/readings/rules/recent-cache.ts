/**
 * A small in-memory cache of recent answers: at most `max` entries, each kept `ttlMs` after it was stored, the
 * least recently used dropped first. The clock is a parameter, so tests move time by hand.
 */
export interface RecentCacheOptions {
  max: number;
  ttlMs: number;
  now: () => number;
}

export class RecentCache<V> {
  private readonly entries = new Map<string, { value: V; at: number }>();

  constructor(private readonly opts: RecentCacheOptions) {}

  get(key: string): V | undefined {
    const hit = this.entries.get(key);
    if (!hit) return undefined;
    if (this.opts.now() - hit.at > this.opts.ttlMs) {
      this.entries.delete(key);
      return undefined;
    }
    // most recently used last: the first key is the one dropped when full
    this.entries.delete(key);
    this.entries.set(key, hit);
    return hit.value;
  }

  set(key: string, value: V): void {
    this.entries.delete(key);
    this.entries.set(key, { value, at: this.opts.now() });
    for (const oldest of this.entries.keys()) {
      if (this.entries.size <= this.opts.max) break;
      this.entries.delete(oldest);
    }
  }

  /** Drops every entry whose key `matches` (e.g. all scopes' copies of one record after a write). */
  forget(matches: (key: string) => boolean): void {
    for (const key of [...this.entries.keys()]) if (matches(key)) this.entries.delete(key);
  }

  get size(): number {
    return this.entries.size;
  }
}
