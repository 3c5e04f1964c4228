import { randomUUID } from 'node:crypto';
import { createClient } from '@redis/client';
import { afterAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../src/log.ts';
import { openStore } from '../../src/store/open-store.ts';
import { StoreUnavailableError } from '../../src/store/store.ts';

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

afterAll(async () => {
  const client = createClient({ url: 'redis://127.0.0.1:6379' });
  await client.connect();
  for await (const keys of client.scanIterator({ MATCH: `${prefix}*`, COUNT: 500 })) {
    if (keys.length > 0) await client.del(keys);
  }
  await client.close();
});
