/**
 * One list of range forms: the help shows it, and every example in it is a range /reading understands (the README
 * copies the same list).
 */
import { describe, expect, it } from 'vitest';
import { READING_HELP, RANGE_FORMS, rangeFormExamples } from '../../src/readings/render/readings-help.ts';
import { parseReadingArgs, resolveRange } from '../../src/readings/rules/range.ts';

describe('the range forms', () => {
  it.each(rangeFormExamples())('"%s" is a range /reading understands', (form) => {
    const args = parseReadingArgs(`Main Energy Meter ${form}`);
    expect(args.sourceQuery).toBe('Main Energy Meter');
    expect(args.range.kind).not.toBe('default');
    const r = resolveRange(args.range, 'Europe/Berlin', Date.parse('2026-11-25T12:00:00Z'));
    expect(r.endMs).toBeGreaterThan(r.startMs);
  });

  it('covers since yesterday, since Monday, since 06:00, today and this shift', () => {
    expect(rangeFormExamples()).toEqual(
      expect.arrayContaining(['since yesterday', 'since Monday', 'since 06:00', 'today', 'this shift']),
    );
  });

  it('is the help’s list', () => {
    for (const f of RANGE_FORMS) expect(READING_HELP.lines).toContainEqual({ usage: f.forms, what: f.what });
  });
});
