/**
 * How long a half-filled form is kept: until the end of the shift it was started in. Shifts change at 06:00, 14:00
 * and 22:00 site time (the common three-shift pattern, the same default /reading's "this shift" uses); a site whose
 * time zone is unknown keeps a draft 8 hours. Read in the site's own zone, so a daylight-saving day moves the end
 * with the clock. Pure.
 */
import { TZDate } from '@date-fns/tz';
import { DEFAULT_SHIFT_TIMES } from '../../alerts/rules/index.ts';

/** The default shift changes (the alerts feature's, one for every feature) as [hour, minute]. */
export const SHIFT_CHANGES: readonly [number, number][] = DEFAULT_SHIFT_TIMES.map((t) => {
  const [h, m] = t.split(':').map(Number);
  return [h ?? 0, m ?? 0] as [number, number];
});
/** A shift's length where the site's zone is unknown: a draft is kept this long. */
export const DEFAULT_SHIFT_MS = 8 * 3_600_000;

function validZone(zone: string | null | undefined): zone is string {
  if (!zone) return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** The first shift change after `nowMs` in `zone` (epoch ms); now + 8 h when the zone is unknown. */
export function shiftEndAfter(nowMs: number, zone: string | null | undefined): number {
  if (!validZone(zone)) return nowMs + DEFAULT_SHIFT_MS;
  const now = TZDate.tz(zone, nowMs);
  let best: number | null = null;
  for (let ahead = 0; ahead <= 1; ahead++) {
    for (const [h, m] of SHIFT_CHANGES) {
      const at = new TZDate(
        now.getFullYear(),
        now.getMonth(),
        now.getDate() + ahead,
        h,
        m,
        0,
        0,
        zone,
      ).getTime();
      if (at > nowMs && (best === null || at < best)) best = at;
    }
  }
  return best ?? nowMs + DEFAULT_SHIFT_MS;
}
