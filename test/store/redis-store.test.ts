import { spawn, spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { createClient } from '@redis/client';
import { afterAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../src/log.ts';
import { openStore } from '../../src/store/open-store.ts';
import { StoreUnavailableError } from '../../src/store/store.ts';
import { waitFor } from '../harness.ts';

const log = createLogger({ level: 'silent' });
const prefix = `fieldline-test:${randomUUID()}:`;

describe('redis store', () => {
  it('turns an unreachable server into StoreUnavailableError on every call, never a miss', async () => {
    // Nothing listens on 6390.
    const store = await openStore(
      { kind: 'redis', url: 'redis://127.0.0.1:6390' },
      { log, keyPrefix: prefix, connectTimeoutMs: 300 },
    );
    await expect(store.get('k')).rejects.toBeInstanceOf(StoreUnavailableError);
    await expect(store.set('k', 1)).rejects.toBeInstanceOf(StoreUnavailableError);
    await expect(store.add('k', 1, 1000)).rejects.toBeInstanceOf(StoreUnavailableError);
    await expect(store.delete('k')).rejects.toBeInstanceOf(StoreUnavailableError);
    await expect(store.ping()).rejects.toBeInstanceOf(StoreUnavailableError);
    await expect(store.namespace('ns').get('k')).rejects.toMatchObject({ code: 'STORE_UNAVAILABLE' });
    await store.close();
  });

  it('lets only one of two replicas win add (SET NX) and stores it with its TTL', async () => {
    const url = { kind: 'redis' as const, url: 'redis://127.0.0.1:6379' };
    const [a, b] = await Promise.all([
      openStore(url, { log, keyPrefix: prefix }),
      openStore(url, { log, keyPrefix: prefix }),
    ]);
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) => (i % 2 ? a : b).add('event:Ev1', i, 60_000)),
    );
    expect(results.filter(Boolean)).toHaveLength(1);

    const raw = createClient({ url: url.url });
    await raw.connect();
    const ttl = await raw.pTTL(`${prefix}event:Ev1`);
    expect(ttl).toBeGreaterThan(50_000);
    expect(ttl).toBeLessThanOrEqual(60_000);
    await raw.close();

    expect(await b.get('event:Ev1')).toBe(await a.get('event:Ev1'));
    await Promise.all([a.close(), b.close()]);
  });

  it('reads across replicas what another replica set', async () => {
    const url = { kind: 'redis' as const, url: 'redis://127.0.0.1:6379' };
    const a = await openStore(url, { log, keyPrefix: prefix });
    const b = await openStore(url, { log, keyPrefix: prefix });
    await a.namespace('subs').set('C1', { alerts: true });
    expect(await b.namespace('subs').get('C1')).toEqual({ alerts: true });
    await Promise.all([a.close(), b.close()]);
  });
});

const hasRedisServer = spawnSync('redis-server', ['--version']).status === 0;

/** A throwaway redis-server on its own port, so that this test can stop and restart it. */
async function ownRedis(port: number): Promise<{ stop(): Promise<void> }> {
  const child = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    {
      stdio: 'ignore',
    },
  );
  const probe = createClient({ url: `redis://127.0.0.1:${port}`, socket: { reconnectStrategy: false } });
  await waitFor(async () => {
    try {
      await probe.connect();
      await probe.close();
      return true;
    } catch {
      return false;
    }
  });
  return {
    stop: () =>
      new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGKILL');
      }),
  };
}

describe.skipIf(!hasRedisServer)('redis store across an outage (needs the redis-server binary)', () => {
  it('fails loudly while Redis is down and works again once it is back', async () => {
    // A port of its own, so parallel test files (replicas) cannot collide with it.
    const port = 20_000 + Math.floor(Math.random() * 20_000);
    let server = await ownRedis(port);
    const store = await openStore(
      { kind: 'redis', url: `redis://127.0.0.1:${port}` },
      { log, keyPrefix: prefix, connectTimeoutMs: 500 },
    );
    try {
      await store.set('k', 'before');
      await server.stop();
      const err = await waitFor(async () => {
        try {
          await store.get('k');
          return undefined;
        } catch (e) {
          return e;
        }
      });
      expect(err).toBeInstanceOf(StoreUnavailableError);
      await expect(store.add('lock', 1, 1000)).rejects.toBeInstanceOf(StoreUnavailableError);

      server = await ownRedis(port);
      // The client reconnects by itself; the data did not survive (no persistence), which reads as a miss now.
      await waitFor(
        async () =>
          await store.ping().then(
            () => true,
            () => false,
          ),
        { timeoutMs: 10_000 },
      );
      expect(await store.get('k')).toBeUndefined();
      expect(await store.add('lock', 1, 1000)).toBe(true);
    } finally {
      await store.close();
      await server.stop();
    }
  });
});

afterAll(async () => {
  const client = createClient({ url: 'redis://127.0.0.1:6379' });
  await client.connect();
  for await (const keys of client.scanIterator({ MATCH: `${prefix}*`, COUNT: 500 })) {
    if (keys.length > 0) await client.del(keys);
  }
  await client.close();
});
