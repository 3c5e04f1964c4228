import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GENERIC_400, startApi, type Api } from './helpers.ts';

let api: Api;
beforeAll(async () => {
  api = await startApi();
});
afterAll(() => api.sandbox.close());

const post = (path: string, body: unknown) => api.call(path, { method: 'POST', body });
const patch = (id: string, body?: unknown) => api.call(`/task/${id}`, { method: 'PATCH', body });

describe('POST /reading bodies', () => {
  it('rejects any key in a reading besides timestamp and values with the generic 02-001 body', async () => {
    const res = await post('/reading', [
      { meterId: '1001', readings: [{ timestamp: null, values: {}, unit: 'kW' }] },
    ]);
    expect(res.status).toBe(400);
    expect(res.body).toEqual(GENERIC_400);
  });

  it('requires the timestamp key, rejects a numeric meterId and ignores extra meter keys', async () => {
    expect((await post('/reading', [{ meterId: '1001', readings: [{ values: {} }] }])).status).toBe(400);
    expect(
      (await post('/reading', [{ meterId: 1001, readings: [{ timestamp: null, values: {} }] }])).status,
    ).toBe(400);
    const ok = await post('/reading', [
      { meterId: '1001', note: 'ignored', readings: [{ timestamp: null, values: { '1101': 5 } }] },
    ]);
    expect(ok.body).toEqual({ data: 'SUCCESS' });
  });

  it('rejects calculated or unknown metrics in values', async () => {
    expect(
      (await post('/reading', [{ meterId: '1001', readings: [{ timestamp: null, values: { '1199': 3 } }] }]))
        .status,
    ).toBe(400);
    expect(
      (await post('/reading', [{ meterId: '1001', readings: [{ timestamp: null, values: { '9999': 3 } }] }]))
        .status,
    ).toBe(400);
  });

  it('answers 400 for a JSON body sent without Content-Type: application/json', async () => {
    const body = JSON.stringify([{ meterId: '1001', readings: [{ timestamp: null, values: {} }] }]);
    const res = await api.call('/reading', {
      method: 'POST',
      raw: body,
      headers: { 'content-type': 'text/plain' },
    });
    expect(res.status).toBe(400);
  });

  it('answers 400 for an unparseable body', async () => {
    const res = await api.call('/reading', {
      method: 'POST',
      raw: '[{"meterId":',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual(GENERIC_400);
  });
});

describe('POST /task/', () => {
  const base = { name: 'Check pump', siteId: '101', typeId: '1' };

  it('answers {data: <number>} and creates a feed post with a numeric postId', async () => {
    const res = await post('/task/', { ...base, priorityId: '15', noInitialComment: true });
    expect(res.status).toBe(200);
    const id = (res.body as { data: unknown }).data;
    expect(typeof id).toBe('number');
    const tasks = (await api.data(`/tasks?limit=1000&textSearch=Check%20pump`)) as {
      id: string;
      postId: unknown;
      status: { id: string };
    }[];
    const task = tasks.find((t) => t.id === String(id));
    expect(typeof task?.postId).toBe('number');
    expect(task?.status.id).toBe('5');
  });

  it.each([
    ['an unlisted field', { ...base, hashtags: ['x'] }],
    ['imageIds', { ...base, imageIds: ['1'] }],
    ['a numeric id', { ...base, siteId: 101 }],
    ['id "0"', { ...base, siteId: '0' }],
    ['an empty id', { ...base, siteId: '' }],
    ['null statusId', { ...base, statusId: null }],
    ['null typeId', { ...base, typeId: null }],
    ['a missing typeId', { name: 'x', siteId: '101' }],
    ['type 3 without deviceId', { ...base, typeId: '3' }],
    ['type 1 with deviceId', { ...base, deviceId: '1001' }],
    ['an HTML formattedDescription', { ...base, formattedDescription: '<p>x</p>' }],
  ])('rejects %s with 400', async (_label, body) => {
    const res = await post('/task/', body);
    expect(res.status).toBe(400);
    expect(res.body).toEqual(GENERIC_400);
  });

  it('accepts and ignores unknown priority, status and site ids', async () => {
    const res = await post('/task/', {
      name: 'Ghost ids',
      siteId: '999',
      typeId: '1',
      priorityId: '77',
      statusId: '88',
    });
    expect(res.status).toBe(200);
    const task = ((await api.data('/tasks?limit=10&textSearch=Ghost')) as Record<string, unknown>[])[0];
    expect(task).toMatchObject({ priority: null, site: null, status: { id: '5' } });
  });
});

describe('PATCH /task/{id}', () => {
  it('answers SUCCESS for an empty or missing body and a comment id for a real change', async () => {
    const id = api.sandbox.admin.state.tasks.find((t) => t.statusId === '5')?.id ?? '';
    expect((await patch(id)).body).toEqual({ data: 'SUCCESS' });
    expect((await patch(id, {})).body).toEqual({ data: 'SUCCESS' });
    const changed = (await patch(id, { statusId: '10' })).body as { data: unknown };
    expect(typeof changed.data).toBe('number');
    expect((await patch(id, { statusId: '10' })).body).toEqual({ data: 'SUCCESS' });
    const cancelled = (await patch(id, { statusId: '25', id: 'ignored-path-wins' })).body as {
      data: unknown;
    };
    expect(typeof cancelled.data).toBe('number');
    expect(api.sandbox.admin.state.tasks.find((t) => t.id === id)?.statusId).toBe('25');
  });

  it('takes the post of a cancelled task out of the feed', async () => {
    const id = (
      (await post('/task/', { name: 'Short-lived', siteId: '102', typeId: '3', deviceId: '1008' })).body as {
        data: number;
      }
    ).data;
    const feedPost = () => api.sandbox.admin.written().posts.find((p) => p.taskId === String(id));
    expect(feedPost()).toMatchObject({ removedFromFeed: false, body: { toChannelId: '7102' } });
    await patch(String(id), { statusId: '25' });
    expect(feedPost()?.removedFromFeed).toBe(true);
  });

  it('rejects imageIds, mentions, ctas and unknown fields', async () => {
    for (const field of ['imageIds', 'mentions', 'ctas', 'typeId'])
      expect((await patch('3001', { [field]: ['1'] })).status, field).toBe(400);
  });

  it('honours assigneeId only for a user of the task site (reassignment is unreliable)', async () => {
    const task = api.sandbox.admin.state.tasks.find((t) => t.siteId === '103');
    const foreign = api.sandbox.admin.state.users.find((u) => !u.siteIds.includes('103'));
    const local = api.sandbox.admin.state.users.find(
      (u) => u.siteIds.includes('103') && u.id !== task?.assigneeId,
    );
    expect((await patch(task?.id ?? '', { assigneeId: foreign?.id })).body).toEqual({ data: 'SUCCESS' });
    expect(
      typeof ((await patch(task?.id ?? '', { assigneeId: local?.id })).body as { data: unknown }).data,
    ).toBe('number');
    expect(api.sandbox.admin.state.tasks.find((t) => t.id === task?.id)?.assigneeId).toBe(local?.id);
  });
});

describe('POST /post', () => {
  const one = { content: 'Shift report', toChannelId: '7101' };

  it('answers {data: <number>} for one post and for an array of exactly one', async () => {
    expect(typeof ((await post('/post', one)).body as { data: unknown }).data).toBe('number');
    expect(typeof ((await post('/post', [one])).body as { data: unknown }).data).toBe('number');
  });

  it('answers {} with no data key for an empty array, and 400 for two posts', async () => {
    const before = api.sandbox.admin.written().posts.length;
    const empty = await post('/post', []);
    expect(empty.status).toBe(200);
    expect(empty.body).toEqual({});
    expect((await post('/post', [one, one])).status).toBe(400);
    expect(api.sandbox.admin.written().posts.length).toBe(before);
  });

  it('answers 400 with internalErrorCode 01-004 for a field outside the allowed list', async () => {
    for (const field of ['fromChannelId', 'postTypeId']) {
      const res = await post('/post', { ...one, [field]: '1' });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ internalErrorCode: '01-004' });
    }
  });
});

describe('GET /data-sources/{id}', () => {
  it('fails with 500 for withSchema=true on a source without schema, and only the literal "true" counts', async () => {
    const schemaless = api.sandbox.admin.state.sources.find((s) => !s.hasSchema)?.id;
    expect((await api.call(`/data-sources/${schemaless}?withSchema=true`)).status).toBe(500);
    expect((await api.call(`/data-sources/${schemaless}?withSchema=1`)).status).toBe(200);
    const withSchema = (await api.data('/data-sources/1001?withSchema=true')) as {
      meterSchema: { metrics: { metric: { id: string } }[] };
    };
    const ids = withSchema.meterSchema.metrics.map((m) => m.metric.id);
    expect(ids).toContain('1101');
    expect(ids).not.toContain('1199');
    expect(
      ((await api.data('/data-sources/1001?withSchema=TRUE')) as { meterSchema: unknown }).meterSchema,
    ).toBeNull();
  });
});
