/**
 * "this shift" and "since 06:00": the latest site-local wall-clock time at or before now, read in the site's own
 * zone so a daylight-saving day moves it with the clock. Pure.
 */
import { TZDate } from '@date-fns/tz';

import { DEFAULT_SHIFT_TIMES } from '../../alerts/rules/index.ts';

/** Shift changes used when the channel has none of its own: the alerts feature's default (one for every feature). */
export { DEFAULT_SHIFT_TIMES };

/** Which shift changes "this shift" used: the channel's digest times, or the default. */
export interface ShiftRule {
  times: readonly string[];
  from: 'channel' | 'default';
}

export const DEFAULT_SHIFT_RULE: ShiftRule = { times: DEFAULT_SHIFT_TIMES, from: 'default' };

/** "6:00" or "06:00" → [6, 0]; null for anything that is not a time of day. */
export function parseTimeOfDay(text: string): [number, number] | null {
  const m = /^([01]?\d|2[0-3]):([0-5]\d)$/.exec(text.trim());
  return m ? [Number(m[1]), Number(m[2])] : null;
}

/**
 * The latest instant before `nowMs` (strictly: a range starting now would be empty) whose wall clock in `zone` shows one of `times` (today's, else
 * yesterday's, else the day before's), or null when `times` holds no valid time. A time in the hour a spring-forward
 * skips falls on the first instant after it (TZDate's reading of a missing wall-clock time).
 */
export function latestWallTime(nowMs: number, zone: string, times: readonly string[]): number | null {
  const now = TZDate.tz(zone, nowMs);
  let best: number | null = null;
  for (const t of times) {
    const hm = parseTimeOfDay(t);
    if (!hm) continue;
    for (let back = 0; back <= 2; back++) {
      const at = new TZDate(
        now.getFullYear(),
        now.getMonth(),
        now.getDate() - back,
        hm[0],
        hm[1],
        0,
        0,
        zone,
      );
      const ms = at.getTime();
      if (ms < nowMs) {
        if (best === null || ms > best) best = ms;
        break;
      }
    }
  }
  return best;
}
