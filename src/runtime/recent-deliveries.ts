/**
 * The deliveries this process saw in the last few minutes, by dedupe key (./dedupe.ts): with a store only this
 * process writes (sqlite, memory), a repeat is told on the ack path from memory, and the store's durable claim is
 * made where the work runs instead of before the ack. Bounded: one TTL for all (insertion order is expiry order),
 * and at most `max` keys — a repeat older than that is still caught by the durable claim before any work is done.
 */
export const RECENT_MS = 10 * 60_000;

export class RecentDeliveries {
  private readonly until = new Map<string, number>();

  constructor(
    private readonly max = 50_000,
    private readonly now: () => number = Date.now,
  ) {}

  /** True the first time `key` is seen within RECENT_MS. */
  add(key: string): boolean {
    const now = this.now();
    const until = this.until.get(key);
    if (until !== undefined && until > now) return false;
    this.until.delete(key);
    this.until.set(key, now + RECENT_MS);
    for (const [k, at] of this.until) {
      if (at > now && this.until.size <= this.max) break;
      this.until.delete(k);
    }
    return true;
  }

  delete(key: string): void {
    this.until.delete(key);
  }
}
