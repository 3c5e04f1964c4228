/**
 * Issue 35's tests run each mutating operation many times at once on every backend, as two replicas would:
 * two stores on one sqlite file or one Redis (two connections), or one memory store seen twice (memory is one
 * process's). Redis is skipped when the tests have none.
 */
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pino } from 'pino';
import { openStore } from '../../src/store/open-store.ts';
import type { Store } from '../../src/store/store.ts';
import { clearRedisPrefix } from '../fixtures/redis-keys.ts';
import { redisUrl } from '../setup/redis-url.ts';

export type BackendKind = 'memory' | 'sqlite' | 'redis';

const log = pino({ level: 'silent' });

/** The backends every race test runs on (`describe.each(BACKENDS)`, with `skipIf(noBackend(kind))`). */
export const BACKENDS: BackendKind[] = ['memory', 'sqlite', 'redis'];
export const noBackend = (kind: BackendKind) => kind === 'redis' && !redisUrl();

export interface Replicas {
  /** Two views of one stored world, as two replicas (or the acking thread and the job thread) have. */
  a: Store;
  b: Store;
  close(): Promise<void>;
}

/** Two stores sharing one backend of `kind`, under a fresh prefix (and file) of their own. */
export async function twoReplicas(kind: BackendKind): Promise<Replicas> {
  const keyPrefix = `fieldline-test:${randomUUID()}:`;
  if (kind === 'memory') {
    const store = await openStore({ kind: 'memory' }, { log, keyPrefix });
    return { a: store, b: store, close: () => store.close() };
  }
  if (kind === 'sqlite') {
    const dir = await mkdtemp(join(tmpdir(), 'fieldline-races-'));
    const url = { kind: 'sqlite' as const, path: join(dir, 'store.sqlite') };
    const a = await openStore(url, { log, keyPrefix });
    const b = await openStore(url, { log, keyPrefix });
    return {
      a,
      b,
      async close() {
        await Promise.all([a.close(), b.close()]);
        await rm(dir, { recursive: true, force: true });
      },
    };
  }
  const url = { kind: 'redis' as const, url: redisUrl() ?? '' };
  const a = await openStore(url, { log, keyPrefix });
  const b = await openStore(url, { log, keyPrefix });
  return {
    a,
    b,
    async close() {
      await Promise.all([a.close(), b.close()]);
      await clearRedisPrefix(url.url, keyPrefix);
    },
  };
}

/** Alternates between the two replicas: the i-th of N concurrent operations runs on `a` or `b`. */
export const replicaOf = (r: Replicas, i: number): Store => (i % 2 === 0 ? r.a : r.b);
