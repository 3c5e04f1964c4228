/**
 * Keeps an exported CSV to the range's [start, end), the boundary rule the report and the chart use (`inRange`):
 * the contract does not say whether GET /export's endTime is included, and the sandbox includes it, so "yesterday"
 * came back with today's 00:00 as well. Works on the bytes as they stream in: records are split at line ends outside
 * quotes, only the first field (the timestamp, contract section 7: "The CSV's first column is timestamp") is read,
 * and every kept record is passed on byte for byte. A timestamp that cannot be read is kept (not ours to drop).
 */
import { inRange, type ResolvedRange } from './range.ts';
import { parseTimestamp, TIMESTAMP_FORMATS } from './timestamp-format.ts';

const QUOTE = 0x22;
const COMMA = 0x2c;
const NEWLINE = 0x0a;

/** An export timestamp as epoch ms: with its offset when it has one, else as wall-clock time in `zone`. */
export function exportedInstant(text: string, zone: string): number | null {
  const cell = text
    .replace(/^\uFEFF/, '')
    .trim()
    .replace(/^"(.*)"$/s, '$1')
    .trim();
  for (const format of TIMESTAMP_FORMATS) {
    const at = parseTimestamp(cell, format, zone);
    if (at !== null) return at;
  }
  return null;
}

export class CsvRangeFilter {
  /** Data rows kept (the header and blank lines not counted). */
  rows = 0;
  /** Data rows left out because their timestamp is outside the range. */
  dropped = 0;
  private header = true;
  private inQuotes = false;
  private pending: Uint8Array[] = [];

  constructor(
    private readonly range: Pick<ResolvedRange, 'startMs' | 'endMs'>,
    private readonly zone: string,
  ) {}

  /** The complete records of `chunk` (with what was pending) that stay, as slices of the input. */
  push(chunk: Uint8Array): Uint8Array[] {
    const out: Uint8Array[] = [];
    let from = 0;
    for (let i = 0; i < chunk.length; i++) {
      const b = chunk[i];
      if (b === QUOTE) this.inQuotes = !this.inQuotes;
      else if (b === NEWLINE && !this.inQuotes) {
        this.pending.push(chunk.subarray(from, i + 1));
        this.take(out);
        from = i + 1;
      }
    }
    if (from < chunk.length) this.pending.push(chunk.subarray(from));
    return out;
  }

  /** The last record, when the file does not end with a line end. */
  end(): Uint8Array[] {
    const out: Uint8Array[] = [];
    if (this.pending.length > 0) this.take(out);
    return out;
  }

  private take(out: Uint8Array[]): void {
    const record =
      this.pending.length === 1 ? (this.pending[0] ?? new Uint8Array(0)) : Buffer.concat(this.pending);
    this.pending = [];
    if (this.header) {
      this.header = false;
      out.push(record);
      return;
    }
    const text = Buffer.from(record.buffer, record.byteOffset, record.byteLength);
    if (text.toString('utf8').trim() === '') {
      out.push(record);
      return;
    }
    const at = exportedInstant(firstField(text), this.zone);
    if (at !== null && !inRange(this.range, at)) {
      this.dropped += 1;
      return;
    }
    this.rows += 1;
    out.push(record);
  }
}

/** The record's first field, up to its first comma outside quotes. */
function firstField(record: Buffer): string {
  let quoted = false;
  for (let i = 0; i < record.length; i++) {
    const b = record[i];
    if (b === QUOTE) quoted = !quoted;
    else if (b === COMMA && !quoted) return record.subarray(0, i).toString('utf8');
  }
  return record.toString('utf8');
}
