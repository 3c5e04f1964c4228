/** Pure snooze rules: when a chosen snooze ends (1 h, 4 h, the next 06:00 in the site's zone, or when healthy). */
import { TZDate } from '@date-fns/tz';
import type { Snooze } from './model.ts';

/** What a Snooze menu holds: a device's incidents (`dev:<id>`) or a site's storm (`storm:<site>`). */
export interface SnoozeTarget {
  key: string;
  label: string;
  timeZone: string | null;
}

export type SnoozeChoice = '1h' | '4h' | 'morning' | 'healthy';

export function isSnoozeChoice(value: string | undefined): value is SnoozeChoice {
  return value === '1h' || value === '4h' || value === 'morning' || value === 'healthy';
}

/** The next 06:00 wall-clock time in `timeZone` strictly after `now` (UTC when the zone is unknown). */
export function nextMorning(now: number, timeZone: string | null, hour = 6): number {
  const zone = timeZone ?? 'UTC';
  let local: TZDate;
  try {
    local = new TZDate(now, zone);
  } catch {
    return nextMorning(now, 'UTC', hour);
  }
  for (let add = 0; add <= 1; add++) {
    const at = new TZDate(
      local.getFullYear(),
      local.getMonth(),
      local.getDate() + add,
      hour,
      0,
      0,
      0,
      zone,
    ).getTime();
    if (at > now) return at;
  }
  return now + 24 * 3_600_000;
}

export function buildSnooze(
  choice: SnoozeChoice,
  target: SnoozeTarget,
  subject: string,
  by: string,
  now: number,
): Snooze {
  const until =
    choice === '1h'
      ? now + 3_600_000
      : choice === '4h'
        ? now + 4 * 3_600_000
        : choice === 'morning'
          ? nextMorning(now, target.timeZone)
          : null;
  return {
    key: target.key,
    until,
    untilHealthy: choice === 'healthy',
    by,
    at: now,
    suppressed: 0,
    label: target.label,
    timeZone: target.timeZone,
    subject,
  };
}
