/**
 * When a round is due, pure: local wall-clock times on chosen weekdays in the site's own time zone (date-fns +
 * @date-fns/tz, so DST days are right). A time in the hour a spring-forward day skips (02:30 on the last Sunday of
 * March in Europe) falls on the first valid instant after the gap (03:30); a time in the hour a fall-back day
 * repeats happens once (the earlier instant) — each day's instants are deduplicated.
 */
import { TZDate } from '@date-fns/tz';
import { addDays } from 'date-fns';

const DAY_MS = 24 * 3_600_000;
const TIME = /^([01]?\d|2[0-3]):([0-5]\d)$/;
export const WEEKDAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
/** ISO weekdays: 1 = Monday … 7 = Sunday. */
export const EVERY_DAY = [1, 2, 3, 4, 5, 6, 7];

export interface Schedule {
  /** "HH:mm", site time. */
  times: string[];
  weekdays: number[];
  /** IANA zone; null or unknown → UTC. */
  zone: string | null;
}

export function zoneOrUtc(zone: string | null | undefined): string {
  if (!zone) return 'UTC';
  try {
    new TZDate(0, zone);
    return zone;
  } catch {
    return 'UTC';
  }
}

export type Parsed<T> = { ok: true; value: T } | { ok: false; message: string };

/** "06:00,14:00 22:00" → sorted unique "HH:mm"; at most 24. */
export function parseTimes(text: string): Parsed<string[]> {
  const parts = text.split(/[,\s]+/).filter((p) => p !== '');
  if (parts.length === 0) return { ok: false, message: 'Give the times of day, e.g. `at 08:00,14:00`.' };
  const out = new Set<string>();
  for (const p of parts) {
    const m = TIME.exec(p);
    if (!m) return { ok: false, message: `“${p}” is not a time of day like 08:00 or 22:30.` };
    out.add(`${(m[1] ?? '').padStart(2, '0')}:${m[2] ?? '00'}`);
  }
  if (out.size > 24) return { ok: false, message: 'At most 24 times a day.' };
  return { ok: true, value: [...out].sort() };
}

/** "daily", "weekdays", "weekends", "mon-fri", "mon,wed,fri", "sat sun" → ISO weekdays. */
export function parseWeekdays(text: string): Parsed<number[]> {
  const t = text.trim().toLowerCase();
  if (t === '' || t === 'daily' || t === 'every day' || t === 'everyday')
    return { ok: true, value: EVERY_DAY };
  if (t === 'weekdays') return { ok: true, value: [1, 2, 3, 4, 5] };
  if (t === 'weekends') return { ok: true, value: [6, 7] };
  const day = (s: string) => WEEKDAYS.indexOf(s.slice(0, 3) as (typeof WEEKDAYS)[number]) + 1;
  const out = new Set<number>();
  for (const part of t.split(/[,\s]+/).filter((p) => p !== '')) {
    const range = /^([a-z]+)-([a-z]+)$/.exec(part);
    if (range) {
      const a = day(range[1] ?? '');
      const b = day(range[2] ?? '');
      if (a === 0 || b === 0)
        return { ok: false, message: `“${part}” is not a range of weekdays like mon-fri.` };
      for (let d = a; ; d = (d % 7) + 1) {
        out.add(d);
        if (d === b) break;
      }
      continue;
    }
    const d = day(part);
    if (d === 0 || part.length < 3)
      return { ok: false, message: `“${part}” is not a weekday (mon, tue, wed, thu, fri, sat, sun).` };
    out.add(d);
  }
  return { ok: true, value: [...out].sort((a, b) => a - b) };
}

export function weekdaysText(days: readonly number[]): string {
  if (days.length === 7) return 'every day';
  if (days.join() === '1,2,3,4,5') return 'Mon–Fri';
  return days.map((d) => (WEEKDAYS[d - 1] ?? '?').replace(/^./, (c) => c.toUpperCase())).join(', ');
}

/** The instant of local `time` on the local calendar day of `day` (a TZDate in the zone). */
function at(day: TZDate, time: string, tz: string): number {
  const [h, m] = time.split(':').map(Number);
  return new TZDate(day.getFullYear(), day.getMonth(), day.getDate(), h ?? 0, m ?? 0, 0, 0, tz).getTime();
}

/** Every due instant in [from, to], ascending, each once. */
export function slotsBetween(s: Schedule, from: number, to: number): number[] {
  const tz = zoneOrUtc(s.zone);
  const out = new Set<number>();
  const first = new TZDate(from - DAY_MS, tz);
  const days = Math.ceil((to - from) / DAY_MS) + 2;
  for (let i = 0; i <= days; i++) {
    const day = addDays(first, i);
    const iso = day.getDay() === 0 ? 7 : day.getDay();
    if (!s.weekdays.includes(iso)) continue;
    for (const t of s.times) {
      const ms = at(day, t, tz);
      if (ms >= from && ms <= to) out.add(ms);
    }
  }
  return [...out].sort((a, b) => a - b);
}

/** The next due instant after `now` (within 8 days), or null. */
export function nextSlot(s: Schedule, now: number): number | null {
  return slotsBetween(s, now + 1, now + 8 * DAY_MS)[0] ?? null;
}

/** The latest due instant at or before `now` (within 8 days), or null. */
export function lastSlot(s: Schedule, now: number): number | null {
  return slotsBetween(s, now - 8 * DAY_MS, now).at(-1) ?? null;
}

/** "08:00" in the site's zone (what operators read). */
export function siteTime(ms: number, zone: string | null): string {
  const d = new TZDate(ms, zoneOrUtc(zone));
  return `${String(d.getHours()).padStart(2, '0')}:${String(d.getMinutes()).padStart(2, '0')}`;
}

/** "Sun 29 Mar 03:30" in the site's zone. */
export function siteDayTime(ms: number, zone: string | null): string {
  const d = new TZDate(ms, zoneOrUtc(zone));
  const wd = (WEEKDAYS[(d.getDay() + 6) % 7] ?? '').replace(/^./, (c) => c.toUpperCase());
  const months = 'Jan Feb Mar Apr May Jun Jul Aug Sep Oct Nov Dec'.split(' ');
  return `${wd} ${d.getDate()} ${months[d.getMonth()] ?? ''} ${siteTime(ms, zone)}`;
}
