/**
 * Work stays bounded whatever the platform sends (issue 15): a GET /data-sources page of 8,000 rows for the
 * `limit=8` that /source asks is cut to 8 (logged once as a contract violation), so at most 8 detail calls are
 * made and the answer fits Slack's 50 blocks; the command is acknowledged as usual.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkBlockKitAndStop } from '../fixtures/block-kit.ts';
import { startHarness, type Harness } from '../harness.ts';
import { CHANNEL, waitFor } from './source-helpers.ts';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => checkBlockKitAndStop(h));

async function realRow(): Promise<Record<string, unknown>> {
  const res = await fetch(`${h.sandbox.url}/data-sources?limit=1&withLastReadings=true`, {
    headers: { 'x-api-key': h.sandbox.keys.full },
  });
  const body = (await res.json()) as { data: Record<string, unknown>[] };
  const row = body.data[0];
  if (!row) throw new Error('sandbox has no data source');
  return row;
}

describe('/source against an oversized platform page', () => {
  it('makes at most `limit` detail calls and answers within 50 blocks', async () => {
    const row = await realRow();
    const rows = Array.from({ length: 8_000 }, (_, i) => ({
      ...row,
      id: String(700_000 + i),
      name: `Pump ${i}`,
    }));
    h.sandbox.admin.clearRequests();
    h.sandbox.admin.inject({
      endpoint: 'GET /data-sources',
      status: 200,
      body: { data: rows, lastValue: 'next-page' },
      times: 1,
    });
    const res = await h.driver.command({ command: '/source', text: 'pump' });
    expect(res.status).toBe(200);
    const answer = await waitFor(() =>
      h.standin
        .messages(CHANNEL)
        .find(
          (m) => m.ephemeralTo && JSON.stringify(m.blocks ?? '').includes('Data sources matching *pump*'),
        ),
    );
    await h.app.whenIdle();
    const details = h.sandbox.admin.requests().filter((r) => /^\/data-sources\/[^/]+$/.test(r.path));
    expect(details.length).toBeLessThanOrEqual(8);
    expect(details.length).toBeGreaterThan(0);
    expect((answer.blocks ?? []).length).toBeLessThanOrEqual(50);
    const violations = h.logs.filter((l) => l.msg === 'platform answer breaks the contract; made safe');
    expect(violations).toHaveLength(1);
    expect(violations[0]).toMatchObject({ what: 'GET /data-sources', rows: 8_000, limit: 8 });
  });
});
