import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows, startApi, type Api } from './helpers.ts';

let api: Api;
beforeAll(async () => {
  api = await startApi();
});
afterAll(() => api.sandbox.close());

async function listAll(
  on: Api,
  path: string,
  limit: number,
): Promise<{ rows: Record<string, unknown>[]; pages: number }> {
  const out: Record<string, unknown>[] = [];
  let cursor: string | undefined;
  let pages = 0;
  for (;;) {
    const res = await on.call(
      `${path}?limit=${limit}${cursor ? `&lastValue=${encodeURIComponent(cursor)}` : ''}`,
    );
    pages += 1;
    expect(res.status).toBe(200);
    const body = res.body as { data: unknown; lastValue?: string };
    const page = rows(body.data);
    out.push(...page);
    if (page.length < limit) return { rows: out, pages };
    cursor = body.lastValue;
    expect(typeof cursor).toBe('string');
  }
}

describe('paging rules', () => {
  it('orders data sources by type, then name, then id, across pages', async () => {
    const { rows: all } = await listAll(api, '/data-sources', 7);
    expect(all.length).toBe(api.sandbox.admin.state.sources.length);
    const keys = all.map(
      (r) => [(r.type as { ordinal: number }).ordinal, String(r.name), Number(r.id)] as const,
    );
    const sorted = [...keys].sort(
      (a, b) => a[0] - b[0] || (a[1] < b[1] ? -1 : a[1] > b[1] ? 1 : 0) || a[2] - b[2],
    );
    expect(keys).toEqual(sorted);
    expect(new Set(all.map((r) => r.id)).size).toBe(all.length);
  });

  it('answers {data: null} for an empty list, never []', async () => {
    const res = await api.call('/data-sources?limit=10&textSearch=no-such-source-anywhere');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ data: null });
    const tasks = await api.call('/tasks?limit=10&siteIds=999');
    expect(tasks.body).toEqual({ data: null });
  });

  it('rejects a malformed, tampered or foreign lastValue with 400', async () => {
    const first = (await api.call('/data-sources?limit=2')).body as { lastValue: string };
    const taskCursor = ((await api.call('/tasks?limit=2')).body as { lastValue: string }).lastValue;
    const decoded = JSON.parse(Buffer.from(first.lastValue, 'base64url').toString()) as { p: unknown[] };
    const forged = Buffer.from(JSON.stringify({ ...decoded, p: [1, 'A', 1] })).toString('base64url');
    for (const bad of ['not-a-cursor!', 'eyJ4Ijox', forged, taskCursor, '123']) {
      const res = await api.call(`/data-sources?limit=2&lastValue=${encodeURIComponent(bad)}`);
      expect(res.status, bad).toBe(400);
      expect(res.body).toMatchObject({ internalErrorCode: '02-001' });
    }
    const readings = await api.call(
      '/reading?meterId=1001&startOffset=1%20day&endOffset=0%20days&startHour=00:00:00&endHour=23:59:59&lastValue=abc',
    );
    expect(readings.status).toBe(400);
  });

  it('binds a cursor to its textSearch value and its meterId', async () => {
    const first = (await api.call('/tasks?limit=1&textSearch=Inspect')).body as { lastValue: string };
    expect((await api.call(`/tasks?limit=1&textSearch=Inspect&lastValue=${first.lastValue}`)).status).toBe(
      200,
    );
    expect((await api.call(`/tasks?limit=1&lastValue=${first.lastValue}`)).status).toBe(400);
    const q = 'startTime=2026-11-21T10:00:00&endTime=2026-11-21T11:00:00&limit=1';
    const page = (await api.call(`/reading?meterId=1001&${q}`)).body as { lastValue: string };
    expect((await api.call(`/reading?meterId=1002&${q}&lastValue=${page.lastValue}`)).status).toBe(400);
  });

  it('returns lastValue on every non-empty /reading page including the last', async () => {
    const q = '/reading?meterId=1001&startTime=2026-11-21T10:00:00&endTime=2026-11-21T11:00:00';
    const first = (await api.call(`${q}&limit=3`)).body as { data: unknown[]; lastValue: string };
    expect(first.data).toHaveLength(3);
    const last = (await api.call(`${q}&limit=3&lastValue=${first.lastValue}`)).body as {
      data: unknown[];
      lastValue: string;
    };
    expect(last.data).toHaveLength(2);
    expect(typeof last.lastValue).toBe('string');
    const after = await api.call(`${q}&limit=3&lastValue=${last.lastValue}`);
    expect(after.body).toEqual({ data: null });
  });

  it('rejects a /reading limit outside 1 to 500', async () => {
    const q =
      '/reading?meterId=1001&startOffset=1%20day&endOffset=0%20days&startHour=00:00:00&endHour=23:59:59';
    for (const limit of ['0', '501', '-1', '2.5', 'ten'])
      expect((await api.call(`${q}&limit=${limit}`)).status, limit).toBe(400);
    expect((await api.call(`${q}&limit=500`)).status).toBe(200);
    expect((await api.call(`${q}&limit=1`)).status).toBe(200);
  });

  it('answers 400 with the generic body for a query parameter the endpoint does not take', async () => {
    const res = await api.call('/data-sources/1001?verbose=true');
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: expect.any(String), internalErrorCode: '02-001' });
    for (const path of ['/reading', '/task/', '/post', '/files/signed-uploads/create']) {
      const withQuery = await api.call(`${path}?x=1`, { method: 'POST', body: {} });
      expect(withQuery.status, path).toBe(400);
    }
    expect((await api.call('/files/8001?resolveFiles=false&extra=1')).status).toBe(400);
    expect((await api.call('/files/8001?resolveFiles=false')).status).toBe(200);
  });
});

describe('seeded sizes', () => {
  it('lists all of 10 000 sources and 10 000 tasks through paging', async () => {
    const big = await startApi({ seed: { sources: 10_000, tasks: 10_000 } });
    try {
      const sources = await listAll(big, '/data-sources', 1000);
      const tasks = await listAll(big, '/tasks', 1000);
      expect(sources.rows).toHaveLength(10_000);
      expect(new Set(sources.rows.map((r) => r.id)).size).toBe(10_000);
      expect(tasks.rows).toHaveLength(10_000);
      // 10 full pages, then one empty page: a full last page cannot prove it is the last.
      expect(sources.pages).toBe(11);
    } finally {
      await big.sandbox.close();
    }
  });

  it('restricts the limited key to its site plus the shared source', async () => {
    const limited = rows(await api.data('/data-sources?limit=1000', { key: api.sandbox.keys.limited }));
    const sites = new Set(limited.map((r) => (r.site as { id: string }).id));
    expect([...sites].sort()).toEqual([api.sandbox.limitedSiteId, '101'].sort());
    expect(
      limited.filter((r) => (r.site as { id: string }).id === '101').every((r) => r.isShared === true),
    ).toBe(true);
  });
});
