/** Site wall-clock formatting through Intl gives exactly what date-fns with @date-fns/tz gives. */
import { tz } from '@date-fns/tz';
import { format } from 'date-fns';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatWallClock } from '../../src/readings/rules/wall-clock.ts';

const ZONES = [
  'UTC',
  'Europe/Berlin',
  'America/New_York',
  'America/St_Johns',
  'Asia/Kolkata',
  'Asia/Kathmandu',
  'Australia/Lord_Howe',
  'Pacific/Chatham',
  'America/Sao_Paulo',
];
const PATTERNS = ['yyyy-MM-dd HH:mm', 'yyyy-MM-ddTHH:mm:ss', 'yyyy-MM-dd', 'HH:mm', 'MM-dd HH:mm'];
/** The same pattern in date-fns' syntax (a literal T is quoted there). */
const dateFns = (pattern: string) => pattern.replace('T', "'T'");

describe('wall clock', () => {
  it('formats any instant in any zone like date-fns', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: Date.UTC(1970, 0, 1), max: Date.UTC(2100, 0, 1) }),
        fc.constantFrom(...ZONES),
        fc.constantFrom(...PATTERNS),
        (ms, zone, pattern) => {
          const expected = format(new Date(ms), dateFns(pattern), { in: tz(zone) });
          expect(formatWallClock(ms, zone, pattern)).toBe(expected);
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('formats the minutes around daylight-saving changes like date-fns', () => {
    const edges = [
      Date.UTC(2026, 2, 29, 1),
      Date.UTC(2026, 9, 25, 1),
      Date.UTC(2026, 2, 8, 7),
      Date.UTC(2026, 3, 5, 15),
    ];
    for (const edge of edges)
      for (let ms = edge - 3_600_000; ms <= edge + 3_600_000; ms += 60_000)
        for (const zone of ZONES)
          expect(formatWallClock(ms, zone, 'yyyy-MM-ddTHH:mm:ss')).toBe(
            format(new Date(ms), "yyyy-MM-dd'T'HH:mm:ss", { in: tz(zone) }),
          );
  });

  it('midnight is 00, never 24', () => {
    expect(formatWallClock(Date.UTC(2026, 0, 1, 23), 'Europe/Berlin', 'yyyy-MM-dd HH:mm')).toBe(
      '2026-01-02 00:00',
    );
  });

  it('refuses an invalid instant as date-fns does', () => {
    expect(() => formatWallClock(Number.NaN, 'UTC', 'HH:mm')).toThrow(RangeError);
  });
});
