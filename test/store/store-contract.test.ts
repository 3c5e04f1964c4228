import { chmod, mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { StoreUrl } from '../../src/base/config.ts';
import { createLogger } from '../../src/base/log.ts';
import { openStore } from '../../src/store/open-store.ts';
import type { Store } from '../../src/store/store.ts';
import { redisUrl } from '../setup/redis-url.ts';
import { clearRedisPrefix } from '../fixtures/redis-keys.ts';

const log = createLogger({ level: 'silent' });
const runPrefix = `fieldline-test:${randomUUID()}:`;
const redis = redisUrl();
let tempDir: string;

const backends: { name: string; url: () => StoreUrl }[] = [
  { name: 'memory', url: () => ({ kind: 'memory' }) },
  {
    name: 'sqlite',
    url: () => ({ kind: 'sqlite', path: join(tempDir, 'nested', 'folder', 'state.sqlite') }),
  },
  { name: 'redis', url: () => ({ kind: 'redis', url: redis ?? '' }) },
];

// Without a Redis (test/setup/redis.ts says once why) the redis backend's tests skip.
for (const { name, url } of backends)
  describe.skipIf(name === 'redis' && !redis)(`${name} store`, () => {
    let store: Store;

    beforeEach(async () => {
      tempDir = await mkdtemp(join(tmpdir(), 'fieldline-store-'));
      store = await openStore(url(), { log, keyPrefix: `${runPrefix}${randomUUID()}:` });
    });
    afterEach(async () => {
      await store.close();
      await rm(tempDir, { recursive: true, force: true });
    });

    it('reports its kind and answers ping', async () => {
      expect(store.kind).toBe(name);
      await expect(store.ping()).resolves.toBeUndefined();
    });

    it('round-trips JSON values and reports a miss as undefined', async () => {
      const value = { site: 'North', ids: ['1', '2'], nested: { n: 3.5, flag: true, none: null } };
      await store.set('k', value);
      expect(await store.get('k')).toEqual(value);
      expect(await store.get('absent')).toBeUndefined();
    });

    it('returns copies, so mutating a read value changes nothing stored', async () => {
      await store.set('k', { list: [1] });
      const read = await store.get<{ list: number[] }>('k');
      read?.list.push(2);
      expect(await store.get('k')).toEqual({ list: [1] });
    });

    it('expires a value after its TTL', async () => {
      await store.set('short', 'v', 50);
      await store.set('long', 'v', 60_000);
      await new Promise((resolve) => setTimeout(resolve, 120));
      expect(await store.get('short')).toBeUndefined();
      expect(await store.get('long')).toBe('v');
    });

    it('deletes and says whether something was deleted', async () => {
      await store.set('k', 1);
      expect(await store.delete('k')).toBe(true);
      expect(await store.get('k')).toBeUndefined();
    });

    it('add sets only when absent, and again after the TTL lapsed', async () => {
      expect(await store.add('lock', 'a', 50)).toBe(true);
      expect(await store.add('lock', 'b', 50)).toBe(false);
      expect(await store.get('lock')).toBe('a');
      await new Promise((resolve) => setTimeout(resolve, 120));
      expect(await store.add('lock', 'c')).toBe(true);
      expect(await store.get('lock')).toBe('c');
    });

    it('lets exactly one of many concurrent adds win', async () => {
      const results = await Promise.all(Array.from({ length: 20 }, (_, i) => store.add('once', i, 60_000)));
      expect(results.filter(Boolean)).toHaveLength(1);
    });

    it('keeps namespaces apart from each other and from the root', async () => {
      const a = store.namespace('a');
      const b = store.namespace('b');
      await a.set('k', 'in a');
      await b.set('k', 'in b');
      expect(await a.get('k')).toBe('in a');
      expect(await b.get('k')).toBe('in b');
      expect(await store.get('k')).toBeUndefined();
      expect(await store.get('a:k')).toBe('in a');
      expect(await a.namespace('deeper').add('k', 1)).toBe(true);
      expect(await store.get('a:deeper:k')).toBe(1);
    });

    it('update applies every one of many concurrent changes to one key (no lost update)', async () => {
      const added = await Promise.all(
        Array.from({ length: 32 }, (_, i) =>
          store.update<string[]>('set', (cur) => [...(cur ?? []), `c${i}`].sort()),
        ),
      );
      expect(added.every((v) => v !== undefined)).toBe(true);
      const stored = await store.get<string[]>('set');
      expect(stored).toHaveLength(32);
      expect(new Set(stored)).toEqual(new Set(Array.from({ length: 32 }, (_, i) => `c${i}`)));
    });

    it('update through a second store on the same backend loses nothing either', async () => {
      if (name === 'memory') return; // one process, one map: the job thread reaches it through the proxy (tested there)
      const prefix = `${runPrefix}${randomUUID()}:`;
      const a = await openStore(url(), { log, keyPrefix: prefix });
      const b = await openStore(url(), { log, keyPrefix: prefix });
      try {
        await Promise.all(
          Array.from({ length: 24 }, (_, i) =>
            (i % 2 ? a : b).update<Record<string, number>>('counts', (cur) => ({ ...cur, [`k${i}`]: i })),
          ),
        );
        expect(Object.keys((await a.get<Record<string, number>>('counts')) ?? {})).toHaveLength(24);
      } finally {
        await Promise.all([a.close(), b.close()]);
      }
    });

    it('update writes nothing when the change returns what it read, deletes on undefined, keeps the TTL', async () => {
      expect(await store.update<number>('n', (cur) => (cur ?? 0) + 1)).toBe(1);
      const entry = await store.readEntry('n');
      expect(await store.update<number>('n', (cur) => cur)).toBe(1);
      expect(await store.readEntry('n')).toBe(entry);
      expect(await store.update<number>('n', () => undefined)).toBeUndefined();
      expect(await store.get('n')).toBeUndefined();
      expect(await store.update<number>('n', (cur) => cur)).toBeUndefined();
      await store.update('short', () => 'v', 50);
      await new Promise((resolve) => setTimeout(resolve, 120));
      expect(await store.get('short')).toBeUndefined();
      // An expired value reads as absent inside update too.
      expect(await store.update<string>('short', (cur) => cur ?? 'fresh')).toBe('fresh');
    });

    it('update gives the change a copy: changing its argument in place still counts as a change', async () => {
      await store.set('list', [1]);
      await store.update<number[]>('list', (cur) => {
        cur?.push(2);
        return cur;
      });
      expect(await store.get('list')).toEqual([1, 2]);
    });

    it('add and update agree on what is stored', async () => {
      expect(await store.add('claim', { by: 'a' }, 60_000)).toBe(true);
      expect(await store.update<{ by: string; n?: number }>('claim', (c) => c && { ...c, n: 1 })).toEqual({
        by: 'a',
        n: 1,
      });
      expect(await store.add('claim', { by: 'b' }, 60_000)).toBe(false);
    });

    it('rejects a non-positive TTL instead of storing forever', async () => {
      await expect(store.set('k', 1, 0)).rejects.toThrow(RangeError);
      await expect(store.add('k', 1, -5)).rejects.toThrow(RangeError);
    });
  });

describe('sqlite store file', () => {
  it('creates the missing folders and the database file', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'fieldline-sqlite-'));
    const path = join(dir, 'a', 'b', 'fieldline.sqlite');
    const store = await openStore({ kind: 'sqlite', path }, { log });
    await store.set('k', 'persisted');
    await store.close();
    expect((await stat(path)).isFile()).toBe(true);
    const reopened = await openStore({ kind: 'sqlite', path }, { log });
    expect(await reopened.get('k')).toBe('persisted');
    await reopened.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('creates the file (and its WAL files) owner-only, and the folders it creates 0700', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'fieldline-sqlite-'));
    const path = join(dir, 'a', 'b', 'fieldline.sqlite');
    const store = await openStore({ kind: 'sqlite', path }, { log });
    try {
      await store.set('k', 'names and emails');
      const mode = async (p: string) => (await stat(p)).mode & 0o777;
      expect(await mode(path)).toBe(0o600);
      expect(await mode(`${path}-wal`)).toBe(0o600);
      expect(await mode(join(dir, 'a', 'b'))).toBe(0o700);
      expect(await mode(join(dir, 'a'))).toBe(0o700);
    } finally {
      await store.close();
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('makes an existing world-readable store file owner-only', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'fieldline-sqlite-'));
    const path = join(dir, 'fieldline.sqlite');
    await writeFile(path, '', { mode: 0o644 });
    await chmod(path, 0o644);
    const store = await openStore({ kind: 'sqlite', path }, { log });
    try {
      expect((await stat(path)).mode & 0o777).toBe(0o600);
    } finally {
      await store.close();
      await rm(dir, { recursive: true, force: true });
    }
  });
});

afterAll(async () => {
  // Belt and braces: nothing of this run may stay in the Redis (REDIS_URL may be a shared one).
  if (redis) await clearRedisPrefix(redis, runPrefix);
});
