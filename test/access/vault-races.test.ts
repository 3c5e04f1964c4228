/**
 * Issue 35: the key vault under concurrent writers, on every backend and across two replicas. A connection's
 * description (a job after the ack) used to read the record, learn, and write the record back: a key connected or
 * removed meanwhile was overwritten by the record it had read — the new key lost, or a disconnected key back.
 */
import { randomBytes } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { createKeyVault, type KeyVault } from '../../src/access/service/key-vault.ts';
import { BACKENDS, noBackend, twoReplicas, type Replicas } from '../store/shared-backends.ts';

const N = 16;
const TEAM = 'T0RACE';
const people = Array.from({ length: N }, (_, i) => `U0P${String(i).padStart(2, '0')}`);
const described = { sites: { count: 3, names: ['A', 'B', 'C'] }, platformUser: { id: '9', name: 'Nine' } };

describe.each(BACKENDS)('key vault races (%s)', (kind) => {
  let replicas: Replicas | undefined;
  afterEach(async () => {
    await replicas?.close();
    replicas = undefined;
  });

  /** One data key, one vault per replica. */
  async function vaults(): Promise<[KeyVault, KeyVault]> {
    replicas = await twoReplicas(kind);
    const dataKey = randomBytes(32);
    let clock = 1_000;
    const now = () => (clock += 1);
    return [
      createKeyVault({ store: replicas.a, dataKey, now }),
      createKeyVault({ store: replicas.b, dataKey, now }),
    ];
  }

  it.skipIf(noBackend(kind))(
    `${N} people connect a second key while the first one's description is written: every second key works`,
    async () => {
      const [a, b] = await vaults();
      const first = await Promise.all(people.map((p) => a.save(TEAM, p, `first-${p}`)));
      await Promise.all(
        people.flatMap((p, i) => [
          a.describe(TEAM, p, described, first[i]?.connectedAt),
          b.save(TEAM, p, `second-${p}`),
        ]),
      );
      for (const p of people) expect(await a.key(TEAM, p)).toBe(`second-${p}`);
      // The first key's description did not land on the second key's record.
      for (const p of people) expect((await b.info(TEAM, p))?.sites).toBeNull();
    },
  );

  it.skipIf(noBackend(kind))(
    `${N} people disconnect while their connection is described: every one stays disconnected`,
    async () => {
      const [a, b] = await vaults();
      const saved = await Promise.all(people.map((p) => a.save(TEAM, p, `key-${p}`)));
      await Promise.all(
        people.flatMap((p, i) => [a.describe(TEAM, p, described, saved[i]?.connectedAt), b.remove(TEAM, p)]),
      );
      for (const p of people) {
        expect(await a.key(TEAM, p)).toBeNull();
        expect(await b.info(TEAM, p)).toBeNull();
      }
    },
  );

  it.skipIf(noBackend(kind))(
    `${N} descriptions of one connection at once, from both replicas: the key still works, described`,
    async () => {
      const [a, b] = await vaults();
      await a.save(TEAM, 'U0ONE', 'the-key');
      const connectedAt = (await a.info(TEAM, 'U0ONE'))?.connectedAt;
      await Promise.all(
        Array.from({ length: N }, (_, i) =>
          (i % 2 ? a : b).describe(TEAM, 'U0ONE', { sites: { count: i, names: [] } }, connectedAt),
        ),
      );
      expect(await b.key(TEAM, 'U0ONE')).toBe('the-key');
      const info = await a.info(TEAM, 'U0ONE');
      expect(info?.connectedAt).toBe(connectedAt);
      expect(info?.sites?.count).toBeGreaterThanOrEqual(0);
    },
  );
});
