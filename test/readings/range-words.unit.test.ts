/** The range words people type: from..to, last week, last 7 days, this week, since; and what was not understood. */
import { describe, expect, it } from 'vitest';
import { parseReadingArgs, resolveRange } from '../../src/readings/rules/range.ts';
import { explainRange, rangeExamples, sourceSplits } from '../../src/readings/rules/range-explain.ts';

describe('range words', () => {
  it.each([
    [
      'Main Energy Meter from 2026-11-20 to 2026-11-21',
      { kind: 'dates', from: '2026-11-20', to: '2026-11-21' },
    ],
    [
      'Main Energy Meter from 2026-11-20 08:00 to 2026-11-21 9:30',
      { kind: 'datetimes', from: '2026-11-20 08:00', to: '2026-11-21 09:30' },
    ],
    ['Main Energy Meter last week', { kind: 'week', which: 'last' }],
    ['Main Energy Meter this week', { kind: 'week', which: 'this' }],
    ['Main Energy Meter last 7 days', { kind: 'last', amount: 7, unit: 'd' }],
    ['Main Energy Meter last 24 hours', { kind: 'last', amount: 24, unit: 'h' }],
    ['Main Energy Meter since 2026-11-01', { kind: 'since', from: '2026-11-01' }],
  ])('reads %j', (text, range) => {
    expect(parseReadingArgs(text)).toEqual({ sourceQuery: 'Main Energy Meter', range, export: false });
  });

  it('resolves from..to as whole site-local days, end day included', () => {
    const r = resolveRange({ kind: 'dates', from: '2026-11-20', to: '2026-11-21' }, 'America/Sao_Paulo', 0);
    expect([r.startLocal, r.endLocal]).toEqual(['2026-11-20T00:00:00', '2026-11-22T00:00:00']);
  });

  it('resolves last week as the previous Monday-to-Sunday in the site’s zone, this week up to now', () => {
    // Wednesday 2026-11-25 02:00 in Berlin
    const now = Date.parse('2026-11-25T01:00:00Z');
    const last = resolveRange({ kind: 'week', which: 'last' }, 'Europe/Berlin', now);
    expect([last.startLocal, last.endLocal]).toEqual(['2026-11-16T00:00:00', '2026-11-23T00:00:00']);
    expect(last.label).toBe('last week (2026-11-16 to 2026-11-22)');
    const ths = resolveRange({ kind: 'week', which: 'this' }, 'Europe/Berlin', now);
    expect([ths.startLocal, ths.endLocal]).toEqual(['2026-11-23T00:00:00', '2026-11-25T02:00:00']);
  });

  it('resolves since <date> from that day’s site-local start until now', () => {
    const now = Date.parse('2026-11-25T12:00:00Z');
    const r = resolveRange({ kind: 'since', from: '2026-11-20' }, 'Asia/Tokyo', now);
    expect([r.startLocal, r.endLocal]).toEqual(['2026-11-20T00:00:00', '2026-11-25T21:00:00']);
  });
});

describe('what about a range was not understood', () => {
  it('tries the longest source name first, a bounded number of times', () => {
    expect(sourceSplits('Main Energy Meter from banana').map((s) => s.sourceQuery)).toEqual([
      'Main Energy Meter from',
      'Main Energy Meter',
      'Main Energy',
      'Main',
    ]);
    expect(sourceSplits('a b c d e f g h')).toHaveLength(4);
  });

  it('says “banana” after “from” is not a date', () => {
    // `from yesterday to today`: the trailing `today` is read as the range, and day words belong to `since`.
    expect(explainRange('from yesterday to')).toEqual({
      problem:
        '“from … to …” takes dates (use YYYY-MM-DD, or YYYY-MM-DD HH:mm); for yesterday until now say “since yesterday”',
      fix: 'since yesterday',
    });
    expect(explainRange('from 2026-11-01 to').problem).toBe(
      '“from 2026-11-01” needs an end: from 2026-11-01 to <date>',
    );
    expect(explainRange('from banana')).toEqual({
      problem: '“banana” after “from” is not a date (use YYYY-MM-DD, or YYYY-MM-DD HH:mm)',
      fix: null,
    });
  });

  it('names the stray word in “24h export please” and offers the range without it', () => {
    expect(explainRange('24h export please')).toEqual({
      problem: '“please” is not part of a range',
      fix: '24h export',
    });
  });

  it('says a from without to needs an end, and offers since', () => {
    expect(explainRange('from 2026-11-20')).toEqual({
      problem: '“from 2026-11-20” needs an end: from 2026-11-20 to <date>',
      fix: 'since 2026-11-20',
    });
  });

  it('lists the week and day words for an unknown “last …”', () => {
    expect(explainRange('last fortnight').problem).toContain(
      'say this shift, this week, last week, last 7 days',
    );
  });

  it('gives two examples', () => {
    expect(rangeExamples(explainRange('from banana'), '2026-11-25')).toEqual([
      'last 7 days',
      'from 2026-11-24 to 2026-11-25',
    ]);
  });
});
