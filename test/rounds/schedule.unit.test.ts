/** Round schedules in site time, DST days included, and the /round and /handover text. */
import { describe, expect, it } from 'vitest';
import {
  lastSlot,
  nextSlot,
  parseTimes,
  parseWeekdays,
  siteTime,
  slotsBetween,
} from '../../src/rounds/rules/schedule.ts';
import { parseHandoverCommand, parseRoundCommand } from '../../src/rounds/rules/round-parse.ts';
import { breaches } from '../../src/rounds/rules/limits.ts';

const iso = (ms: number[]) => ms.map((m) => new Date(m).toISOString());
const day = (from: string, to: string) => [Date.parse(from), Date.parse(to)] as const;
const BERLIN = 'Europe/Berlin';

describe('round schedule (site time, DST-correct)', () => {
  it('08:00 Berlin is 07:00Z before spring-forward and 06:00Z after it', () => {
    const [from, to] = day('2026-03-27T00:00:00Z', '2026-03-30T23:59:00Z');
    expect(
      iso(slotsBetween({ times: ['08:00'], weekdays: [1, 2, 3, 4, 5, 6, 7], zone: BERLIN }, from, to)),
    ).toEqual([
      '2026-03-27T07:00:00.000Z',
      '2026-03-28T07:00:00.000Z',
      '2026-03-29T06:00:00.000Z',
      '2026-03-30T06:00:00.000Z',
    ]);
  });

  it('02:30 on the spring-forward day (it does not exist) falls once, on 03:30 CEST', () => {
    const [from, to] = day('2026-03-28T12:00:00Z', '2026-03-29T12:00:00Z');
    const slots = slotsBetween({ times: ['02:30'], weekdays: [1, 2, 3, 4, 5, 6, 7], zone: BERLIN }, from, to);
    expect(iso(slots)).toEqual(['2026-03-29T01:30:00.000Z']);
    expect(siteTime(slots[0] ?? 0, BERLIN)).toBe('03:30');
  });

  it('02:30 on the fall-back day (it happens twice) is due once', () => {
    const [from, to] = day('2026-10-24T12:00:00Z', '2026-10-25T12:00:00Z');
    const slots = slotsBetween({ times: ['02:30'], weekdays: [1, 2, 3, 4, 5, 6, 7], zone: BERLIN }, from, to);
    expect(slots).toHaveLength(1);
    expect(['2026-10-25T00:30:00.000Z', '2026-10-25T01:30:00.000Z']).toContain(iso(slots)[0]);
  });

  it('a whole fall-back day in Chicago has each time once, 25 hours apart where the clock went back', () => {
    const [from, to] = day('2026-10-31T12:00:00Z', '2026-11-02T12:00:00Z');
    const slots = slotsBetween(
      { times: ['00:30', '06:00'], weekdays: [1, 2, 3, 4, 5, 6, 7], zone: 'America/Chicago' },
      from,
      to,
    );
    // 2026-11-01: CDT → CST at 02:00; 00:30 CDT = 05:30Z, 06:00 CST = 12:00Z
    expect(iso(slots)).toContain('2026-11-01T05:30:00.000Z');
    expect(iso(slots)).toContain('2026-11-01T12:00:00.000Z');
    expect(new Set(slots).size).toBe(slots.length);
  });

  it('weekdays are the site’s: Mon–Fri skips the weekend in the site’s calendar', () => {
    // 00:30 in Tokyo is the day before in UTC: Fri 27 (26 15:30Z), then Sat and Sun skipped, Mon 30, Tue 31
    const [from, to] = day('2026-03-26T00:00:00Z', '2026-03-31T00:00:00Z');
    const slots = slotsBetween({ times: ['00:30'], weekdays: [1, 2, 3, 4, 5], zone: 'Asia/Tokyo' }, from, to);
    expect(iso(slots)).toEqual([
      '2026-03-26T15:30:00.000Z',
      '2026-03-29T15:30:00.000Z',
      '2026-03-30T15:30:00.000Z',
    ]);
  });

  it('next and last slot around now', () => {
    const s = { times: ['06:00', '14:00', '22:00'], weekdays: [1, 2, 3, 4, 5, 6, 7], zone: BERLIN };
    const now = Date.parse('2026-03-29T10:00:00Z'); // 12:00 CEST
    expect(new Date(lastSlot(s, now) ?? 0).toISOString()).toBe('2026-03-29T04:00:00.000Z');
    expect(new Date(nextSlot(s, now) ?? 0).toISOString()).toBe('2026-03-29T12:00:00.000Z');
  });
});

describe('round command text', () => {
  it('reads a full add', () => {
    const c = parseRoundCommand(
      'add Daily Safety Round at 08:00,14:00 on mon-fri window 90m to <#C0ALERTS|alerts> limit "Oil Level" 20..80 create tasks',
    );
    expect(c).toEqual({
      kind: 'add',
      add: {
        name: 'Daily Safety Round',
        times: ['08:00', '14:00'],
        weekdays: [1, 2, 3, 4, 5],
        windowMs: 90 * 60_000,
        target: { kind: 'channel', id: 'C0ALERTS' },
        metrics: [],
        limits: [{ field: 'Oil Level', min: 20, max: 80 }],
        onOut: 'create',
      },
    });
  });

  it('people and groups as targets, metrics, open ranges', () => {
    const c = parseRoundCommand(
      'add "Boiler Feed Flow" metrics Flow, Pressure at 7:05 to <!subteam^S0LEADS|@leads> limit Flow ..30',
    );
    expect(c.kind === 'add' && c.add).toMatchObject({
      name: 'Boiler Feed Flow',
      times: ['07:05'],
      metrics: ['Flow', 'Pressure'],
      target: { kind: 'group', id: 'S0LEADS' },
      limits: [{ field: 'Flow', min: null, max: 30 }],
    });
    expect(parseRoundCommand('add X at 08:00 to <@U0BEN>')).toMatchObject({
      add: { target: { kind: 'person', id: 'U0BEN' } },
    });
  });

  it('says what is wrong, in words', () => {
    expect(parseRoundCommand('add X')).toMatchObject({
      kind: 'invalid',
      message: expect.stringContaining('at 08:00'),
    });
    expect(parseRoundCommand('add X at 25:00')).toMatchObject({
      kind: 'invalid',
      message: expect.stringContaining('25:00'),
    });
    expect(parseRoundCommand('add X at 08:00 on funday')).toMatchObject({ kind: 'invalid' });
    expect(parseRoundCommand('add X at 08:00 limit Oil 80..20')).toMatchObject({ kind: 'invalid' });
    expect(parseRoundCommand('frobnicate')).toMatchObject({
      kind: 'help',
      notice: expect.stringContaining('frobnicate'),
    });
    expect(parseWeekdays('fri-mon')).toEqual({ ok: true, value: [1, 5, 6, 7] });
    expect(parseTimes('8:00 08:00')).toEqual({ ok: true, value: ['08:00'] });
  });

  it('handover setup', () => {
    expect(
      parseHandoverCommand('setup site Chicago Works accept 45m group <!subteam^S0LEADS|@leads>'),
    ).toEqual({
      kind: 'setup',
      setup: { site: 'Chicago Works', acceptMs: 45 * 60_000, offerBeforeMs: null, group: 'S0LEADS' },
    });
    expect(parseHandoverCommand('')).toEqual({ kind: 'fill', site: '' });
    expect(parseHandoverCommand('setup accept 5m')).toMatchObject({ kind: 'invalid' });
  });

  it('limits: only numbers outside min/max', () => {
    const limits = [{ metricId: '2102', title: 'Oil Level', min: 20, max: 80 }];
    expect(breaches({ '2102': 95 }, limits)).toHaveLength(1);
    expect(breaches({ '2102': 20 }, limits)).toHaveLength(0);
    expect(breaches({ '2102': 'n/a' }, limits)).toHaveLength(0);
  });
});
