/**
 * Issue 37: FIELDLINE_ENCRYPTION_KEY can be rotated. The store was written with the old key only; fieldline then
 * starts with the new key and the old one in FIELDLINE_ENCRYPTION_KEY_PREVIOUS. Every person's signed /task
 * request still reaches the platform with their own key, and their record is sealed again with the new key. A
 * record no known key opens reads as "must be renewed" (never connected), the person is told so, and the log
 * reports it once.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createKeyVault } from '../../src/access/service/key-vault.ts';
import { TEAM } from '../../src/slack-standin/index.ts';
import { startHarness, type Harness } from '../harness.ts';
import { BACKENDS, noBackend, twoReplicas, type Replicas } from '../store/shared-backends.ts';
import { answerTo, textOf } from './access-helpers.ts';

const OLD = randomBytes(32);
const NEW = randomBytes(32);
const UNKNOWN = randomBytes(32);
/** Slack people → their platform users (all see every site). */
const PEOPLE = { U0ANA: '501', U0BEN: '502', U0CHL: '511', U0DAV: '504' };
const LOST = 'U0EVE';
const UNOPENED_LOG = 'opens with no known FIELDLINE_ENCRYPTION_KEY';

describe.each(BACKENDS)('rotating FIELDLINE_ENCRYPTION_KEY (%s store)', (store) => {
  let h: Harness;
  const keys: Record<string, string> = {};
  beforeAll(async () => {
    if (noBackend(store)) return;
    h = await startHarness({
      links: 'none',
      store,
      configOverrides: {
        FIELDLINE_ENCRYPTION_KEY: NEW.toString('base64'),
        FIELDLINE_ENCRYPTION_KEY_PREVIOUS: `${randomBytes(32).toString('hex')}, ${OLD.toString('hex')}`,
      },
    });
    // What fieldline stored while it ran with the old key only (and one record sealed with a key now lost).
    const before = createKeyVault({ store: h.deps.store, dataKey: OLD, now: Date.now });
    for (const [slack, platform] of Object.entries(PEOPLE)) {
      keys[slack] = h.sandbox.admin.mintKey({ userId: platform });
      await before.save(TEAM.id, slack, keys[slack]);
    }
    const lost = createKeyVault({ store: h.deps.store, dataKey: UNKNOWN, now: Date.now });
    await lost.save(TEAM.id, LOST, h.sandbox.admin.mintKey({ userId: '513' }), {
      platformUser: { id: '513', name: 'Eve Operator' },
      sites: { count: 4, names: [] },
    });
  });
  afterAll(async () => {
    await h?.stop();
  });

  it.skipIf(noBackend(store))(
    'every person’s key still works, and is sealed again with the new key',
    async () => {
      for (const [slack, key] of Object.entries(keys)) {
        const mark = h.sandbox.admin.requests().length;
        const shown = textOf(await answerTo(h, { command: '/task', text: 'list all', user: slack }));
        expect(shown, slack).not.toContain('Connect your platform account');
        const calls = h.sandbox.admin.requests().slice(mark);
        expect(calls.length, slack).toBeGreaterThan(0);
        expect(new Set(calls.map((r) => r.headers['x-api-key'])), slack).toEqual(new Set([key]));
      }
      await h.app.whenIdle();
      // The new key alone opens every record now; the old one opens none.
      const newOnly = createKeyVault({ store: h.deps.store, dataKey: NEW, now: Date.now });
      const oldOnly = createKeyVault({ store: h.deps.store, dataKey: OLD, now: Date.now });
      for (const [slack, key] of Object.entries(keys)) {
        expect(await newOnly.key(TEAM.id, slack), slack).toBe(key);
        expect(await oldOnly.key(TEAM.id, slack), slack).toBeNull();
        expect((await h.deps.access.linkState(TEAM.id, slack)).state).toBe('connected');
      }
      for (const key of Object.values(keys)) expect(h.logText()).not.toContain(key);
    },
  );

  it.skipIf(noBackend(store))(
    'a record no known key opens must be renewed: never shown as connected, told to the person, logged once',
    async () => {
      for (let i = 0; i < 3; i++) {
        const shown = textOf(await answerTo(h, { command: '/task', text: 'list all', user: LOST }));
        expect(shown).toContain('must be renewed');
        expect(shown).toContain('Connect your platform account');
      }
      expect(await h.deps.access.linkState(TEAM.id, LOST)).toMatchObject({ state: 'must-renew' });
      expect(await h.deps.access.homeState(TEAM.id, LOST)).toEqual({ mode: 'must-renew' });
      expect(await h.deps.access.vault!.info(TEAM.id, LOST)).toBeNull();
      await h.app.whenIdle();
      const reported = h.logs.filter((l) => String(l.msg).includes(UNOPENED_LOG));
      expect(reported).toHaveLength(1);
      expect(reported[0]).toMatchObject({ user: LOST });
      const line = JSON.stringify(reported[0]);
      for (const secret of [NEW, OLD, UNKNOWN])
        for (const form of ['hex', 'base64'] as const) expect(line).not.toContain(secret.toString(form));
    },
  );
});

describe.each(BACKENDS)('re-sealing is atomic (%s store, two replicas)', (kind) => {
  let replicas: Replicas | undefined;
  afterAll(async () => {
    await replicas?.close();
  });

  it.skipIf(noBackend(kind))(
    '16 reads re-seal at once on both replicas while the person connects a new key: the new key stays',
    async () => {
      replicas = await twoReplicas(kind);
      const now = Date.now;
      await createKeyVault({ store: replicas.a, dataKey: OLD, now }).save(
        TEAM.id,
        'U0RACE',
        'old-record-key',
      );
      const rotated = [replicas.a, replicas.b].map((store) =>
        createKeyVault({ store, dataKey: NEW, previousKeys: [OLD], now }),
      );
      const reads = Array.from({ length: 16 }, (_, i) => rotated[i % 2]!.key(TEAM.id, 'U0RACE'));
      const saved = rotated[1]!.save(TEAM.id, 'U0RACE', 'connected-meanwhile');
      const seen = await Promise.all(reads);
      await saved;
      for (const key of seen) expect(['old-record-key', 'connected-meanwhile']).toContain(key);
      // Whatever order they ran in, no re-seal of the old record replaced the connection made meanwhile.
      const newOnly = createKeyVault({ store: replicas.b, dataKey: NEW, now });
      expect(await newOnly.key(TEAM.id, 'U0RACE')).toBe('connected-meanwhile');
    },
  );
});
