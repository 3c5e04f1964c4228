/**
 * Work stays bounded whatever the platform sends (issue 15): a GET /data-sources page of 8,000 rows for the
 * `limit=8` that /source asks is cut to 8 (logged once as a contract violation), so at most 8 detail calls are
 * made and the answer fits Slack's 50 blocks; the command is acknowledged as usual.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkBlockKitAndStop } from '../fixtures/block-kit.ts';
import { startHarness, type Harness } from '../harness.ts';
import { CHANNEL, sourceNamed, waitFor } from './source-helpers.ts';

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

describe('a modal built from a huge schema', () => {
  it('opens Enter reading for a 300-metric schema within 100 blocks, accepted by Slack', async () => {
    const source = sourceNamed(h, 'Main Energy Meter');
    const res = await fetch(`${h.sandbox.url}/data-sources/${source.id}?withSchema=true`, {
      headers: { 'x-api-key': h.sandbox.keys.full },
    });
    const full = ((await res.json()) as { data: { meterSchema: { metrics: Record<string, unknown>[] } } })
      .data;
    const [first] = full.meterSchema.metrics;
    const metrics = Array.from({ length: 300 }, (_, i) => ({
      ...first,
      metric: { id: String(90_000 + i), name: `m${i}` },
      displayName: `Metric ${i}`,
    }));
    h.sandbox.admin.inject({
      endpoint: `GET /data-sources/${source.id}`,
      status: 200,
      body: { data: { ...full, meterSchema: { ...full.meterSchema, metrics } } },
      times: 20,
    });
    try {
      const message = h.standin.addMessage({
        channel: CHANNEL,
        text: 'card',
        blocks: [
          {
            type: 'actions',
            elements: [
              {
                type: 'button',
                action_id: 'source_enter_reading',
                text: { type: 'plain_text', text: 'Enter reading' },
                value: source.id,
              },
            ],
          },
        ],
      });
      await h.driver.blockAction({ actionId: 'source_enter_reading', message });
      const view = await waitFor(() =>
        h.standin.views().find((v) => v.callback_id === 'reading_entry' && v.open),
      );
      expect(view.blocks.length).toBeLessThanOrEqual(100);
      const updates = h.standin.callsTo('views.update');
      expect(updates.every((c) => c.response.ok === true)).toBe(true);
    } finally {
      h.sandbox.admin.clearInjections();
    }
  });
});
