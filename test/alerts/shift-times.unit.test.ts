import { describe, expect, it } from 'vitest';
import {
  lastShiftChange,
  parseShiftTimes,
  previousShiftChange,
  shiftChangesBetween,
} from '../../src/alerts/rules/shift-times.ts';

const iso = (ms: number[]) => ms.map((m) => new Date(m).toISOString().slice(0, 16));
const day = (from: string, to: string, zone: string, times: string[]) =>
  iso(shiftChangesBetween(Date.parse(from), Date.parse(to), zone, times));

describe('shift changes in the site zone', () => {
  it('parses a list of times, sorted and unique', () => {
    expect(parseShiftTimes('22:00, 6:00,14:00,06:00')).toEqual({
      ok: true,
      times: ['06:00', '14:00', '22:00'],
    });
    expect(parseShiftTimes('25:00')).toMatchObject({ ok: false, message: expect.stringContaining('25:00') });
    expect(parseShiftTimes('')).toMatchObject({ ok: false });
  });

  it('Berlin and Chicago change shifts at their own local times', () => {
    const times = ['06:00', '14:00', '22:00'];
    expect(day('2026-11-20T00:00Z', '2026-11-20T23:59Z', 'Europe/Berlin', times)).toEqual([
      '2026-11-20T05:00',
      '2026-11-20T13:00',
      '2026-11-20T21:00',
    ]);
    expect(day('2026-11-20T00:00Z', '2026-11-20T23:59Z', 'America/Chicago', times)).toEqual([
      '2026-11-20T04:00', // 22:00 CST the day before
      '2026-11-20T12:00',
      '2026-11-20T20:00',
    ]);
  });

  it('2026-03-29 in Berlin: a shift change in the skipped hour (02:30) happens once, at 03:30 CEST', () => {
    expect(day('2026-03-28T23:00Z', '2026-03-29T23:00Z', 'Europe/Berlin', ['02:30', '06:00'])).toEqual([
      '2026-03-29T01:30',
      '2026-03-29T04:00',
    ]);
  });

  it('2026-11-01 in Chicago: a shift change in the repeated hour (01:30) happens once', () => {
    expect(day('2026-11-01T04:00Z', '2026-11-02T04:00Z', 'America/Chicago', ['01:30', '06:00'])).toEqual([
      '2026-11-01T06:30',
      '2026-11-01T12:00',
    ]);
  });

  it('the last and previous shift change around a time', () => {
    const times = ['06:00', '14:00', '22:00'];
    const at = Date.parse('2026-11-20T13:30Z'); // 14:30 in Berlin
    expect(iso([lastShiftChange(at, 'Europe/Berlin', times) ?? 0])).toEqual(['2026-11-20T13:00']);
    expect(iso([previousShiftChange(Date.parse('2026-11-20T13:00Z'), 'Europe/Berlin', times)])).toEqual([
      '2026-11-20T05:00',
    ]);
    expect(iso([lastShiftChange(at, null, times) ?? 0])).toEqual(['2026-11-20T06:00']);
  });
});
