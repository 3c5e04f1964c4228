/**
 * Pure shift-change arithmetic in a site's own time zone. A shift change is a local wall-clock time (06:00);
 * on a DST day a time in the skipped hour falls on the first valid instant after it and a time in the repeated
 * hour on one of its two instants — either way it happens once, because the instants of a day are deduplicated.
 */
import { TZDate } from '@date-fns/tz';

const TIME = /^([01]?\d|2[0-3]):([0-5]\d)$/;
const DAY_MS = 24 * 3_600_000;

export type ShiftTimesParse = { ok: true; times: string[] } | { ok: false; message: string };

/** "06:00,14:00, 22:00" → sorted unique "HH:mm" times; at most 12. */
export function parseShiftTimes(text: string): ShiftTimesParse {
  const parts = text
    .split(/[,\s]+/)
    .map((p) => p.trim())
    .filter((p) => p !== '');
  if (parts.length === 0)
    return { ok: false, message: 'Give the shift changes as times, e.g. `06:00,14:00,22:00`.' };
  const times = new Set<string>();
  for (const p of parts) {
    const m = TIME.exec(p);
    if (!m) return { ok: false, message: `"${p}" is not a time of day like 06:00 or 22:30.` };
    times.add(`${(m[1] ?? '').padStart(2, '0')}:${m[2] ?? '00'}`);
  }
  if (times.size > 12) return { ok: false, message: 'At most 12 shift changes a day.' };
  return { ok: true, times: [...times].sort() };
}

function zoneOrUtc(zone: string | null): string {
  if (zone === null) return 'UTC';
  try {
    new TZDate(0, zone);
    return zone;
  } catch {
    return 'UTC';
  }
}

/** Every shift-change instant in [from, to], ascending, each once. */
export function shiftChangesBetween(
  from: number,
  to: number,
  zone: string | null,
  times: string[],
): number[] {
  const tz = zoneOrUtc(zone);
  const out = new Set<number>();
  const first = new TZDate(from - DAY_MS, tz);
  const days = Math.ceil((to - from) / DAY_MS) + 3;
  for (let d = 0; d <= days; d++) {
    for (const t of times) {
      const [h, m] = t.split(':').map(Number);
      const at = new TZDate(
        first.getFullYear(),
        first.getMonth(),
        first.getDate() + d,
        h ?? 0,
        m ?? 0,
        0,
        0,
        tz,
      ).getTime();
      if (at >= from && at <= to) out.add(at);
    }
  }
  return [...out].sort((a, b) => a - b);
}

/** The latest shift change at or before `now`. */
export function lastShiftChange(now: number, zone: string | null, times: string[]): number | null {
  return shiftChangesBetween(now - 2 * DAY_MS, now, zone, times).at(-1) ?? null;
}

/** The shift change before `at` (where the shift that ends at `at` began). */
export function previousShiftChange(at: number, zone: string | null, times: string[]): number {
  return shiftChangesBetween(at - 2 * DAY_MS, at - 1, zone, times).at(-1) ?? at - DAY_MS;
}
