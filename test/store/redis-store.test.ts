import { randomUUID } from 'node:crypto';
import { createClient } from '@redis/client';
import { afterAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../src/base/log.ts';
import { openStore } from '../../src/store/open-store.ts';
import { StoreUnavailableError } from '../../src/store/store.ts';
import { waitFor } from '../harness.ts';
import { freePort, redisServerInstalled, startRedisServer } from '../setup/redis-server.ts';
import { redisUrl } from '../setup/redis-url.ts';
import { clearRedisPrefix } from '../fixtures/redis-keys.ts';

const log = createLogger({ level: 'silent' });
const prefix = `fieldline-test:${randomUUID()}:`;
const url = redisUrl();

describe('redis store without a server', () => {
  it('turns an unreachable server into StoreUnavailableError on every call, never a miss', async () => {
    // A port the kernel just handed out and nobody listens on.
    const store = await openStore(
      { kind: 'redis', url: `redis://127.0.0.1:${await freePort()}` },
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
});

describe.skipIf(!url)('redis store', () => {
  const storeUrl = { kind: 'redis' as const, url: url ?? '' };

  afterAll(() => clearRedisPrefix(storeUrl.url, prefix));

  it('lets only one of two replicas win add (SET NX) and stores it with its TTL', async () => {
    const [a, b] = await Promise.all([
      openStore(storeUrl, { log, keyPrefix: prefix }),
      openStore(storeUrl, { log, keyPrefix: prefix }),
    ]);
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) => (i % 2 ? a : b).add('event:Ev1', i, 60_000)),
    );
    expect(results.filter(Boolean)).toHaveLength(1);

    const raw = createClient({ url: storeUrl.url });
    await raw.connect();
    const ttl = await raw.pTTL(`${prefix}event:Ev1`);
    expect(ttl).toBeGreaterThan(50_000);
    expect(ttl).toBeLessThanOrEqual(60_000);
    await raw.close();

    expect(await b.get('event:Ev1')).toBe(await a.get('event:Ev1'));
    await Promise.all([a.close(), b.close()]);
  });

  it('reads across replicas what another replica set', async () => {
    const a = await openStore(storeUrl, { log, keyPrefix: prefix });
    const b = await openStore(storeUrl, { log, keyPrefix: prefix });
    await a.namespace('subs').set('C1', { alerts: true });
    expect(await b.namespace('subs').get('C1')).toEqual({ alerts: true });
    await Promise.all([a.close(), b.close()]);
  });
});

describe.skipIf(!redisServerInstalled())(
  'redis store across an outage (needs the redis-server binary)',
  () => {
    it('fails loudly while Redis is down and works again once it is back', async () => {
      // A server of its own, so that killing it affects no other test.
      const server = await startRedisServer();
      const store = await openStore(
        { kind: 'redis', url: server.url },
        { log, keyPrefix: prefix, connectTimeoutMs: 500 },
      );
      try {
        await store.set('k', 'before');
        await server.crash();
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

        await server.start();
        // The client reconnects by itself; the data did not survive (killed unsaved), which reads as a miss now.
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
        await server.dispose();
      }
    });
  },
);
