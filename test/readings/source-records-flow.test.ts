/**
 * /source asked again within the minute: the list is read fresh, each hit's full record is not fetched again for
 * the same person; another person's search fetches the records with their own key; a reading entered through
 * fieldline makes the next search fetch that source's record again. /reading <id> <range> asked again reads only
 * the pages; the default range, whose answer shows the latest reading, reads the record every time.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkBlockKitAndStop } from '../fixtures/block-kit.ts';
import { startHarness, type Harness } from '../harness.ts';
import { readingAnswer } from './flow-helpers.ts';
import { postedSince, sourceNamed, waitFor } from './source-helpers.ts';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => checkBlockKitAndStop(h));

/** Runs `/source <text>` as `user` and waits until its job is done. */
async function search(text: string, user?: string) {
  const since = postedSince(h);
  await h.driver.command({ command: '/source', text, ...(user ? { user } : {}) });
  const list = await waitFor(() => since().find((m) => m.ephemeralTo && m.text.includes('matching')));
  await h.app.whenIdle();
  return list;
}

function recordCalls(id?: string) {
  return h.sandbox.admin
    .requests()
    .filter(
      (r) =>
        r.method === 'GET' &&
        (id ? r.path === `/data-sources/${id}` : /^\/data-sources\/[^/]+$/.test(r.path)),
    );
}

describe('/source records', () => {
  it('fetches each hit’s record once per person within the minute, the list every time', async () => {
    h.sandbox.admin.clearRequests();
    await search('Climate');
    const first = recordCalls();
    expect(first.length).toBeGreaterThan(0);
    const again = await search('Climate');
    expect(JSON.stringify(again.blocks)).toMatch(/Active|Inactive|Pending Readings/);
    expect(recordCalls()).toHaveLength(first.length);
    const lists = h.sandbox.admin.requests().filter((r) => r.path === '/data-sources');
    expect(lists).toHaveLength(2);

    await search('Climate', 'U0BEN');
    const all = recordCalls();
    expect(all).toHaveLength(2 * first.length);
    const keysOf = (calls: typeof all) => new Set(calls.map((r) => r.headers['x-api-key']));
    const anaKeys = keysOf(first);
    expect(anaKeys.size).toBe(1);
    for (const key of keysOf(all.slice(first.length))) expect(anaKeys.has(key)).toBe(false);
  });

  it('fetches a source’s record again after a reading was entered for it', async () => {
    const source = sourceNamed(h, 'Hall A Climate');
    await search('Hall A Climate');
    h.sandbox.admin.clearRequests();
    await search('Hall A Climate');
    expect(recordCalls(source.id)).toHaveLength(0);

    const list = await search('Hall A Climate');
    const mark = h.standin.messages().length;
    await h.driver.blockAction({ actionId: 'source_details:0', message: list });
    const message = await waitFor(() =>
      h.standin
        .messages()
        .slice(mark)
        .find((m) => JSON.stringify(m.blocks).includes('Data source id')),
    );
    await h.driver.blockAction({ actionId: 'source_enter_reading', message });
    const view = await waitFor(() =>
      h.standin.views().find((v) => v.callback_id === 'reading_entry' && v.open),
    );
    const written = h.sandbox.admin.written().readings.length;
    await h.driver.viewSubmission({ view, values: { metric_1301: '22.5' } });
    await waitFor(() => h.sandbox.admin.written().readings.length > written);
    await h.app.whenIdle();

    h.sandbox.admin.clearRequests();
    await search('Hall A Climate');
    expect(recordCalls(source.id)).toHaveLength(1);
  });
});

describe('/reading records', () => {
  const calls = (path: RegExp) =>
    h.sandbox.admin.requests().filter((r) => r.method === 'GET' && path.test(r.path));

  it('answers a source and range asked again within the minute from the pages alone, the same answer', async () => {
    const source = sourceNamed(h, 'Main Energy Meter');
    const first = await readingAnswer(h, `${source.id} 24h`);
    await h.app.whenIdle();
    h.sandbox.admin.clearRequests();
    const again = await readingAnswer(h, `${source.id} 24h`);
    await h.app.whenIdle();
    expect(calls(/^\/data-sources/)).toEqual([]);
    expect(calls(/^\/reading$/).length).toBeGreaterThan(0);
    const header = (json: string) => /Main Energy Meter — last 24 h/.test(json) && /Active Power/.test(json);
    expect(header(first.json) && header(again.json)).toBe(true);

    await readingAnswer(h, `${source.id} 24h`, undefined, 'U0BEN');
    await h.app.whenIdle();
    const records = calls(new RegExp(`^/data-sources/${source.id}$`));
    expect(records).toHaveLength(1);
    expect(calls(/^\/data-sources$/)).toHaveLength(1);
  });

  it('reads the record, with its latest reading, every time the default range is asked', async () => {
    const source = sourceNamed(h, 'Main Energy Meter');
    await readingAnswer(h, source.id);
    h.sandbox.admin.clearRequests();
    const { json } = await readingAnswer(h, source.id);
    await h.app.whenIdle();
    expect(json).toContain('*Latest reading*');
    const records = calls(new RegExp(`^/data-sources/${source.id}$`));
    expect(records.map((r) => r.query.withLastReading)).toEqual(['true']);
  });
});
