/**
 * Issue 35: the directory's shared records under concurrent writers, on every backend, as two replicas. People
 * and status pairs learned by many replicas at once are all kept (each used to read, merge and write back, and
 * the last writer dropped the others'); a site listing read with a person's old key is not kept once their
 * scope was forgotten (it used to be written back after the forget, so the new key saw the old key's sites).
 */
import { pino } from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { createPeopleDirectory } from '../../src/directory/people.ts';
import { createSiteCatalog } from '../../src/directory/sites.ts';
import { createStatusRegistry } from '../../src/directory/statuses.ts';
import type { TaskStatusInfo } from '../../src/directory/types.ts';
import type { Assignee, DataSourceRow, MonitoringApi } from '../../src/monitoring/api.ts';
import type { Store } from '../../src/store/store.ts';
import { waitFor } from '../harness.ts';
import { BACKENDS, noBackend, replicaOf, twoReplicas, type Replicas } from '../store/shared-backends.ts';

const N = 16;
const log = pino({ level: 'silent' });
const ids = Array.from({ length: N }, (_, i) => String(100 + i));

/** Waits (bounded) for `done`, then returns what `read` gives: the assertion says what was missing. */
async function settled<T>(read: () => Promise<T>, done: (v: T) => boolean): Promise<T> {
  await waitFor(async () => done(await read()), { timeoutMs: 3_000 }).catch(() => undefined);
  return read();
}

describe.each(BACKENDS)('directory races (%s)', (kind) => {
  let replicas: Replicas | undefined;
  afterEach(async () => {
    await replicas?.close();
    replicas = undefined;
  });
  const open = async () => (replicas = await twoReplicas(kind));

  it.skipIf(noBackend(kind))(`${N} replicas learning a person each at once: all ${N} are kept`, async () => {
    const r = await open();
    const dirs = ids.map((_, i) =>
      createPeopleDirectory({ store: replicaOf(r, i), scan: async () => undefined }),
    );
    dirs.forEach((d, i) =>
      d.learn([{ assignee: { id: ids[i]!, email: `p${ids[i]}@plant.example` } as Assignee }]),
    );
    const stored = () => r.a.namespace('directory').get<Record<string, Assignee>>('people');
    const people = await settled(stored, (v) => Object.keys(v ?? {}).length === N);
    expect(Object.keys(people ?? {}).sort()).toEqual(ids.map((id) => `p${id}@plant.example`));
  });

  it.skipIf(noBackend(kind))(`${N} replicas learning a status each at once: all ${N} are kept`, async () => {
    const r = await open();
    const regs = ids.map((_, i) =>
      createStatusRegistry({ overrides: {}, store: replicaOf(r, i), scan: async () => undefined }),
    );
    regs.forEach((reg, i) => reg.learn([{ status: { id: ids[i]!, name: `Stage ${ids[i]}` } }]));
    const stored = () => r.b.namespace('directory').get<TaskStatusInfo[]>('task-statuses');
    const statuses = await settled(stored, (v) => (v ?? []).length === N);
    expect((statuses ?? []).map((s) => s.id).sort()).toEqual(ids);
  });

  it.skipIf(noBackend(kind))(
    `${N} people reconnect while their old key's site listing is read: none is shown the old listing`,
    async () => {
      const r = await open();
      let clock = Date.UTC(2026, 10, 21, 12);
      const now = () => (clock += 1);
      let release!: () => void;
      const gate = new Promise<void>((resolve) => (release = resolve));
      let key = 'old';
      let held = 0;
      // The listing of a key: its rows name the key; the old key's listing is held until released.
      const monitoring = (): MonitoringApi =>
        ({
          dataSources: {
            async *list() {
              const seen = key;
              if (seen === 'old') {
                held += 1;
                await gate;
              }
              yield row(seen);
            },
          },
        }) as unknown as MonitoringApi;
      const catalog = (store: Store, scope: () => string) =>
        createSiteCatalog({ monitoring: monitoring(), store, clock: { now }, log, scope });
      const scopes = ids.map((id) => `person:T:U${id}`);
      const a = scopes.map((s) => catalog(r.a, () => s));
      const b = scopes.map((s) => catalog(r.b, () => s));
      const reads = a.map((c) => c.sites());
      await waitFor(() => held === N);
      // Each person connects another key meanwhile: half on the reading replica, half on the other.
      key = 'new';
      scopes.forEach((s, i) => (i % 2 ? b[i]! : a[i]!).forget(s));
      await waitFor(async () => {
        for (const s of scopes) {
          const v = await r.a.namespace('directory').get<{ forgotten?: number }>(`sites:${s}`);
          if (v !== undefined && v.forgotten === undefined) return false;
        }
        return true;
      });
      release();
      await Promise.all(reads);
      const fresh = scopes.map((s) => catalog(r.b, () => s));
      for (const [i] of scopes.entries()) {
        expect((await a[i]!.sites()).map((s) => s.name)).toEqual(['new']);
        expect((await fresh[i]!.sites()).map((s) => s.name)).toEqual(['new']);
      }
    },
  );
});

function row(key: string): DataSourceRow {
  return {
    id: `ds-${key}`,
    name: `Meter ${key}`,
    validationStatus: null,
    type: { id: '1', name: null },
    site: { id: `site-${key}`, name: key, channelId: null },
    applying: null,
    channelId: null,
    isShared: false,
    tzTimezoneName: 'UTC',
  };
}
