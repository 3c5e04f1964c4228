/**
 * How every card words a due date — the task card, the alerts' task messages, the task list and App Home — from
 * the one rule (../rules/due-state.ts). Pure. The site's date is what the platform keeps; the viewer's own time is
 * Slack's `<!date>` token, which each person's Slack shows in their own zone.
 */
import { escapeMrkdwn, slackDate } from '../../kit/blocks/mrkdwn.ts';
import type { DueState } from '../rules/due-state.ts';

/** The overdue mark, the same on every card and list. */
export const OVERDUE_MARK = ':warning: *Overdue*';

const zoneText = (zone: string | null) =>
  zone ? `${escapeMrkdwn(zone)} time` : 'UTC — the site’s time zone is unknown';

/**
 * A card's Due field: the date at the site, the overdue mark, and the end of that day in the viewer's own time
 * ("was due by" once it has passed). Without `endsAt` (not known to the caller) only the date and the mark.
 */
export function dueField(state: DueState): string {
  if (state.kind === 'none') return '—';
  if (state.kind === 'unreadable') return escapeMrkdwn(state.dueDate.slice(0, 40));
  const date = escapeMrkdwn(state.dueDate);
  const mark = state.kind === 'overdue' ? `${OVERDUE_MARK} — ` : '';
  if (state.endsAt === null) return `${mark}${date}`;
  const day = `${mark}${date} (${zoneText(state.zone)})`;
  if (state.kind === 'closed') return day;
  const end = slackDate(
    state.endsAt,
    '{date_short_pretty} {time}',
    `${state.dueDate} 23:59 ${state.zone ?? 'UTC'}`,
  );
  return `${day}\n${state.kind === 'overdue' ? 'was due by' : 'due by'} ${end} your time`;
}

/**
 * A list line's part: "due 2026-11-25", with the cards' overdue mark when the rule (dueState, or isOverdueOn over a
 * whole list) found it overdue; null without a due date.
 */
export function dueShort(dueDate: string | null, overdue: boolean): string | null {
  if (!dueDate) return null;
  const date = `due ${escapeMrkdwn(dueDate.slice(0, 40))}`;
  return overdue ? `${OVERDUE_MARK} (${date})` : date;
}
