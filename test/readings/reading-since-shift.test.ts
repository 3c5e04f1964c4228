/**
 * /reading with `since yesterday`, `since Monday`, `since 06:00`, `today` and `this shift`, in the site's time zone
 * (Chicago Works, America/Chicago); "this shift" says whose shift changes it used; a range /reading does not know is
 * answered with the list of forms; and one boundary rule: "yesterday" counts the same readings in the report, the
 * chart and the CSV export.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkBlockKitAndStop } from '../fixtures/block-kit.ts';
import { startHarness, type Harness } from '../harness.ts';
import { RANGE_FORMS } from '../../src/readings/render/readings-help.ts';
import { resolveRange } from '../../src/readings/rules/range.ts';
import { expectValidBlockKit, postedSince, sourceNamed, waitFor } from './source-helpers.ts';
import { readingAnswer, readingWindows } from './flow-helpers.ts';

const NOW = Date.parse('2026-11-03T21:17:00Z'); // Tuesday 15:17 CST in Chicago
let h: Harness;
beforeAll(async () => {
  h = await startHarness({ clock: { now: () => NOW }, sandbox: { now: () => NOW } });
});
afterAll(() => checkBlockKitAndStop(h));

const SOURCE = 'Line 1 Energy Meter'; // Chicago Works, a reading every 15 minutes
const ALERTS = 'C0ALERTS';

describe('/reading since …, today and this shift, in site time', () => {
  it.each([
    ['since yesterday', 'since yesterday (2026-11-02)', '2026-11-02T00:00:00'],
    ['since Monday', 'since Monday (2026-11-02)', '2026-11-02T00:00:00'],
    ['since 06:00', 'since 06:00 (2026-11-03 06:00)', '2026-11-03T06:00:00'],
    ['since 2026-11-01 08:00', 'since 2026-11-01 08:00', '2026-11-01T08:00:00'],
    ['today', 'today (2026-11-03)', '2026-11-03T00:00:00'],
  ])('"%s" answers %s, asked for from %s', async (range, label, start) => {
    h.sandbox.admin.clearRequests();
    const { json } = await readingAnswer(h, `${SOURCE} ${range}`);
    expect(json).toContain(`${SOURCE} — ${label}`);
    expect(readingWindows(h)[0]?.[0]).toBe(start);
    expect(json).not.toContain('is not a date');
  });

  it('this shift, where the channel has no shift changes: from the default 14:00, and says so', async () => {
    h.sandbox.admin.clearRequests();
    const { json } = await readingAnswer(h, `${SOURCE} this shift`);
    expect(json).toContain(`${SOURCE} — this shift (since 14:00)`);
    expect(json).toContain('2026-11-03 14:00 → 2026-11-03 15:17 site time (America/Chicago)');
    expect(json).toContain('default shift changes (06:00, 14:00, 22:00, site time)');
    expect(readingWindows(h)[0]).toEqual(['2026-11-03T14:00:00', '2026-11-03T15:17:00']);
  });

  it('this shift, in a channel with its own shift handover times: from its latest one', async () => {
    const since = postedSince(h, ALERTS);
    await h.driver.command({
      command: '/monitor',
      text: 'digest at 07:00,19:00 site Chicago Works',
      channel: ALERTS,
    });
    await waitFor(() => since().find((m) => m.text.includes('will be posted here at 07:00, 19:00')));
    const { json } = await readingAnswer(h, `${SOURCE} this shift`, ALERTS);
    expect(json).toContain(`${SOURCE} — this shift (since 07:00)`);
    expect(json).toContain('this channel’s shift changes (07:00, 19:00, site time)');
    // the other channel keeps the default
    const general = await readingAnswer(h, `${SOURCE} this shift`);
    expect(general.json).toContain('this shift (since 14:00)');
  });

  it('exports this shift from the answer’s button, the same window, saying which shift changes it used', async () => {
    const { message } = await readingAnswer(h, `${SOURCE} this shift`, ALERTS);
    const before = h.standin.callsTo('chat.update').length;
    await h.driver.blockAction({ actionId: 'source_export', message, channel: ALERTS });
    const done = await waitFor(() =>
      h.standin
        .callsTo('chat.update')
        .slice(before)
        .find((c) => String(c.args.text).includes('readings exported')),
    );
    expect(String(done.args.text)).toContain('this shift (since 07:00)');
    expect(JSON.stringify(done.args.blocks)).toContain('this channel’s shift changes (07:00, 19:00');
  });

  it('answers a range it does not know with the accepted forms', async () => {
    const res = await h.driver.command({ command: '/reading', text: `${SOURCE} 3 weeks` });
    const body = JSON.stringify(res.body);
    expect(body).toContain('“3 weeks” is not a range I understand.');
    for (const f of RANGE_FORMS) expect(body).toContain(f.forms);
  });

  it('says what after since it did not understand, with the forms it does', async () => {
    const since = postedSince(h);
    await h.driver.command({ command: '/reading', text: `${SOURCE} since lunch` });
    const note = await waitFor(() => since().find((m) => m.ephemeralTo && m.text.includes('I found')));
    expect(note.text).toContain(
      '“lunch” after “since” is not a day or time I understand: say since yesterday, since Monday, since 06:00',
    );
    expectValidBlockKit(h.standin);
  });
});

describe('one boundary rule: [start, end)', () => {
  it('counts yesterday the same in the report, the chart and the CSV export (96 readings, not 97)', async () => {
    const { json } = await readingAnswer(h, `${SOURCE} yesterday`);
    expect(json).toContain('· 96 readings');
    expect(json).toMatch(/Active Power\*.*· 96 values/);

    // the chart drawn for the same answer holds the same readings
    const source = sourceNamed(h, SOURCE);
    const record = await h.asPerson('U0ANA', () => h.deps.sources.load(source.id));
    const range = resolveRange({ kind: 'yesterday' }, 'America/Chicago', NOW);
    const report = await h.asPerson('U0ANA', () =>
      h.deps.sources.report(record, { spec: { kind: 'yesterday' }, range }),
    );
    const power = report.chart?.series.find((s) => s.metricId === '1101');
    expect(power?.buckets.reduce((n, b) => n + b.count, 0)).toBe(96);
    expect(report.summary.rows).toBe(96);

    // the platform's own file for that window holds the next day's 00:00 as well…
    const q = new URLSearchParams({
      meterId: source.id,
      startTime: '2026-11-02T00:00:00',
      endTime: '2026-11-03T00:00:00',
    });
    const res = await fetch(`${h.sandbox.url}/export?${q}`, {
      headers: { 'x-api-key': h.sandbox.keys.full },
    });
    const { data } = (await res.json()) as { data: { fileUrl: string } };
    const raw = await (await fetch(data.fileUrl)).text();
    expect(raw.trim().split('\n')).toHaveLength(1 + 97);
    expect(raw).toContain('2026-11-03T00:00:00-06:00');

    // …and the export fieldline shares does not
    const before = h.standin.callsTo('chat.update').length;
    await h.driver.command({ command: '/reading', text: `${SOURCE} yesterday export` });
    const done = await waitFor(() =>
      h.standin
        .callsTo('chat.update')
        .slice(before)
        .find((c) => String(c.args.text).includes('readings exported')),
    );
    expect(String(done.args.text)).toContain('96 readings exported as Line-1-Energy-Meter_2026-11-02.csv');
    const file = await waitFor(() =>
      h.standin.uploads().find((f) => f.name === 'Line-1-Energy-Meter_2026-11-02.csv' && f.completed),
    );
    const csv = file.content.toString('utf8');
    expect(csv.trim().split('\n')).toHaveLength(1 + 96);
    expect(csv).toContain('2026-11-02T00:00:00-06:00');
    expect(csv).not.toContain('2026-11-03T00:00:00');
  });

  it('puts a phone-shaped chart in the thread: 960 px wide, taller than wide', async () => {
    const { ts } = await readingAnswer(h, `${SOURCE} 2026-11-01`);
    const png = await waitFor(() =>
      h.standin.uploads().find((f) => f.name === 'Line-1-Energy-Meter_2026-11-01.png' && f.completed),
    );
    const complete = h.standin
      .callsTo('files.completeUploadExternal')
      .find((c) => JSON.stringify(c.args).includes(png.id));
    expect(complete?.args.thread_ts).toBe(ts);
    const [width, height] = [png.content.readUInt32BE(16), png.content.readUInt32BE(20)];
    expect(width).toBe(960);
    expect(height).toBeGreaterThan(width);
  });
});
