/** /source's records kept briefly per acting scope: reused within the minute, never across scopes, bounded. */
import { describe, expect, it } from 'vitest';
import type { DataSource } from '../../src/monitoring/api.ts';
import { RecentCache } from '../../src/readings/rules/recent-cache.ts';
import { createSourceRecords, RECORD_MAX, RECORD_TTL_MS } from '../../src/readings/service/source-records.ts';

function recordsAt(start = 1_000_000) {
  const clock = { t: start, scope: 'person:T1:U1' };
  const fetched: string[] = [];
  const records = createSourceRecords(
    () => clock.scope,
    () => clock.t,
  );
  // each fetch answers a new object naming the scope it was fetched for
  const load = (id: string) =>
    records.get(id, 'plain', () => {
      fetched.push(`${clock.scope}/${id}`);
      return Promise.resolve({ id, name: `${id} as seen by ${clock.scope}` } as DataSource);
    });
  return { clock, fetched, records, load };
}

describe('source records per scope', () => {
  it('answers a record asked again within the minute from memory, for the same scope', async () => {
    const { clock, fetched, load } = recordsAt();
    const first = await load('1008');
    clock.t += RECORD_TTL_MS;
    expect(await load('1008')).toBe(first);
    expect(fetched).toEqual(['person:T1:U1/1008']);
  });

  it('never answers one scope with a record fetched with another scope’s key', async () => {
    const { clock, fetched, load } = recordsAt();
    await load('1008');
    clock.scope = 'person:T1:U2';
    const other = await load('1008');
    expect(other.name).toBe('1008 as seen by person:T1:U2');
    expect(fetched).toEqual(['person:T1:U1/1008', 'person:T1:U2/1008']);
  });

  it('fetches again once the record is older than the minute', async () => {
    const { clock, fetched, load } = recordsAt();
    await load('1008');
    clock.t += RECORD_TTL_MS + 1;
    await load('1008');
    expect(fetched).toEqual(['person:T1:U1/1008', 'person:T1:U1/1008']);
  });

  it('forgets every scope’s copy of a record written to, and only that record', async () => {
    const { clock, fetched, records, load } = recordsAt();
    await load('1');
    await load('10');
    clock.scope = 'shared';
    await load('1');
    records.forget('1');
    await load('1');
    clock.scope = 'person:T1:U1';
    await load('1');
    await load('10');
    expect(fetched).toEqual(['person:T1:U1/1', 'person:T1:U1/10', 'shared/1', 'shared/1', 'person:T1:U1/1']);
  });

  it('remembers nothing from a failed fetch', async () => {
    const { fetched, records, load } = recordsAt();
    await expect(records.get('7', 'plain', () => Promise.reject(new Error('platform down')))).rejects.toThrow(
      'platform down',
    );
    await load('7');
    expect(fetched).toEqual(['person:T1:U1/7']);
  });

  it('keeps at most RECORD_MAX records, dropping the least recently used', async () => {
    const { fetched, load } = recordsAt();
    for (let i = 1; i <= RECORD_MAX; i++) await load(String(i));
    await load('1'); // used again: now the most recent
    await load('new');
    fetched.length = 0;
    await load('1');
    await load('2');
    expect(fetched).toEqual(['person:T1:U1/2']);
  });
});

describe('source record forms', () => {
  it('keeps the listed and the schema form apart, and a fresh read replaces what was kept', async () => {
    const { clock, fetched, records, load } = recordsAt();
    await load('1008');
    expect(records.peek('1008', 'schema')).toBeUndefined();
    const fresh = { id: '1008', name: 'with schema' } as DataSource;
    records.put('1008', 'schema', fresh);
    expect(records.peek('1008', 'schema')).toBe(fresh);
    expect((await load('1008')).name).toBe('1008 as seen by person:T1:U1');
    clock.scope = 'shared';
    expect(records.peek('1008', 'schema')).toBeUndefined();
    clock.scope = 'person:T1:U1';
    records.forget('1008');
    expect(records.peek('1008', 'schema')).toBeUndefined();
    expect(fetched).toEqual(['person:T1:U1/1008']);
  });
});

describe('recent cache', () => {
  it('drops an expired entry when it is read', () => {
    const clock = { t: 0 };
    const cache = new RecentCache<string>({ max: 4, ttlMs: 100, now: () => clock.t });
    cache.set('a', 'A');
    clock.t = 101;
    expect(cache.get('a')).toBeUndefined();
    expect(cache.size).toBe(0);
  });
});
