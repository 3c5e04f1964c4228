import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows, startApi, T0, type Api } from './helpers.ts';

let api: Api;
beforeAll(async () => {
  api = await startApi({ ingestionDelayMs: 2000 });
});
afterAll(() => api.sandbox.close());

const REL = 'startHour=00:00:00&endHour=23:59:59&startOffset=1%20day&endOffset=0%20days';

describe('GET /reading', () => {
  it.each([
    ['no time filter', ''],
    ['startTime without endTime', '&startTime=2026-11-20T00:00:00'],
    ['three of four relative parameters', '&startHour=00:00:00&endHour=23:59:59&startOffset=1%20day'],
    ['mixed modes', `&startTime=2026-11-20T00:00:00&endTime=2026-11-21T00:00:00&startHour=00:00:00`],
    ['a malformed startTime', '&startTime=yesterday&endTime=2026-11-21T00:00:00'],
    ['startTime after endTime', '&startTime=2026-11-21T00:00:00&endTime=2026-11-20T00:00:00'],
    ['a malformed offset', '&startHour=00:00:00&endHour=23:59:59&startOffset=lots&endOffset=0%20days'],
    ['a malformed hour', '&startHour=25:00:00&endHour=23:59:59&startOffset=1%20day&endOffset=0%20days'],
  ])('answers 400 for %s', async (_label, q) => {
    expect((await api.call(`/reading?meterId=1001${q}`)).status).toBe(400);
  });

  it('returns flat rows newest first, UTC event_date with microseconds and a numeric meter_id', async () => {
    const data = rows(await api.data(`/reading?meterId=1001&${REL}&limit=5`));
    expect(data).toHaveLength(5);
    for (const row of data) {
      expect(row.event_date).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/);
      expect(row.meter_id).toBe(1001);
      expect(Object.keys(row)).toEqual(['1101', '1102', '1103', '1104', '1199', 'meter_id', 'event_date']);
    }
    const times = data.map((r) => Date.parse(String(r.event_date)));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(times[0]).toBeLessThanOrEqual(T0);
  });

  it('reads local startTime/endTime in the source site time zone', async () => {
    // Berlin is UTC+1 in November: 12:00 local is 11:00Z.
    const data = rows(
      await api.data('/reading?meterId=1001&startTime=2026-11-21T12:00:00&endTime=2026-11-21T12:00:00'),
    );
    expect(data.map((r) => r.event_date)).toEqual(['2026-11-21T11:00:00.000000Z']);
  });

  it('keeps the daily hour window of relative mode', async () => {
    const data = rows(
      await api.data(
        '/reading?meterId=1001&startHour=08:00:00&endHour=08:30:00&startOffset=3%20days&endOffset=0%20days',
      ),
    );
    expect(data.length).toBe(9);
    for (const row of data) expect(String(row.event_date).slice(11, 16)).toMatch(/^07:(00|15|30)$/);
  });

  it('shows a written reading only after the ingestion delay, with omitted metrics null', async () => {
    const body = [
      { meterId: '1008', readings: [{ timestamp: '2026-11-21T11:59:30Z', values: { '1101': 999.5 } }] },
    ];
    expect((await api.call('/reading', { method: 'POST', body })).body).toEqual({ data: 'SUCCESS' });
    const q = '/reading?meterId=1008&startTime=2026-11-21T11:59:30Z&endTime=2026-11-21T11:59:30Z';
    expect(await api.data(q)).toBeNull();
    api.sandbox.admin.tick(2000);
    const [row] = rows(await api.data(q));
    expect(row).toMatchObject({
      '1101': 999.5,
      '1102': null,
      '1104': null,
      meter_id: 1008,
      event_date: '2026-11-21T11:59:30.000000Z',
    });
  });
});

describe('GET /reading/template', () => {
  it('returns only the header, without a trailing newline, for a source with no readings', async () => {
    const spare = api.sandbox.admin.state.sources.find((s) => s.name === 'Spare Sensor')?.id;
    expect(await api.data(`/reading/template?meterId=${spare}`)).toBe('timestamp,Temperature,Humidity,CO2');
  });

  it('puts the latest reading on line 2 with a site-local timestamp carrying an offset, calculated metrics omitted', async () => {
    const kolkata = api.sandbox.admin.state.sources.find((s) => s.name === 'Press Shop Energy')?.id;
    const csv = String(await api.data(`/reading/template?meterId=${kolkata}`));
    const [header, line, extra] = csv.split('\n');
    expect(header).toBe('timestamp,Active Power,Energy,Power Factor,Breaker State');
    expect(extra).toBeUndefined();
    expect(line).toMatch(/^2026-11-21T17:\d{2}:00\+05:30,/);
  });
});
