/**
 * An exported CSV keeps exactly the rows of [start, end) — the rule the report and the chart count by — whatever the
 * platform includes at the edges, byte for byte otherwise, however the download is cut into chunks.
 */
import { describe, expect, it } from 'vitest';
import { CsvRangeFilter, exportedInstant } from '../../src/readings/rules/csv-range.ts';
import { resolveRange } from '../../src/readings/rules/range.ts';

const ZONE = 'America/Chicago';
// "yesterday" = 2026-11-02 00:00 → 2026-11-03 00:00 CST
const RANGE = resolveRange({ kind: 'yesterday' }, ZONE, Date.parse('2026-11-03T18:00:00Z'));

function run(csv: string, cut: number[] = []): { out: string; rows: number; dropped: number } {
  const bytes = Buffer.from(csv, 'utf8');
  const filter = new CsvRangeFilter(RANGE, ZONE);
  const parts: Uint8Array[] = [];
  let from = 0;
  for (const at of [...cut, bytes.length]) {
    parts.push(...filter.push(bytes.subarray(from, at)));
    from = at;
  }
  parts.push(...filter.end());
  return { out: Buffer.concat(parts).toString('utf8'), rows: filter.rows, dropped: filter.dropped };
}

const FILE = [
  'timestamp,Active Power,Notes',
  '2026-11-01T23:45:00-06:00,170,before',
  '2026-11-02T00:00:00-06:00,171,first',
  '2026-11-02T12:00:00-06:00,180,"a ""quoted"" note, with a comma',
  'and a line break"',
  '2026-11-02T23:45:00-06:00,175,last',
  '2026-11-03T00:00:00-06:00,176,next day',
  '',
].join('\n');

describe('an export kept to its range', () => {
  it('drops the next day’s 00:00 and what came before the start, keeps the rest byte for byte', () => {
    const { out, rows, dropped } = run(FILE);
    expect(rows).toBe(3);
    expect(dropped).toBe(2);
    expect(out).toBe(
      [
        'timestamp,Active Power,Notes',
        '2026-11-02T00:00:00-06:00,171,first',
        '2026-11-02T12:00:00-06:00,180,"a ""quoted"" note, with a comma',
        'and a line break"',
        '2026-11-02T23:45:00-06:00,175,last',
        '',
      ].join('\n'),
    );
  });

  it('gives the same file however the download is cut', () => {
    const whole = run(FILE).out;
    for (let cut = 1; cut < FILE.length; cut += 7) expect(run(FILE, [cut, cut + 3]).out).toBe(whole);
  });

  it('reads timestamps without an offset in the site’s zone, and keeps CRLF lines and a last line without one', () => {
    const csv = 'timestamp,v\r\n2026-11-02 23:45:00,1\r\n2026-11-03 00:00:00,2\r\n2026-11-02 06:00:00,3';
    const { out, rows } = run(csv);
    expect(rows).toBe(2);
    expect(out).toBe('timestamp,v\r\n2026-11-02 23:45:00,1\r\n2026-11-02 06:00:00,3');
  });

  it('keeps a row whose timestamp it cannot read (not ours to drop)', () => {
    expect(run('timestamp,v\nsoon,1\n').rows).toBe(1);
  });

  it('reads the forms an export may carry', () => {
    expect(exportedInstant('2026-11-03T00:00:00-06:00', ZONE)).toBe(RANGE.endMs);
    expect(exportedInstant('"2026-11-03T00:00:00"', ZONE)).toBe(RANGE.endMs);
    expect(exportedInstant('\uFEFF2026-11-03T06:00:00Z', ZONE)).toBe(RANGE.endMs);
    expect(exportedInstant('2026-11-03 00:00', ZONE)).toBe(RANGE.endMs);
  });
});
