/**
 * The embedded store is opened twice in one process when jobs run in a worker thread (the acking thread and the
 * job thread each have a connection to the same sqlite file): `add` must stay atomic across connections, and
 * each connection reads what the other wrote.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pino } from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { openStore } from '../../src/store/open-store.ts';
import type { Store } from '../../src/store/store.ts';

const log = pino({ level: 'silent' });
let dir: string | undefined;
const opened: Store[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((s) => s.close()));
  if (dir) await rm(dir, { recursive: true, force: true });
});

async function twoConnections(): Promise<[Store, Store]> {
  dir = await mkdtemp(join(tmpdir(), 'fieldline-sqlite-'));
  const url = { kind: 'sqlite' as const, path: join(dir, 'store.sqlite') };
  const a = await openStore(url, { log, keyPrefix: 'p:' });
  const b = await openStore(url, { log, keyPrefix: 'p:' });
  opened.push(a, b);
  return [a, b];
}

describe('sqlite store, two connections', () => {
  it('of many concurrent adds of one key across both connections exactly one wins', async () => {
    const [a, b] = await twoConnections();
    for (let round = 0; round < 20; round++) {
      const key = `claim-${round}`;
      const results = await Promise.all(
        Array.from({ length: 8 }, (_, i) => (i % 2 === 0 ? a : b).add(key, i, 60_000)),
      );
      expect(results.filter(Boolean)).toHaveLength(1);
    }
  });

  it('an expired claim can be taken again, from the other connection', async () => {
    const [a, b] = await twoConnections();
    expect(await a.add('k', 'first', 1)).toBe(true);
    await new Promise((r) => setTimeout(r, 5)); // the 1 ms TTL has passed (a time-based store rule, not a wait for work)
    expect(await b.add('k', 'second', 60_000)).toBe(true);
    expect(await a.get('k')).toBe('second');
    expect(await a.add('k', 'third', 60_000)).toBe(false);
  });

  it('each connection reads what the other wrote and deleted', async () => {
    const [a, b] = await twoConnections();
    await a.namespace('n').set('x', { v: 1 });
    expect(await b.namespace('n').get('x')).toEqual({ v: 1 });
    await b.namespace('n').delete('x');
    expect(await a.namespace('n').get('x')).toBeUndefined();
  });
});
