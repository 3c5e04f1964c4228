/** Calculated and submission columns are left out of an import with a note; the rest is uploaded unchanged. */
import { describe, expect, it } from 'vitest';
import { checkImportCsv } from '../../src/readings/rules/csv-check.ts';
import { withoutColumns } from '../../src/readings/rules/csv-columns.ts';

const template = 'timestamp,Active Power,Energy';
const csv = 'timestamp,Active Power,Energy,Load Factor\n2026-11-19 10:00:00,1,2,-3.5\n';

describe('calculated columns in an import', () => {
  it('leaves a calculated column out with a note', () => {
    const check = checkImportCsv({ csv, template, zone: 'UTC', calculatedColumns: ['Load Factor'] });
    expect(check.ok && check.notes).toEqual(['Load Factor is calculated by the platform; left out']);
    expect(check.ok && check.leftOut).toEqual([3]);
  });

  it('still refuses the same column when the platform does not calculate it', () => {
    const check = checkImportCsv({ csv, template, zone: 'UTC' });
    expect(!check.ok && check.problems[0]?.message).toContain('column "Load Factor" is not a metric');
  });

  it('uploads the file without the left-out columns', () => {
    expect(withoutColumns(csv, [3])).toBe('timestamp,Active Power,Energy\n2026-11-19 10:00:00,1,2\n');
    expect(withoutColumns(csv, [])).toBe(csv);
  });
});
