import { describe, expect, it } from 'vitest';
import { checkImportCsv } from '../../src/readings/rules/csv-check.ts';

const TEMPLATE = 'timestamp,Active power,Status';

describe('CSV line numbers', () => {
  it('points an unclosed quote at the last line of the file, not past its end', () => {
    const csv = '\r\n"\r\n\r\n\r\n';
    const result = checkImportCsv({
      csv,
      template: TEMPLATE,
      zone: 'Europe/Berlin',
      numericColumns: ['Active power'],
    });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    const lines = csv.split(/\r\n|\r|\n/).length;
    for (const p of result.problems) expect(p.line).toBeLessThanOrEqual(lines);
  });
});

describe('CSV line numbers with CRLF inside quotes', () => {
  it('counts a quoted CRLF as one line break', () => {
    const csv = 'timestamp\r\n"\r\n\r\n"\r\n2026-11-01 08:00:00';
    const result = checkImportCsv({
      csv,
      template: 'timestamp,Active Power\n',
      zone: 'Europe/Berlin',
      timestampFormat: 'MM/DD/YYYY HH:mm:ss',
    });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.problems.map((p) => p.line)).toEqual([2, 5]);
  });
});
