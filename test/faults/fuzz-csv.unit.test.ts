/**
 * Fuzzed CSV files for import, against a real template: the validator never throws, and every rejection names
 * a line that exists in the file; the rejection as shown in Slack names each line, escapes what the file
 * contained and stays within Block Kit limits.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkImportCsv } from '../../src/readings/rules/csv-check.ts';
import { renderCsvRejected } from '../../src/readings/render/reading-import.ts';
import { validateBlocks } from '../../src/slack-standin/index.ts';

const TEMPLATE = 'timestamp,Active Power,Energy,Power Factor,Breaker State\n';
const NUMERIC = ['Active Power', 'Energy', 'Power Factor'];
const HEADERS = [
  'timestamp',
  ...NUMERIC,
  'Breaker State',
  'Submission Id',
  'TIMESTAMP',
  'Unknown',
  '<!channel>',
  '',
];

const cell = fc.oneof(
  fc.string({ maxLength: 14 }),
  fc.constantFrom(
    '2026-11-01 08:00:00',
    '2026-11-01T08:00:00Z',
    '11/01/2026 08:00:00',
    '01.11.2026 08:00:00',
    '2026/11/01 08:00:00',
    '2026-02-30 08:00:00',
    '2026-03-29 02:30:00',
    '12.5',
    '-3e2',
    '1,5',
    'NaN',
    'closed',
    '"',
    '""',
    '"a\nb"',
    '<@U0ANA>',
    '*bold*',
    '&',
  ),
);
const line = fc.array(cell, { minLength: 0, maxLength: 7 }).map((cells) => cells.join(','));
const header = fc.shuffledSubarray(HEADERS, { minLength: 0, maxLength: 7 }).map((h) => h.join(','));
const csvFile = fc
  .record({
    bom: fc.boolean(),
    eol: fc.constantFrom('\n', '\r\n', '\r'),
    head: fc.oneof(header, line),
    rows: fc.array(line, { maxLength: 25 }),
    trailing: fc.boolean(),
  })
  .map(
    ({ bom, eol, head, rows, trailing }) =>
      `${bom ? '\uFEFF' : ''}${[head, ...rows].join(eol)}${trailing ? eol : ''}`,
  );
const format = fc.option(fc.constantFrom('YYYY-MM-DD HH:mm:ss', 'MM/DD/YYYY HH:mm:ss', 'not-a-format'), {
  nil: undefined,
});

function physicalLines(csv: string): number {
  return csv.split(/\r\n|\r|\n/).length;
}

describe('fuzzed CSV imports', () => {
  it('never throw, and every rejection names a line of the file', () => {
    let rejected = 0;
    fc.assert(
      fc.property(
        csvFile,
        format,
        fc.constantFrom('Europe/Berlin', 'America/Chicago', 'UTC'),
        (csv, timestampFormat, zone) => {
          const result = checkImportCsv({
            csv,
            template: TEMPLATE,
            zone,
            numericColumns: NUMERIC,
            ...(timestampFormat ? { timestampFormat } : {}),
          });
          if (result.ok) {
            expect(result.rows).toBeGreaterThan(0);
            return;
          }
          rejected += 1;
          expect(result.problems.length).toBeGreaterThan(0);
          for (const p of result.problems) {
            expect(Number.isInteger(p.line), JSON.stringify(p)).toBe(true);
            // "no data rows after the header" points at the line after the last one
            expect(p.line).toBeGreaterThanOrEqual(1);
            expect(p.line).toBeLessThanOrEqual(physicalLines(csv) + 1);
            expect(p.message.trim().length).toBeGreaterThan(0);
          }
          const shown = renderCsvRejected(
            '<!here> readings.csv',
            'Line 1 Energy Meter',
            result.problems,
            result.more,
          );
          expect(validateBlocks(shown.blocks, 'message')).toEqual([]);
          const json = JSON.stringify(shown.blocks);
          for (const p of result.problems) expect(json).toContain(`line ${p.line}:`);
          for (const raw of ['<!channel>', '<!here>', '<@U0ANA>']) expect(json).not.toContain(raw);
        },
      ),
      { numRuns: 600, seed: 9 },
    );
    // the generator must reach the rejection path often, or the property above proves little
    expect(rejected).toBeGreaterThan(100);
  });

  it('accepts a clean file (so the property above is not vacuous)', () => {
    const csv =
      'timestamp,Active Power,Breaker State\n2026-11-01 08:00:00,12.5,closed\n2026-11-01 08:15:00,13,open\n';
    expect(
      checkImportCsv({ csv, template: TEMPLATE, zone: 'Europe/Berlin', numericColumns: NUMERIC }),
    ).toMatchObject({ ok: true, rows: 2 });
  });
});
