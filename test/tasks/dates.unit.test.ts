/** Due dates are calendar dates in the site's time zone. */
import { describe, expect, it } from 'vitest';
import { dueDeadline, isDueDate, isPastDue, siteToday, todayAt } from '../../src/tasks/rules/dates.ts';

describe('task due dates', () => {
  it('accepts only real YYYY-MM-DD dates', () => {
    expect(isDueDate('2026-02-28')).toBe(true);
    expect(isDueDate('2026-02-30')).toBe(false);
    expect(isDueDate('26-2-3')).toBe(false);
    expect(isDueDate('2024-02-29')).toBe(true);
    expect(isDueDate('2000-02-29')).toBe(true);
    expect(isDueDate('1900-02-29')).toBe(false);
    expect(isDueDate('2026-04-31')).toBe(false);
    expect(isDueDate('2026-12-31')).toBe(true);
    expect(isDueDate('2026-13-01')).toBe(false);
    expect(isDueDate('2026-00-10')).toBe(false);
    expect(isDueDate('2026-01-00')).toBe(false);
  });

  it('takes today at the site, not in UTC', () => {
    const lateEveningUtc = Date.UTC(2026, 10, 21, 22, 30);
    expect(siteToday(lateEveningUtc, 'UTC')).toBe('2026-11-21');
    expect(siteToday(lateEveningUtc, 'Australia/Sydney')).toBe('2026-11-22');
    expect(siteToday(lateEveningUtc, 'America/Chicago')).toBe('2026-11-21');
    expect(isPastDue('2026-11-21', lateEveningUtc, 'Australia/Sydney')).toBe(true);
    expect(isPastDue('2026-11-21', lateEveningUtc, 'America/Chicago')).toBe(false);
  });

  it('follows daylight saving when it takes today at the site', () => {
    expect(siteToday(Date.UTC(2026, 2, 29, 22, 30), 'Europe/Berlin')).toBe('2026-03-30');
    expect(siteToday(Date.UTC(2026, 2, 28, 22, 30), 'Europe/Berlin')).toBe('2026-03-28');
  });

  it('gives each zone its own today for one instant, however often asked', () => {
    const lateEveningUtc = Date.UTC(2026, 10, 21, 22, 30);
    const today = todayAt(lateEveningUtc);
    expect(today('Australia/Sydney')).toBe('2026-11-22');
    expect(today('America/Chicago')).toBe('2026-11-21');
    expect(today('Australia/Sydney')).toBe('2026-11-22');
    expect(today(null)).toBe('2026-11-21');
    expect(todayAt(Date.UTC(2026, 11, 31, 23, 59))('Asia/Kolkata')).toBe('2027-01-01');
  });

  it("turns the day at the site's midnight to the millisecond, however recently the zone was asked", () => {
    const midnightBerlin = Date.UTC(2026, 10, 21, 23, 0);
    expect(siteToday(midnightBerlin - 1, 'Europe/Berlin')).toBe('2026-11-21');
    expect(siteToday(midnightBerlin, 'Europe/Berlin')).toBe('2026-11-22');
    expect(siteToday(midnightBerlin - 1, 'Europe/Berlin')).toBe('2026-11-21');
    // Kathmandu is UTC+05:45: its midnight is not on an hour of UTC.
    const midnightKathmandu = Date.UTC(2026, 10, 21, 18, 15);
    expect(siteToday(midnightKathmandu - 1, 'Asia/Kathmandu')).toBe('2026-11-21');
    expect(siteToday(midnightKathmandu, 'Asia/Kathmandu')).toBe('2026-11-22');
  });

  it('counts in UTC when the site has no zone or one this runtime does not know', () => {
    const lateEveningUtc = Date.UTC(2026, 10, 21, 22, 30);
    expect(siteToday(lateEveningUtc, null)).toBe('2026-11-21');
    expect(siteToday(lateEveningUtc, 'Mars/Olympus_Mons')).toBe('2026-11-21');
    expect(isPastDue('2026-11-20', lateEveningUtc, 'Mars/Olympus_Mons')).toBe(true);
    expect(dueDeadline('2026-11-21', 'Mars/Olympus_Mons')).toBe(Date.UTC(2026, 10, 21, 23, 59));
  });

  it('ends a due day at 23:59 site time, across daylight saving', () => {
    expect(dueDeadline('2026-07-01', 'Europe/Berlin')).toBe(Date.UTC(2026, 6, 1, 21, 59));
    expect(dueDeadline('2026-12-01', 'Europe/Berlin')).toBe(Date.UTC(2026, 11, 1, 22, 59));
    expect(dueDeadline('nope', 'UTC')).toBeNull();
  });
});
