/**
 * The audit trail under concurrent writes (issue 42): jobs recording at once in one thread share an hour's key, so
 * entries are appended in batches, one update in flight at a time — none is lost, and far fewer updates than
 * entries reach the store (each entry alone made the jobs retry the compare-and-set on a growing record).
 */
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { createAuditTrail, MAX_PER_HOUR } from '../../src/ops/audit/audit-trail.ts';
import { openStore } from '../../src/store/open-store.ts';
import type { Store } from '../../src/store/store.ts';

const log = pino({ level: 'silent' });
const NOW = Date.parse('2026-12-06T10:15:00Z');
const who = {
  actor: 'person' as const,
  slackUser: 'U0ANA',
  platformUser: null,
  workspace: 'T0FIELD',
  channel: null,
};

/** Counts the updates that reach the audit namespace. */
function counting(store: Store): { store: Store; updates: () => number } {
  let n = 0;
  const wrap = (s: Store): Store =>
    new Proxy(s, {
      get(target, prop, receiver) {
        if (prop === 'update')
          return (...args: Parameters<Store['update']>) => {
            n += 1;
            return target.update(...args);
          };
        if (prop === 'namespace') return (name: string) => wrap(target.namespace(name));
        return Reflect.get(target, prop, receiver) as unknown;
      },
    });
  return { store: wrap(store), updates: () => n };
}

describe('audit trail batching', () => {
  it('64 entries recorded at once are all kept, in fewer updates than entries', async () => {
    const raw = await openStore({ kind: 'memory' }, { log, keyPrefix: 'a:' });
    const { store, updates } = counting(raw);
    const trail = createAuditTrail({ store, now: () => NOW, log, retentionDays: 90, who: async () => who });
    await Promise.all(
      Array.from({ length: 64 }, (_, i) => trail.record('task.created', { platformId: String(3000 + i) })),
    );
    const read = await trail.read('T0FIELD', { sinceMs: NOW - 3_600_000, limit: 100 });
    expect(read.entries.map((e) => e.platformId).sort()).toEqual(
      Array.from({ length: 64 }, (_, i) => String(3000 + i)).sort(),
    );
    expect(updates()).toBeLessThan(64);
    expect(updates()).toBeGreaterThan(0);
  });

  it('a full hour keeps MAX_PER_HOUR entries and counts the rest, batch or not', async () => {
    const store = await openStore({ kind: 'memory' }, { log, keyPrefix: 'b:' });
    const trail = createAuditTrail({ store, now: () => NOW, log, retentionDays: 90, who: async () => who });
    await Promise.all(
      Array.from({ length: MAX_PER_HOUR + 7 }, (_, i) =>
        trail.record('reading.written', { platformId: `m${i}` }),
      ),
    );
    const read = await trail.read('T0FIELD', { sinceMs: NOW - 3_600_000, limit: MAX_PER_HOUR + 10 });
    expect(read.entries).toHaveLength(MAX_PER_HOUR);
    expect(read.dropped).toBe(7);
  });
});
