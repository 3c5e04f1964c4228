import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApi, type Api } from './helpers.ts';

let api: Api;
beforeAll(async () => {
  api = await startApi();
});
afterAll(() => api.sandbox.close());

describe('authentication', () => {
  it('answers 403 {message: Forbidden} (nothing else) for a missing or unknown key', async () => {
    for (const key of [null, 'wrong-key', '']) {
      const res = await api.call('/data-sources?limit=1', { key });
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ message: 'Forbidden' });
    }
    const post = await api.call('/post', {
      key: null,
      method: 'POST',
      body: { content: 'x', toChannelId: '7101' },
    });
    expect(post.status).toBe(403);
    expect(api.sandbox.admin.written().posts).toHaveLength(0);
  });

  it('answers 401 when the limited key touches another site', async () => {
    const limited = api.sandbox.keys.limited;
    expect((await api.call('/data-sources/1001', { key: limited })).status).toBe(401);
    expect((await api.call('/data-sources/1008', { key: limited })).status).toBe(200);
    const task = api.sandbox.admin.state.tasks.find((t) => t.siteId === '101');
    expect(
      (await api.call(`/task/${task?.id}`, { key: limited, method: 'PATCH', body: { name: 'x' } })).status,
    ).toBe(401);
    expect(
      (
        await api.call('/task/', {
          key: limited,
          method: 'POST',
          body: { name: 'x', siteId: '101', typeId: '1' },
        })
      ).status,
    ).toBe(401);
  });

  it('lists only the limited site tasks for the limited key', async () => {
    const res = await api.call('/tasks?limit=1000', { key: api.sandbox.keys.limited });
    const tasks = (res.body as { data: { site: { id: string } }[] }).data;
    expect(tasks.length).toBe(
      api.sandbox.admin.state.tasks.filter((t) => t.siteId === api.sandbox.limitedSiteId).length,
    );
    expect(tasks.every((t) => t.site.id === api.sandbox.limitedSiteId)).toBe(true);
  });

  it('rejects a whole POST /reading batch with 401 when one source is not writable, writing nothing', async () => {
    const batch = [
      { meterId: '1008', readings: [{ timestamp: '2026-11-21T11:00:00Z', values: { '1101': 1 } }] },
      { meterId: '1001', readings: [{ timestamp: '2026-11-21T11:00:00Z', values: { '1101': 2 } }] },
    ];
    const res = await api.call('/reading', { key: api.sandbox.keys.limited, method: 'POST', body: batch });
    expect(res.status).toBe(401);
    expect(api.sandbox.admin.written().readings).toHaveLength(0);
    const ok = await api.call('/reading', {
      key: api.sandbox.keys.limited,
      method: 'POST',
      body: batch.slice(0, 1),
    });
    expect(ok.body).toEqual({ data: 'SUCCESS' });
  });

  it('answers 401, not 404, for an unknown or inaccessible meterId on GET /import', async () => {
    expect((await api.call('/import?meterId=999999')).status).toBe(401);
    expect((await api.call('/import?meterId=1001', { key: api.sandbox.keys.limited })).status).toBe(401);
  });

  it('lets the limited key read the shared source but not write it', async () => {
    const shared = api.sandbox.admin.state.sources.find((s) => s.isShared);
    const limited = api.sandbox.keys.limited;
    expect((await api.call(`/data-sources/${shared?.id}`, { key: limited })).status).toBe(200);
    const write = [{ meterId: shared?.id, readings: [{ timestamp: null, values: {} }] }];
    expect((await api.call('/reading', { key: limited, method: 'POST', body: write })).status).toBe(401);
  });

  it('gives an error, not null, for an unknown or invisible file', async () => {
    expect((await api.call('/files/424242')).status).toBe(401);
    expect((await api.call('/files/8001', { key: api.sandbox.keys.limited })).status).toBe(401);
    expect((await api.call('/files/8002', { key: api.sandbox.keys.limited })).status).toBe(200);
  });
});
