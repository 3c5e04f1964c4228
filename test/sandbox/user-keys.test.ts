/**
 * Per-user keys (contract: Authentication rule 3 — "a valid key resolves to a user context"): each key acts as one
 * platform user with a set of visible sites; what it writes is recorded as that user's; the admin surface mints
 * keys. Plain HTTP, never the monitoring client.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApi, type Api } from './helpers.ts';

let api: Api;
beforeAll(async () => {
  api = await startApi();
});
afterAll(() => api.sandbox.close());

async function mint(body: unknown): Promise<{ status: number; key?: string }> {
  const res = await fetch(`${api.sandbox.url}/_sandbox/keys`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-sandbox-admin-token': api.sandbox.adminToken },
    body: JSON.stringify(body),
  });
  const json = (await res.json()) as { result?: { key?: string } };
  const key = json.result?.key;
  return { status: res.status, ...(key ? { key } : {}) };
}

const siteIdsOf = async (key: string) => {
  const rows = (await api.data('/data-sources?limit=100', { key })) as {
    site: { id: string };
    isShared: boolean;
  }[];
  return new Set(rows.filter((r) => !r.isShared).map((r) => r.site.id));
};

describe('per-user keys', () => {
  it("the admin surface mints a key for a user and sites; the key sees exactly those sites' sources and tasks", async () => {
    const { key } = await mint({ userId: '502', siteIds: ['102', '105'] });
    expect(key).toBeDefined();
    expect([...(await siteIdsOf(key!))].sort()).toEqual(['102', '105']);
    const tasks = (await api.data('/tasks?limit=1000', { key: key! })) as { site: { id: string } }[];
    expect(tasks.length).toBeGreaterThan(0);
    expect(tasks.every((t) => ['102', '105'].includes(t.site.id))).toBe(true);
  });

  it('a task created with a user key is created by that user (auditInfo.createdBy), and a post is authored by them', async () => {
    const { key } = await mint({ userId: '502', siteIds: ['102'] });
    const created = (await api.data('/task/', {
      key: key!,
      method: 'POST',
      body: { name: 'Check Ben audit', siteId: '102', typeId: '1' },
    })) as number;
    const rows = (await api.data('/tasks?limit=5&textSearch=Check%20Ben%20audit', { key: key! })) as {
      id: string;
      auditInfo: { createdBy: { id: string } };
    }[];
    expect(rows.find((t) => String(t.id) === String(created))?.auditInfo.createdBy.id).toBe('502');
    await api.data('/post', {
      key: key!,
      method: 'POST',
      body: { content: 'Line 1 back up', toChannelId: '7102' },
    });
    expect(api.sandbox.admin.written().posts.at(-1)).toMatchObject({
      byUserId: '502',
      body: { content: 'Line 1 back up' },
    });
  });

  it('refuses (401) what lies outside the key’s sites, and a key with no site list sees every site', async () => {
    const { key } = await mint({ userId: '502', siteIds: ['102'] });
    expect((await api.call('/data-sources/1001', { key: key! })).status).toBe(401);
    const post = await api.call('/post', {
      key: key!,
      method: 'POST',
      body: { content: 'x', toChannelId: '7101' },
    });
    expect(post.status).toBe(401);
    const all = await mint({ userId: '501' });
    expect((await siteIdsOf(all.key!)).size).toBe(api.sandbox.admin.state.sites.length);
  });

  it('will not mint a key for an unknown platform user', async () => {
    const res = await mint({ userId: '99999', siteIds: ['102'] });
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.key).toBeUndefined();
  });

  it("seeds Ana's key (every site) and Ben's key (Chicago Works only)", async () => {
    expect((await siteIdsOf(api.sandbox.userKeys.ana)).size).toBe(api.sandbox.admin.state.sites.length);
    expect([...(await siteIdsOf(api.sandbox.userKeys.ben))]).toEqual(['102']);
  });
});
