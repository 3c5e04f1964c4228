import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { credentialFingerprint } from '../../src/sandbox/admin-guard.ts';
import { HEALTHY_CAMERA as HEALTHY } from '../fixtures/device-status.ts';
import { rows, startApi, type Api } from './helpers.ts';

let api: Api;
beforeAll(async () => {
  // Live changes only through admin.tick(): the timer interval is far beyond the test's life.
  api = await startApi({ live: { tickMs: 3_600_000 } });
});
afterAll(() => api.sandbox.close());

const camera = (name: string) => api.sandbox.admin.state.sources.find((s) => s.name === name)?.id ?? '';
const report = (id: string, status: unknown, key?: string) =>
  api.call(`/devices/status/${id}`, { method: 'POST', body: { status }, key });
const activeAlerts = (id: string) =>
  api.sandbox.admin
    .alerts()
    .filter((a) => a.sourceId === id && a.clearedAt === null)
    .map((a) => a.kind)
    .sort();

describe('POST /devices/status/{id}', () => {
  it('stores the status on the full record as deviceStatus with reportedAt', async () => {
    const id = camera('Gate Camera North');
    expect((await report(id, HEALTHY)).body).toEqual({ data: 'SUCCESS' });
    const record = (await api.data(`/data-sources/${id}`)) as { deviceStatus: Record<string, unknown> };
    expect(record.deviceStatus).toMatchObject({ ...HEALTHY, reportedAt: expect.any(String) });
    expect(api.sandbox.admin.written().deviceStatuses.at(-1)).toMatchObject({
      sourceId: id,
      status: HEALTHY,
    });
  });

  it('raises alerts for omitted and unhealthy values instead of failing, and clears them on a healthy report', async () => {
    const id = camera('Gate Camera North');
    expect((await report(id, { battery: 9, onLine: true, deviceOn: true, cameraOn: true })).status).toBe(200);
    expect(activeAlerts(id)).toEqual([
      'low-battery',
      'missing:cellularConnected',
      'missing:wifiConnected',
      'no-network',
    ]);
    await report(id, HEALTHY);
    expect(activeAlerts(id)).toEqual([]);
  });

  it('rejects a non-camera source, a missing status and wrong types; 401 for another site', async () => {
    expect((await report('1001', HEALTHY)).status).toBe(400);
    expect(
      (await api.call(`/devices/status/${camera('Gate Camera North')}`, { method: 'POST', body: {} })).status,
    ).toBe(400);
    expect((await report(camera('Gate Camera North'), { battery: 'full' })).status).toBe(400);
    expect((await report(camera('Gate Camera North'), HEALTHY, api.sandbox.keys.limited)).status).toBe(401);
  });
});

describe('fault injection', () => {
  it('answers 429 with Retry-After for the given number of matching requests only', async () => {
    api.sandbox.admin.inject({ endpoint: 'GET /tasks', status: 429, retryAfterSeconds: 7, times: 2 });
    for (let i = 0; i < 2; i++) {
      const res = await api.call('/tasks?limit=1');
      expect(res.status).toBe(429);
      expect(res.headers.get('retry-after')).toBe('7');
    }
    expect((await api.call('/tasks?limit=1')).status).toBe(200);
  });

  it('matches path patterns by segment and can replace the body (signedUrl null)', async () => {
    api.sandbox.admin.inject({ endpoint: 'GET /data-sources/{id}', status: 503 });
    expect((await api.call('/data-sources?limit=1')).status).toBe(200);
    expect((await api.call('/data-sources/1001')).status).toBe(503);
    api.sandbox.admin.inject({
      endpoint: 'POST /files/signed-uploads/create',
      body: { data: { signedUrl: null, name: 'tmp' } },
    });
    const res = await api.call('/files/signed-uploads/create', {
      method: 'POST',
      body: { name: 'a.png', fileSize: 200, company: { id: '42' } },
    });
    expect(res).toMatchObject({ status: 200, body: { data: { signedUrl: null } } });
  });

  it('is reachable over HTTP under /_sandbox/ without a key', async () => {
    const inject = await fetch(`${api.sandbox.url}/_sandbox/inject`, {
      method: 'POST',
      headers: { 'x-sandbox-admin-token': api.sandbox.adminToken },
      body: JSON.stringify({ endpoint: 'POST /post', status: 500 }),
    });
    expect(inject.status).toBe(200);
    expect(
      (await api.call('/post', { method: 'POST', body: { content: 'x', toChannelId: '7101' } })).status,
    ).toBe(500);
    const written = (await (await fetch(`${api.sandbox.url}/_sandbox/written`)).json()) as {
      result: { posts: unknown[] };
    };
    expect(written.result.posts).toEqual([]);
    const bad = await fetch(`${api.sandbox.url}/_sandbox/inject`, {
      method: 'POST',
      headers: { 'x-sandbox-admin-token': api.sandbox.adminToken },
      body: JSON.stringify({ status: 500 }),
    });
    expect(bad.status).toBe(400);
    // The request log needs the run's token even to read, and shows keys only as fingerprints.
    const requests = (await (
      await fetch(`${api.sandbox.url}/_sandbox/requests?path=/post`, {
        headers: { 'x-sandbox-admin-token': api.sandbox.adminToken },
      })
    ).json()) as { result: { headers: Record<string, string> }[] };
    expect(requests.result.at(-1)?.headers['x-api-key']).toBe(credentialFingerprint(api.sandbox.keys.full));
  });
});

describe('live mode', () => {
  it('drains batteries, silences a source, takes a camera offline and changes tasks as another user', async () => {
    const dock = camera('Dock Camera');
    const before = api.sandbox.admin.state.sources.find((s) => s.id === dock)?.deviceStatus?.battery ?? 0;
    const statusesBefore = api.sandbox.admin.state.tasks.map((t) => t.statusId);
    api.sandbox.admin.tick(11 * 60_000);
    const after = api.sandbox.admin.state.sources.find((s) => s.id === dock);
    expect(after?.deviceStatus?.battery).toBeCloseTo(before - 5.5, 5);
    expect(after?.deviceStatus?.onLine).toBe(false);
    expect(activeAlerts(dock)).toContain('offline');
    const boiler = camera('Boiler Feed Flow');
    const [latest] = rows(
      await api.data(
        `/reading?meterId=${boiler}&startOffset=1%20hour&endOffset=0%20days&startHour=00:00:00&endHour=23:59:59&limit=1`,
      ),
    );
    expect(Date.parse(String(latest?.event_date))).toBeLessThanOrEqual(api.sandbox.admin.now() - 6 * 60_000);
    // Three 3-minute steps in 11 minutes: three status changes, each by platform user 513.
    const tasks = rows(await api.data('/tasks?limit=1000'));
    const changed = tasks.filter((t, i) => (t.status as { id: string }).id !== statusesBefore[i]);
    expect(changed).toHaveLength(3);
    for (const t of changed)
      expect((t.auditInfo as { lastModifiedBy: { id: string } }).lastModifiedBy.id).toBe('513');
  });
});
