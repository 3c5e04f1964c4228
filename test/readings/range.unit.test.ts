import { describe, expect, it } from 'vitest';
import {
  parseReadingArgs,
  resolveRange,
  ReadingRangeError,
  toTimeRange,
  zoneOrUtc,
} from '../../src/readings/rules/range.ts';

const H = 3_600_000;
const utc = (iso: string) => Date.parse(iso);

describe('parseReadingArgs', () => {
  it.each([
    ['Boiler 1', 'Boiler 1', { kind: 'default' }, false],
    ['Boiler 1 1h', 'Boiler 1', { kind: 'last', amount: 1, unit: 'h' }, false],
    ['Boiler 1 24h', 'Boiler 1', { kind: 'last', amount: 24, unit: 'h' }, false],
    ['Boiler 1 7d', 'Boiler 1', { kind: 'last', amount: 7, unit: 'd' }, false],
    ['Boiler 1 30d export', 'Boiler 1', { kind: 'last', amount: 30, unit: 'd' }, true],
    ['Main meter today', 'Main meter', { kind: 'today' }, false],
    ['Main meter YESTERDAY', 'Main meter', { kind: 'yesterday' }, false],
    ['42 2026-11-01..2026-11-07', '42', { kind: 'dates', from: '2026-11-01', to: '2026-11-07' }, false],
    ['Boiler 1 2026-10-25', 'Boiler 1', { kind: 'dates', from: '2026-10-25', to: '2026-10-25' }, false],
    [
      'Pump  3 2026-11-01 08:00..2026-11-01 16:00 export',
      'Pump 3',
      { kind: 'datetimes', from: '2026-11-01 08:00', to: '2026-11-01 16:00' },
      true,
    ],
    ['Line 2 export', 'Line 2', { kind: 'default' }, true],
  ])('reads %j', (text, source, range, exp) => {
    expect(parseReadingArgs(text)).toEqual({ sourceQuery: source, range, export: exp });
  });

  it('keeps a trailing number that is not a range as part of the source name', () => {
    expect(parseReadingArgs('Pump 2').sourceQuery).toBe('Pump 2');
    expect(parseReadingArgs('Tank 2 Level').sourceQuery).toBe('Tank 2 Level');
  });

  it.each([
    ['Main Energy Meter 3 weeks', '“3 weeks”'],
    ['Main Energy Meter 2hrs', '“2hrs”'],
    ['Boiler 1 90 min export', '“90 min”'],
    ['Boiler 1 yesterday..today', '“yesterday..today”'],
    ['Boiler 1 2026-11-01 .. now', '“2026-11-01 .. now”'],
  ])('says %j has a range it does not understand (the answer goes on with the forms)', (text, quoted) => {
    expect(() => parseReadingArgs(text)).toThrow(ReadingRangeError);
    expect(() => parseReadingArgs(text)).toThrow(`${quoted} is not a range I understand`);
  });

  it.each([
    'Boiler 0h',
    'Boiler 9999d',
    'Boiler 2026-02-30..2026-03-02',
    'Boiler 2026-11-01 25:00..2026-11-02 01:00',
  ])('rejects the impossible range in %j', (text) => {
    expect(() => parseReadingArgs(text)).toThrow(ReadingRangeError);
  });
});

describe('resolveRange across daylight-saving days', () => {
  it.each([
    [
      'Europe/Berlin',
      '2026-03-29T12:00:00Z',
      '2026-03-28T23:00:00Z',
      '2026-03-29T22:00:00Z',
      23,
      '2026-03-29',
    ],
    [
      'Europe/Berlin',
      '2026-10-25T12:00:00Z',
      '2026-10-24T22:00:00Z',
      '2026-10-25T23:00:00Z',
      25,
      '2026-10-25',
    ],
    [
      'America/Chicago',
      '2026-03-08T18:00:00Z',
      '2026-03-08T06:00:00Z',
      '2026-03-09T05:00:00Z',
      23,
      '2026-03-08',
    ],
    [
      'America/Chicago',
      '2026-11-01T18:00:00Z',
      '2026-11-01T05:00:00Z',
      '2026-11-02T06:00:00Z',
      25,
      '2026-11-01',
    ],
  ])('"today" in %s at %s is local midnight to midnight', (zone, now, start, end, hours, day) => {
    const r = resolveRange({ kind: 'today' }, zone, utc(now));
    expect(r.startMs).toBe(utc(start));
    expect(r.endMs).toBe(utc(end));
    expect((r.endMs - r.startMs) / H).toBe(hours);
    expect(r.startLocal).toBe(`${day}T00:00:00`);
    expect(r.label).toBe(`today (${day})`);
  });

  it('"yesterday" the day after a 25-hour day spans 25 hours', () => {
    const r = resolveRange({ kind: 'yesterday' }, 'Europe/Berlin', utc('2026-10-26T09:00:00Z'));
    expect(r.startLocal).toBe('2026-10-25T00:00:00');
    expect(r.endLocal).toBe('2026-10-26T00:00:00');
    expect((r.endMs - r.startMs) / H).toBe(25);
  });

  it('"today" just after local midnight belongs to the new local day, not the UTC day', () => {
    const r = resolveRange({ kind: 'today' }, 'America/Chicago', utc('2026-11-02T05:30:00Z'));
    expect(r.startLocal).toBe('2026-11-01T00:00:00');
  });

  it('hour ranges are elapsed time; day ranges follow the wall clock', () => {
    const now = utc('2026-03-30T10:00:00Z');
    const h = resolveRange({ kind: 'last', amount: 24, unit: 'h' }, 'Europe/Berlin', now);
    expect(h.endMs - h.startMs).toBe(24 * H);
    const d = resolveRange({ kind: 'last', amount: 7, unit: 'd' }, 'Europe/Berlin', now);
    expect(d.startLocal).toBe('2026-03-23T12:00:00');
    expect(d.endLocal).toBe('2026-03-30T12:00:00');
    expect(d.endMs - d.startMs).toBe(7 * 24 * H - H);
  });

  it('a date range includes its last day, in site time', () => {
    const r = resolveRange({ kind: 'dates', from: '2026-11-01', to: '2026-11-07' }, 'America/Chicago', 0);
    expect(r.startMs).toBe(utc('2026-11-01T05:00:00Z'));
    expect(r.endMs).toBe(utc('2026-11-08T06:00:00Z'));
    expect(toTimeRange(r)).toEqual({
      mode: 'absolute',
      startTime: '2026-11-01T00:00:00',
      endTime: '2026-11-08T00:00:00',
    });
  });

  it('a date-time range on the fall-back day uses standard time after 02:00', () => {
    const r = resolveRange(
      { kind: 'datetimes', from: '2026-11-01 08:00', to: '2026-11-01 16:00' },
      'America/Chicago',
      0,
    );
    expect(r.startMs).toBe(utc('2026-11-01T14:00:00Z'));
    expect(r.endMs).toBe(utc('2026-11-01T22:00:00Z'));
    expect(r.startLocal).toBe('2026-11-01T08:00:00');
    expect(r.endLocal).toBe('2026-11-01T16:00:00');
  });

  it('the default range is the last 24 hours', () => {
    const now = utc('2026-11-21T05:00:00Z');
    const r = resolveRange({ kind: 'default' }, 'UTC', now);
    expect([r.startMs, r.endMs]).toEqual([now - 24 * H, now]);
    expect(r.endLocal).toBe('2026-11-21T05:00:00');
  });

  it('rejects a range that ends before it starts', () => {
    expect(() =>
      resolveRange({ kind: 'datetimes', from: '2026-11-01 16:00', to: '2026-11-01 08:00' }, 'UTC', 0),
    ).toThrow(/ends before it starts/);
  });

  it('falls back to UTC for a missing or unknown zone', () => {
    expect(zoneOrUtc(null)).toBe('UTC');
    expect(zoneOrUtc('Mars/Olympus')).toBe('UTC');
    expect(zoneOrUtc('Europe/Berlin')).toBe('Europe/Berlin');
  });
});
