/**
 * Issue 37: a view submission's dedupe claim hashed the submitted values, and the connect modal's values are the
 * pasted platform key, so the store kept a digest of every key anyone connected. The claim now leaves secret
 * inputs out: two connections with different keys store the same claim for their views' values, and no digest
 * of a pasted key is anywhere in the store (sqlite file, Redis keys and values).
 */
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { createClient } from '@redis/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEAM, type StoredView } from '../../src/slack-standin/index.ts';
import { startHarness, waitFor, type Harness } from '../harness.ts';
import { requireRedisUrl } from '../setup/redis-url.ts';
import { noBackend } from '../store/shared-backends.ts';
import { openConnect } from './access-helpers.ts';

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** Everything the store holds, as text: the sqlite file and its WAL, or every Redis key and value under the prefix. */
async function storeDump(h: Harness, kind: 'sqlite' | 'redis', viewId: string): Promise<string> {
  if (kind === 'sqlite') {
    const parts = await Promise.all(
      ['', '-wal'].map((s) => readFile(`${h.storePath!}${s}`).catch(() => Buffer.alloc(0))),
    );
    return Buffer.concat(parts).toString('latin1');
  }
  const client = createClient({ url: requireRedisUrl() });
  await client.connect();
  try {
    // The harness's prefix is its own: found through the claim of a view only this test opened.
    let prefix = '';
    for await (const keys of client.scanIterator({ MATCH: `fieldline-test:*${viewId}*`, COUNT: 500 }))
      for (const k of keys) prefix = k.slice(0, k.indexOf('dedupe:'));
    expect(prefix).not.toBe('');
    const out: string[] = [];
    for await (const keys of client.scanIterator({ MATCH: `${prefix}*`, COUNT: 500 }))
      for (const k of keys) {
        const type = await client.type(k);
        const value =
          type === 'string'
            ? await client.get(k)
            : type === 'hash'
              ? JSON.stringify(await client.hGetAll(k))
              : '';
        out.push(`${k} ${value ?? ''}`);
      }
    return out.join('\n');
  } finally {
    await client.close();
  }
}

/** The claims stored for view submissions: `view:<id>:<hash>:<values>` → values, by view id. */
function viewClaims(dump: string): Map<string, string> {
  const found = new Map<string, string>();
  for (const m of dump.matchAll(/dedupe:view:([A-Z0-9]+):[^:\s"]*:([0-9a-f]{16})/g))
    found.set(m[1] ?? '', m[2] ?? '');
  return found;
}

describe.each(['sqlite', 'redis'] as const)('the connect submission’s claim (%s store)', (kind) => {
  let h: Harness;
  beforeAll(async () => {
    if (noBackend(kind)) return;
    h = await startHarness({ links: 'none', store: kind });
  });
  afterAll(async () => {
    await h?.stop();
  });

  async function connect(user: string, key: string): Promise<StoredView> {
    const view = await openConnect(h, user);
    const res = await h.driver.viewSubmission({ view, values: { access_key: key }, user });
    expect(res.body).toMatchObject({ response_action: 'update' });
    await waitFor(async () => (await h.deps.access.vault!.key(TEAM.id, user)) === key);
    await h.app.whenIdle();
    return view;
  }

  it.skipIf(noBackend(kind))(
    'is the same whatever key was pasted, and the store holds no digest of any pasted key',
    async () => {
      const keys = [
        h.sandbox.admin.mintKey({ userId: '511', siteIds: ['105'] }),
        h.sandbox.admin.mintKey({ userId: '504' }),
      ];
      const views = [await connect('U0CHL', keys[0]!), await connect('U0DAV', keys[1]!)];
      const dump = await storeDump(h, kind, views[0]!.id);
      const claims = viewClaims(dump);
      const values = views.map((v) => claims.get(v.id));
      expect(values[0], 'a claim was stored for the first connection').toMatch(/^[0-9a-f]{16}$/);
      expect(values[1]).toBe(values[0]);
      for (const key of keys) {
        const digest = sha256(key);
        // The whole digest, or the 8 bytes a claim keeps of one.
        expect(dump.includes(digest.slice(0, 16)), 'digest of a pasted key in the store').toBe(false);
        expect(dump.includes(key), 'a pasted key in clear in the store').toBe(false);
      }
    },
  );
});
