/**
 * Timestamp formats accepted in CSV imports, written as the patterns GET /import's `timestampFormat`
 * takes (contract section 6: "a pattern such as `MM/DD/YYYY HH:mm:ss`"). Parsing is strict: impossible
 * dates are rejected, so a file that would import garbage is caught before upload.
 */
import { TZDate } from '@date-fns/tz';

export interface TimestampFormat {
  /** The pattern as sent to GET /import; `ISO 8601` is left to the platform's detection. */
  pattern: string;
  re: RegExp;
  /** Sent as `timestampFormat`; false for ISO 8601, which the platform detects itself. */
  sendPattern: boolean;
}

const T = String.raw`(?<h>\d{2}):(?<mi>\d{2})`;
const S = String.raw`(?::(?<s>\d{2}))`;

function fmt(pattern: string, source: string, sendPattern = true): TimestampFormat {
  return { pattern, re: new RegExp(`^${source}$`), sendPattern };
}

export const TIMESTAMP_FORMATS: readonly TimestampFormat[] = [
  fmt(
    'ISO 8601',
    String.raw`(?<y>\d{4})-(?<mo>\d{2})-(?<d>\d{2})T${T}${S}?(?<f>\.\d{1,9})?(?<z>Z|[+-]\d{2}:?\d{2})?`,
    false,
  ),
  fmt(
    'YYYY-MM-DD HH:mm:ss',
    String.raw`(?<y>\d{4})-(?<mo>\d{2})-(?<d>\d{2}) ${T}${S}(?<f>\.\d{1,9})?(?<z>Z|[+-]\d{2}:?\d{2})?`,
  ),
  fmt('YYYY-MM-DD HH:mm', String.raw`(?<y>\d{4})-(?<mo>\d{2})-(?<d>\d{2}) ${T}`),
  fmt('YYYY/MM/DD HH:mm:ss', String.raw`(?<y>\d{4})/(?<mo>\d{2})/(?<d>\d{2}) ${T}${S}`),
  fmt('MM/DD/YYYY HH:mm:ss', String.raw`(?<mo>\d{2})/(?<d>\d{2})/(?<y>\d{4}) ${T}${S}`),
  fmt('MM/DD/YYYY HH:mm', String.raw`(?<mo>\d{2})/(?<d>\d{2})/(?<y>\d{4}) ${T}`),
  fmt('DD/MM/YYYY HH:mm:ss', String.raw`(?<d>\d{2})/(?<mo>\d{2})/(?<y>\d{4}) ${T}${S}`),
  fmt('DD/MM/YYYY HH:mm', String.raw`(?<d>\d{2})/(?<mo>\d{2})/(?<y>\d{4}) ${T}`),
  fmt('DD.MM.YYYY HH:mm:ss', String.raw`(?<d>\d{2})\.(?<mo>\d{2})\.(?<y>\d{4}) ${T}${S}`),
  fmt('DD.MM.YYYY HH:mm', String.raw`(?<d>\d{2})\.(?<mo>\d{2})\.(?<y>\d{4}) ${T}`),
];

export function formatByPattern(pattern: string): TimestampFormat | undefined {
  return TIMESTAMP_FORMATS.find((f) => f.pattern === pattern);
}

/**
 * Parses `text` in `format`; a value without an offset is wall-clock time in `zone` (the site's zone, as
 * the template's timestamps are). Returns epoch ms, or null when the text does not fit or is impossible.
 */
export function parseTimestamp(text: string, format: TimestampFormat, zone: string): number | null {
  const g = format.re.exec(text.trim())?.groups;
  if (!g) return null;
  const [y, mo, d, h, mi, s] = [g.y, g.mo, g.d, g.h, g.mi, g.s ?? '0'].map(Number) as number[];
  if ([y, mo, d, h, mi, s].some((n) => n === undefined || !Number.isInteger(n))) return null;
  const [Y, M, D, Hh, Mi, Ss] = [y, mo, d, h, mi, s] as [number, number, number, number, number, number];
  if (M < 1 || M > 12 || D < 1 || Hh > 23 || Mi > 59 || Ss > 59) return null;
  const probe = new Date(Date.UTC(Y, M - 1, D));
  if (probe.getUTCDate() !== D || probe.getUTCMonth() !== M - 1) return null;
  const ms = g.f ? Math.floor(Number(`0${g.f}`) * 1000) : 0;
  if (g.z) {
    const offset = g.z === 'Z' ? 0 : offsetMinutes(g.z);
    return Date.UTC(Y, M - 1, D, Hh, Mi, Ss, ms) - offset * 60_000;
  }
  return new TZDate(Y, M - 1, D, Hh, Mi, Ss, ms, zone).getTime();
}

function offsetMinutes(z: string): number {
  const m = /^([+-])(\d{2}):?(\d{2})$/.exec(z);
  if (!m) return 0;
  const sign = m[1] === '-' ? -1 : 1;
  return sign * (Number(m[2]) * 60 + Number(m[3]));
}

export type Detection =
  | { kind: 'found'; format: TimestampFormat }
  | { kind: 'ambiguous'; formats: TimestampFormat[] }
  | { kind: 'none' };

/**
 * Picks the format that fits the most sample values. A tie between the leaders (typically MM/DD vs DD/MM
 * when no day exceeds 12) is ambiguous: the user must choose rather than import with swapped dates.
 */
export function detectFormat(samples: readonly string[], zone: string): Detection {
  let best = 0;
  let leaders: TimestampFormat[] = [];
  for (const f of TIMESTAMP_FORMATS) {
    let fits = 0;
    for (const s of samples) if (parseTimestamp(s, f, zone) !== null) fits += 1;
    if (fits > best) [best, leaders] = [fits, [f]];
    else if (fits === best && fits > 0) leaders.push(f);
  }
  if (best === 0) return { kind: 'none' };
  const [first] = leaders;
  if (leaders.length === 1 && first) return { kind: 'found', format: first };
  return { kind: 'ambiguous', formats: leaders };
}
