/** The near cache (src/store/near-cache.ts): memory answers for a while, the store stays the truth. */
import { describe, expect, it } from 'vitest';
import { openStore } from '../../src/store/open-store.ts';
import { withNearCache } from '../../src/store/near-cache.ts';
import type { Store } from '../../src/store/store.ts';
import { createLogger } from '../../src/base/log.ts';

const log = createLogger({ level: 'silent' });

/** Counts what reaches the store underneath. */
function counted(store: Store, calls: string[]): Store {
  const view = (s: Store, p: string): Store => ({
    ...s,
    kind: s.kind,
    get: (k) => (calls.push(`get ${p}${k}`), s.get(k)),
    set: (k, v, t) => (calls.push(`set ${p}${k}`), s.set(k, v, t)),
    delete: (k) => (calls.push(`delete ${p}${k}`), s.delete(k)),
    add: (k, v, t) => (calls.push(`add ${p}${k}`), s.add(k, v, t)),
    update: (k, f, t) => (calls.push(`update ${p}${k}`), s.update(k, f, t)),
    readEntry: (k) => s.readEntry(k),
    swapEntry: (k, e, n, t) => s.swapEntry(k, e, n, t),
    namespace: (n) => view(s.namespace(n), `${p}${n}:`),
    ping: () => s.ping(),
    close: () => s.close(),
  });
  return view(store, '');
}

async function setUp(max = 100) {
  const raw = await openStore({ kind: 'memory' }, { log });
  const calls: string[] = [];
  let t = 1_000;
  const near = withNearCache(counted(raw, calls), { ttlMs: 30_000, max, now: () => t });
  return { raw, near, calls, advance: (ms: number) => (t += ms) };
}

describe('near cache', () => {
  it('answers a value it read from memory until its time is up, then reads the store again', async () => {
    const s = await setUp();
    await s.raw.namespace('access').set('decision:T:U', { refusal: null });
    const ns = s.near.namespace('access');
    expect(await ns.get('decision:T:U')).toEqual({ refusal: null });
    expect(await ns.get('decision:T:U')).toEqual({ refusal: null });
    expect(s.calls).toEqual(['get access:decision:T:U']);
    await s.raw.namespace('access').set('decision:T:U', { refusal: 'guest' });
    s.advance(30_001);
    expect(await ns.get('decision:T:U')).toEqual({ refusal: 'guest' });
    expect(s.calls).toHaveLength(2);
  });

  it('remembers an absent value too', async () => {
    const s = await setUp();
    expect(await s.near.get('x')).toBeUndefined();
    expect(await s.near.get('x')).toBeUndefined();
    expect(s.calls).toEqual(['get x']);
  });

  it('writes through, skipping only a write of the same value with the same TTL it made recently', async () => {
    const s = await setUp();
    await s.near.set('d', { refusal: null }, 300_000);
    await s.near.set('d', { refusal: null }, 300_000);
    await s.near.set('d', { refusal: 'guest' }, 300_000);
    await s.near.set('d', { refusal: 'guest' }, 60_000);
    expect(s.calls).toEqual(['set d', 'set d', 'set d']);
    s.advance(30_001);
    await s.near.set('d', { refusal: 'guest' }, 60_000);
    expect(s.calls).toHaveLength(4);
    expect(await s.raw.get('d')).toEqual({ refusal: 'guest' });
  });

  it('never answers a claim from memory, and forgets what is claimed or deleted', async () => {
    const s = await setUp();
    expect(await s.near.add('k', 1)).toBe(true);
    expect(await s.near.add('k', 2)).toBe(false);
    expect(await s.near.get('k')).toBe(1);
    expect(await s.near.delete('k')).toBe(true);
    expect(await s.near.get('k')).toBeUndefined();
    expect(s.calls).toEqual(['add k', 'add k', 'get k', 'delete k', 'get k']);
  });

  it('hands out copies: changing a value read does not change what memory answers', async () => {
    const s = await setUp();
    await s.near.set('v', { list: [1] });
    const read = await s.near.get<{ list: number[] }>('v');
    read?.list.push(2);
    expect(await s.near.get('v')).toEqual({ list: [1] });
  });

  it('keeps at most `max` entries, forgetting the oldest first', async () => {
    const s = await setUp(2);
    for (const k of ['a', 'b', 'c']) await s.near.set(k, k);
    s.calls.length = 0;
    expect(await s.near.get('c')).toBe('c');
    expect(await s.near.get('a')).toBe('a');
    expect(s.calls).toEqual(['get a']);
  });
});
