/** Shared formatting of readings for Block Kit: values with units, and times in site time plus Slack's viewer-local form. Pure. */
import { escapeMrkdwn, slackDate, truncate } from '../../kit/blocks/mrkdwn.ts';
import { formatWallClock } from '../rules/wall-clock.ts';

// Built once: toLocaleString with options constructs an Intl.NumberFormat on every call, which shows up when a
// report formats every metric's figures.
const WHOLE = new Intl.NumberFormat('en-US');
const FRACTION = new Map(
  [1, 2, 4].map((d) => [d, new Intl.NumberFormat('en-US', { maximumFractionDigits: d })]),
);

export function formatNumber(v: number): string {
  if (Number.isInteger(v)) return WHOLE.format(v);
  const abs = Math.abs(v);
  const digits = abs >= 1000 ? 1 : abs >= 1 ? 2 : 4;
  return (FRACTION.get(digits) ?? WHOLE).format(v);
}

/** A value as mrkdwn (escaped), with its unit for numbers. */
export function valueText(value: number | string, unit: string | null): string {
  if (typeof value === 'number') return `${formatNumber(value)}${unit ? ` ${escapeMrkdwn(unit)}` : ''}`;
  return escapeMrkdwn(truncate(value, 200));
}

export function siteTime(epochMs: number, zone: string, pattern = 'yyyy-MM-dd HH:mm'): string {
  return formatWallClock(epochMs, zone, pattern);
}

/** "2026-11-21 06:00 site time (<!date^…> your time)". */
export function whenText(epochMs: number, zone: string): string {
  const local = siteTime(epochMs, zone);
  // the one way fieldline gives a time: the site's clock, then the viewer's own as "your time" (alerts, snooze)
  return `${local} site time (${slackDate(epochMs, '{date_short_pretty} {time}', `${local} ${zone}`)} your time)`;
}

export { plain } from '../../kit/blocks/text-blocks.ts';
export const mrkdwn = (text: string) => ({
  type: 'mrkdwn' as const,
  text: text.length <= 3000 ? text : `${text.slice(0, 2999)}…`,
});
