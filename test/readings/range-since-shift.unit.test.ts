/**
 * `since yesterday`, `since Monday`, `since 06:00`, `this shift`: parsed from what people type and resolved in the
 * site's own zone, daylight-saving days included; every range half-open; every form survives a button.
 */
import { describe, expect, it } from 'vitest';
import {
  inRange,
  parseReadingArgs,
  ReadingRangeError,
  resolveRange,
  type RangeSpec,
} from '../../src/readings/rules/range.ts';
import { latestWallTime } from '../../src/readings/rules/shift-window.ts';
import { decodeSourceRange, encodeSourceRange } from '../../src/readings/render/source-ids.ts';

const H = 3_600_000;
const utc = (iso: string) => Date.parse(iso);

describe('parsing the since and shift forms', () => {
  it.each([
    ['Main Energy Meter since yesterday', { kind: 'since-day', day: 'yesterday' }],
    ['Main Energy Meter since today', { kind: 'since-day', day: 'today' }],
    ['Main Energy Meter since Monday', { kind: 'since-day', day: 'monday' }],
    ['Main Energy Meter since mon', { kind: 'since-day', day: 'monday' }],
    ['Main Energy Meter SINCE Thurs', { kind: 'since-day', day: 'thursday' }],
    ['Main Energy Meter since 06:00', { kind: 'since-time', time: '06:00' }],
    ['Main Energy Meter since 6:00', { kind: 'since-time', time: '06:00' }],
    ['Main Energy Meter since 2026-11-01 08:00', { kind: 'since', from: '2026-11-01 08:00' }],
    ['Main Energy Meter this shift', { kind: 'shift' }],
    ['Main Energy Meter current shift', { kind: 'shift' }],
  ])('reads %j', (text, range) => {
    expect(parseReadingArgs(text)).toEqual({ sourceQuery: 'Main Energy Meter', range, export: false });
  });

  it('keeps export after a since form', () => {
    expect(parseReadingArgs('Boiler 1 since yesterday export')).toEqual({
      sourceQuery: 'Boiler 1',
      range: { kind: 'since-day', day: 'yesterday' },
      export: true,
    });
  });

  it('rejects an impossible time of day', () => {
    expect(() => parseReadingArgs('Boiler since 25:00')).toThrow(ReadingRangeError);
    expect(() => parseReadingArgs('Boiler since 25:00')).toThrow('is not a time of day');
  });
});

describe('resolving them in the site’s zone', () => {
  // Tuesday 2026-11-03 15:17 in Chicago (CST), two days after the fall-back
  const NOW = utc('2026-11-03T21:17:00Z');
  const CHI = 'America/Chicago';

  it('since yesterday: from yesterday’s local 00:00 to now', () => {
    const r = resolveRange({ kind: 'since-day', day: 'yesterday' }, CHI, NOW);
    expect([r.startLocal, r.endLocal]).toEqual(['2026-11-02T00:00:00', '2026-11-03T15:17:00']);
    expect(r.label).toBe('since yesterday (2026-11-02)');
  });

  it('since yesterday the day after a 25-hour day starts at its local midnight', () => {
    const r = resolveRange({ kind: 'since-day', day: 'yesterday' }, CHI, utc('2026-11-02T12:00:00Z'));
    expect(r.startMs).toBe(utc('2026-11-01T05:00:00Z')); // 00:00 CDT
    expect((r.endMs - r.startMs) / H).toBe(31); // 25 h of Sunday + 6 h of Monday
  });

  it('since Monday: the most recent Monday, today when today is Monday', () => {
    const tue = resolveRange({ kind: 'since-day', day: 'monday' }, CHI, NOW);
    expect(tue.startLocal).toBe('2026-11-02T00:00:00');
    expect(tue.label).toBe('since Monday (2026-11-02)');
    const mon = resolveRange({ kind: 'since-day', day: 'monday' }, CHI, utc('2026-11-02T21:00:00Z'));
    expect(mon.startLocal).toBe('2026-11-02T00:00:00');
    const wed = resolveRange({ kind: 'since-day', day: 'wednesday' }, CHI, NOW);
    expect(wed.startLocal).toBe('2026-10-28T00:00:00');
  });

  it('since 06:00: today’s 06:00, or yesterday’s while today’s is still ahead', () => {
    const later = resolveRange({ kind: 'since-time', time: '06:00' }, CHI, NOW);
    expect(later.startLocal).toBe('2026-11-03T06:00:00');
    expect(later.label).toBe('since 06:00 (2026-11-03 06:00)');
    const early = resolveRange({ kind: 'since-time', time: '06:00' }, CHI, utc('2026-11-03T11:00:00Z')); // 05:00
    expect(early.startLocal).toBe('2026-11-02T06:00:00');
    expect((early.endMs - early.startMs) / H).toBe(23);
  });

  it('since 06:00 across the fall-back night is 25 hours of clock time back to yesterday’s 06:00', () => {
    // 2026-11-01 05:30 CST in Chicago: 06:00 is ahead, yesterday's 06:00 was CDT
    const r = resolveRange({ kind: 'since-time', time: '06:00' }, CHI, utc('2026-11-01T11:30:00Z'));
    expect(r.startMs).toBe(utc('2026-10-31T11:00:00Z'));
    expect((r.endMs - r.startMs) / H).toBe(24.5);
  });

  it('a time in the hour a spring-forward skips starts at the first instant after it', () => {
    // Berlin 2026-03-29: 02:00 → 03:00
    expect(latestWallTime(utc('2026-03-29T08:00:00Z'), 'Europe/Berlin', ['02:30'])).toBe(
      utc('2026-03-29T01:30:00Z'),
    );
  });

  it('this shift with the default shift changes 06:00, 14:00, 22:00, and says so', () => {
    const r = resolveRange({ kind: 'shift' }, CHI, NOW);
    expect(r.startLocal).toBe('2026-11-03T14:00:00');
    expect(r.label).toBe('this shift (since 14:00)');
    expect(r.note).toContain('default shift changes (06:00, 14:00, 22:00, site time)');
    const night = resolveRange({ kind: 'shift' }, CHI, utc('2026-11-03T09:00:00Z')); // 03:00
    expect(night.startLocal).toBe('2026-11-02T22:00:00');
  });

  it('this shift with the channel’s own shift changes', () => {
    const r = resolveRange({ kind: 'shift' }, CHI, NOW, { times: ['07:00', '19:00'], from: 'channel' });
    expect(r.startLocal).toBe('2026-11-03T07:00:00');
    expect(r.note).toBe(
      'This shift: since the latest of this channel’s shift changes (07:00, 19:00, site time).',
    );
  });

  it('asks the platform for whole seconds covering the range', () => {
    const r = resolveRange({ kind: 'since-day', day: 'today' }, 'UTC', utc('2026-11-03T10:00:00.250Z'));
    expect([r.startLocal, r.endLocal]).toEqual(['2026-11-03T00:00:00', '2026-11-03T10:00:01']);
  });
});

describe('one boundary rule', () => {
  it('holds the start and not the end: yesterday has its own 00:00 and not today’s', () => {
    const r = resolveRange({ kind: 'yesterday' }, 'UTC', utc('2026-11-03T12:00:00Z'));
    expect(inRange(r, utc('2026-11-02T00:00:00Z'))).toBe(true);
    expect(inRange(r, utc('2026-11-02T23:59:59.999Z'))).toBe(true);
    expect(inRange(r, utc('2026-11-03T00:00:00Z'))).toBe(false);
    expect(inRange(r, utc('2026-11-01T23:59:59.999Z'))).toBe(false);
  });
});

describe('ranges on buttons (Export CSV, a choice between sources)', () => {
  it.each<RangeSpec>([
    { kind: 'week', which: 'last' },
    { kind: 'since', from: '2026-11-01 08:00' },
    { kind: 'since-day', day: 'monday' },
    { kind: 'since-time', time: '06:00' },
    { kind: 'shift' },
  ])('carries %j through a button value', (r) => {
    expect(decodeSourceRange(encodeSourceRange({ s: '42', r }))).toEqual({ s: '42', r });
  });

  it('refuses a day that is not one', () => {
    expect(
      decodeSourceRange(JSON.stringify({ s: '42', r: { kind: 'since-day', day: 'someday' } })),
    ).toBeNull();
  });
});
