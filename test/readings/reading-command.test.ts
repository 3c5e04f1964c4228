/** /reading answers: chart in the thread, ambiguous and unknown names, bad ranges, sources without a schema. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkBlockKitAndStop } from '../fixtures/block-kit.ts';
import { startHarness, type Harness } from '../harness.ts';
import { CHANNEL, expectValidBlockKit, postedSince, waitFor } from './source-helpers.ts';
import { readingAnswer } from './flow-helpers.ts';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => checkBlockKitAndStop(h));

describe('/reading', () => {
  it('answers the latest reading and the last 24 h per metric, with units, site time and viewer-local time', async () => {
    const { json } = await readingAnswer(h, 'Main Energy Meter');
    expect(json).toContain('Main Energy Meter — last 24 h');
    expect(json).toContain('*Latest reading*');
    expect(json).toMatch(
      /\*Active Power\* \(kW\)\\nLatest \*[\d.,]+ kW\* · \d{4}-\d\d-\d\d \d\d:\d\d site time \(<!date\^\d+\^[^>]*> your time\)/,
    );
    expect(json).not.toContain('*1101*');
  });

  it('acks before calling the platform: the answer comes after the slow platform, not before the ack', async () => {
    h.sandbox.admin.inject({ endpoint: 'GET /data-sources', latencyMs: 1500, times: 1 });
    const posts = h.standin.callsTo('chat.postMessage').length;
    const res = await h.driver.command({ command: '/reading', text: 'Main Energy Meter 1h' });
    expect(res.status).toBe(200);
    // the platform is still answering, so nothing has been posted yet: the ack did not wait for it
    expect(h.standin.callsTo('chat.postMessage').length).toBe(posts);
    await waitFor(() =>
      h.standin
        .callsTo('chat.update')
        .find((c) => String(c.args.text).startsWith('Main Energy Meter — last 1 h')),
    );
  });

  it('puts a PNG chart of the numeric metrics into the answer’s thread', async () => {
    const { ts } = await readingAnswer(h, 'Cooling Water Flow 7d');
    const png = await waitFor(() =>
      h.standin.uploads().find((f) => f.name === 'Cooling-Water-Flow_last-7d.png' && f.completed),
    );
    expect(
      png.content.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])),
    ).toBe(true);
    expect(png.content.length).toBeLessThan(400_000);
    const complete = h.standin
      .callsTo('files.completeUploadExternal')
      .find((c) => JSON.stringify(c.args).includes(png.id));
    expect(complete?.args.thread_ts).toBe(ts);
  });

  it('keeps the numbers and notes it when the chart cannot be attached', async () => {
    h.standin.inject({ method: 'files.getUploadURLExternal', error: 'not_allowed_token_type', status: 200 });
    const { json, ts } = await readingAnswer(h, 'Chiller Flow 24h');
    expect(json).toContain('Chiller Flow — last 24 h');
    const note = await waitFor(() =>
      h.standin
        .messages(CHANNEL)
        .find((m) => m.thread_ts === ts && m.text.includes('chart could not be attached')),
    );
    expect(note.ephemeralTo).toBeDefined();
  });

  it('shows raw metric ids, and says why, for a source without a schema', async () => {
    const { json } = await readingAnswer(h, 'Legacy Gateway 24h');
    expect(json).toContain('*1401*');
    expect(json).toContain('no schema');
  });

  it('offers a choice when several sources match, and answers for the one picked', async () => {
    const since = postedSince(h);
    await h.driver.command({ command: '/reading', text: 'Energy 1h' });
    const choice = await waitFor(() => since().find((m) => m.text.includes('Several data sources')));
    expect(choice.ephemeralTo).toBeDefined();
    const updates = h.standin.callsTo('chat.update').length;
    await h.driver.blockAction({ actionId: 'reading_pick_source:1', message: choice });
    const answer = await waitFor(() =>
      h.standin
        .callsTo('chat.update')
        .slice(updates)
        .find((c) => String(c.args.text).includes('last 1 h')),
    );
    expect(String(answer.args.text)).toMatch(/Energy/);
  });

  it('takes a data source id as well as a name', async () => {
    const id = h.sandbox.admin.state.sources.find((s) => s.name === 'Boiler Feed Flow')!.id;
    const { json } = await readingAnswer(h, `${id} 1h`);
    expect(json).toContain('Boiler Feed Flow — last 1 h');
  });

  it('answers in the user’s DM, and says so, when it may not post in the channel', async () => {
    h.standin.inject({
      method: 'chat.postMessage',
      channel: 'C0MAINT',
      error: 'not_in_channel',
      status: 200,
    });
    const { message } = await readingAnswer(h, 'Main Energy Meter 1h', 'C0MAINT');
    expect(message.channel).not.toBe('C0MAINT');
    expect(message.text).toContain('Main Energy Meter — last 1 h');
    const note = await waitFor(() =>
      h.standin.messages('C0MAINT').find((m) => m.text.includes('answer is in our DM')),
    );
    expect(note.ephemeralTo).toBeDefined();
  });

  it('turns a platform outage into a short message with a reference, replacing the progress note', async () => {
    h.sandbox.admin.inject({ endpoint: 'GET /reading', status: 503, times: 20 });
    const since = postedSince(h);
    await h.driver.command({ command: '/reading', text: 'Main Energy Meter 1h' });
    const reply = await waitFor(() => since().find((m) => m.text.includes('platform is unavailable')), {
      timeoutMs: 10_000,
    });
    expect(reply.ephemeralTo).toBeDefined();
    expect(reply.text).toMatch(/ref `[A-Z2-9]{6}`/);
    expect(reply.text).not.toMatch(/at .*\.ts:\d+/);
    const progress = since().find((m) => m.text.startsWith('Reading Main Energy Meter'));
    expect(progress).toBeUndefined();
    expect(since().some((m) => m.text === 'Could not read Main Energy Meter (last 1 h).')).toBe(true);
    h.sandbox.admin.clearInjections();
  });

  it('says so when nothing matches', async () => {
    const since = postedSince(h);
    await h.driver.command({ command: '/reading', text: 'Nonexistent Thing 24h' });
    const reply = await waitFor(() => since().find((m) => m.text.includes('No data source matches')));
    expect(reply.ephemeralTo).toBeDefined();
  });

  it('refuses an impossible range at once, keeping what was typed in the notice', async () => {
    const res = await h.driver.command({
      command: '/reading',
      text: 'Main Energy Meter 2026-02-30..2026-03-02',
    });
    expect(JSON.stringify(res.body)).toContain('2026-02-30');
    expect(JSON.stringify(res.body)).toContain('not a real calendar date');
  });

  it('answers a range it does not understand with the accepted forms, not a failed source search', async () => {
    const res = await h.driver.command({ command: '/reading', text: 'Main Energy Meter 3 weeks' });
    const body = JSON.stringify(res.body);
    expect(body).toContain('3 weeks” is not a range I understand');
    expect(body).toContain('2026-10-25');
    expect(body).not.toContain('No data source matches');
  });

  it('says when a range ends before it starts', async () => {
    const since = postedSince(h);
    await h.driver.command({ command: '/reading', text: 'Main Energy Meter 2026-11-05..2026-11-01' });
    const reply = await waitFor(() => since().find((m) => m.text.includes('ends before it starts')));
    expect(reply.ephemeralTo).toBeDefined();
    expectValidBlockKit(h.standin);
  });
});
