import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { checkImportCsv, templateColumns } from '../../src/readings/rules/csv-check.ts';
import {
  detectFormat,
  parseTimestamp,
  TIMESTAMP_FORMATS,
} from '../../src/readings/rules/timestamp-format.ts';

const TEMPLATE = 'timestamp,Active energy,"Flow, inlet",Status\n2026-11-01T10:00:00+01:00,1,2,ok';
const zone = 'Europe/Berlin';

function check(csv: string, timestampFormat?: string) {
  return checkImportCsv({ csv, template: TEMPLATE, zone, timestampFormat });
}

describe('checkImportCsv', () => {
  it('reads the template header, quoted names included', () => {
    expect(templateColumns(TEMPLATE)).toEqual(['timestamp', 'Active energy', 'Flow, inlet', 'Status']);
    expect(templateColumns('timestamp')).toEqual(['timestamp']);
  });

  it('accepts a good file, detects the format and reads timestamps in site time', () => {
    const r = check(
      'timestamp,Active energy,Submitted By\n2026-11-01 08:00:00,1.5,ana\n2026-11-01 09:00:00,2,ana\n',
    );
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.rows).toBe(2);
    expect(r.format.pattern).toBe('YYYY-MM-DD HH:mm:ss');
    expect(r.firstMs).toBe(Date.parse('2026-11-01T07:00:00Z'));
    expect(r.lastMs).toBe(Date.parse('2026-11-01T08:00:00Z'));
  });

  it('rejects an unknown column on line 1, naming the known ones', () => {
    const r = check('timestamp,Active energy,Pressure\n2026-11-01 08:00:00,1,2\n');
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.problems).toEqual([
      {
        line: 1,
        message: expect.stringMatching(
          /"Pressure" is not a metric.*known: Active energy, Flow, inlet, Status/,
        ),
      },
    ]);
  });

  it('rejects a file without a timestamp column', () => {
    const r = check('Active energy\n1\n');
    expect(r).toMatchObject({
      ok: false,
      problems: [{ line: 1, message: 'the header has no "timestamp" column' }],
    });
  });

  it('lists every bad timestamp by line number, counting blank lines and quoted newlines', () => {
    const csv = [
      'timestamp,Status',
      '2026-11-01 08:00:00,ok',
      '',
      '2026-11-01 25:00:00,ok',
      '2026-11-01 10:00:00,"two',
      'lines"',
      'yesterday,ok',
      ',ok',
      '2026-11-01 11:00:00,ok,extra',
    ].join('\n');
    const r = check(csv);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.problems.map((p) => p.line)).toEqual([4, 7, 8, 9]);
    expect(r.problems[0]?.message).toBe('timestamp "2026-11-01 25:00:00" does not match YYYY-MM-DD HH:mm:ss');
    expect(r.problems[2]?.message).toBe('timestamp is empty');
    expect(r.problems[3]?.message).toBe('has 3 fields; the header has 2');
  });

  it('asks for the format when day and month cannot be told apart, and accepts it when given', () => {
    const csv = 'timestamp,Status\n01/02/2026 08:00:00,ok\n03/04/2026 08:00:00,ok\n';
    const r = check(csv);
    expect(r).toMatchObject({
      ok: false,
      problems: [
        { line: 2, message: expect.stringMatching(/MM\/DD\/YYYY HH:mm:ss or DD\/MM\/YYYY HH:mm:ss/) },
      ],
    });
    const given = check(csv, 'DD/MM/YYYY HH:mm:ss');
    expect(given.ok && given.firstMs).toBe(Date.parse('2026-02-01T07:00:00Z'));
  });

  it('rejects an empty file and a header-only file', () => {
    expect(check('')).toMatchObject({ ok: false, problems: [{ line: 1 }] });
    expect(check('timestamp,Status\n')).toMatchObject({
      ok: false,
      problems: [{ line: 2, message: 'no data rows after the header' }],
    });
  });

  it('reports unreadable quoting with its line', () => {
    const r = check('timestamp,Status\n2026-11-01 08:00:00,"ok"x\n2026-11-01 09:00:00,ok\n');
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.problems[0]).toEqual({ line: 2, message: expect.stringContaining('cannot be read as CSV') });
  });

  it('never crashes on arbitrary input and names a line in every rejection', () => {
    const cell = fc.oneof(
      fc.string({ maxLength: 12 }),
      fc.constantFrom(
        'timestamp',
        'Status',
        'Active energy',
        '2026-11-01 08:00:00',
        '"',
        '""',
        '\n',
        ',',
        '\r\n',
      ),
    );
    fc.assert(
      fc.property(
        fc.array(fc.array(cell, { maxLength: 5 }), { maxLength: 12 }),
        fc.boolean(),
        (rows, withHeader) => {
          const lines = rows.map((r) => r.join(','));
          if (withHeader) lines.unshift('timestamp,Status');
          const r = check(lines.join('\n'));
          if (r.ok) return;
          expect(r.problems.length).toBeGreaterThan(0);
          for (const p of r.problems) {
            expect(Number.isInteger(p.line) && p.line >= 1).toBe(true);
            expect(p.message.length).toBeGreaterThan(0);
          }
        },
      ),
      { numRuns: 400 },
    );
  });
});

describe('timestamp formats', () => {
  it('reads ISO timestamps with offsets and microseconds', () => {
    const iso = TIMESTAMP_FORMATS[0]!;
    expect(parseTimestamp('2026-11-01T10:00:00.123456+01:00', iso, 'UTC')).toBe(
      Date.parse('2026-11-01T09:00:00.123Z'),
    );
    expect(parseTimestamp('2026-11-01T10:00:00Z', iso, zone)).toBe(Date.parse('2026-11-01T10:00:00Z'));
    expect(parseTimestamp('2026-02-30T10:00:00Z', iso, zone)).toBeNull();
  });

  it('detects nothing in free text', () => {
    expect(detectFormat(['soon', 'later'], zone)).toEqual({ kind: 'none' });
  });
});

describe('numeric columns', () => {
  it('lists rows whose numeric cells are not numbers, allowing empty cells', () => {
    const csv =
      'timestamp,Active energy,Status\n2026-11-01 08:00:00,1.5,ok\n2026-11-01 09:00:00,,ok\n2026-11-01 10:00:00,lots,ok\n';
    const r = checkImportCsv({ csv, template: TEMPLATE, zone, numericColumns: ['Active energy'] });
    expect(r).toMatchObject({
      ok: false,
      problems: [{ line: 4, message: '"lots" in column "Active energy" is not a number' }],
    });
  });
});

describe('text cells a spreadsheet would run (CSV injection)', () => {
  it.each([
    ['=HYPERLINK("http://evil","click")', '"="'],
    ['+1+1', '"+"'],
    ['-2+3', '"-"'],
    ['@SUM(A1)', '"@"'],
    ['\tx', 'a tab'],
    ['  =1+1', '"="'],
  ])('refuses %j in a text column, naming the line, the character and why', (cell, start) => {
    const quoted = `"${cell.replace(/"/g, '""')}"`;
    const csv = `timestamp,Active energy,Status\n2026-11-01 08:00:00,1.5,ok\n2026-11-01 09:00:00,-2,${quoted}\n`;
    const r = checkImportCsv({ csv, template: TEMPLATE, zone, numericColumns: ['Active energy'] });
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.problems).toHaveLength(1);
    expect(r.problems[0]?.line).toBe(3);
    expect(r.problems[0]?.message).toContain('in column "Status"');
    expect(r.problems[0]?.message).toContain(`starts with ${start}`);
    expect(r.problems[0]?.message).toContain('spreadsheets run as a formula');
  });

  it('accepts a negative number in a numeric column and ordinary text', () => {
    const csv = 'timestamp,Active energy,Status\n2026-11-01 08:00:00,-1.5,ok = fine\n';
    const r = checkImportCsv({ csv, template: TEMPLATE, zone, numericColumns: ['Active energy'] });
    expect(r.ok).toBe(true);
  });
});
