/**
 * Pure pieces every relay parent shares (incident and storm): the action row (Acknowledge, Create task,
 * Snooze), the acknowledgement line (who, at what site time, and the viewer's own time) and the snooze line.
 * Platform text is escaped (`safeText`); every block stays within Slack's limits.
 */
import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns';
import type { AckRecord, AlertView, Snooze } from '../rules/model.ts';
import { safeText, slackDate } from '../../kit/blocks/mrkdwn.ts';
import { when } from './alert-format.ts';
import { plain } from '../../kit/blocks/text-blocks.ts';
import { incidentFromAlert, renderIncidentParent } from './incident-message.ts';

/** A Block Kit block as plain data (validated by tests against Slack's schema and limits). */
export interface SlackBlock {
  type: string;
  block_id?: string;
  [key: string]: unknown;
}

export interface RenderedMessage {
  text: string;
  blocks: SlackBlock[];
}

export const ALERT_ACTION = {
  ack: 'alert_ack',
  createTask: 'alert_create_task',
  snooze: 'alert_snooze',
} as const;

/** block_id prefixes of the action rows: the Snooze menu reads its parent's subject from them. */
export const ACTIONS_BLOCK = { incident: 'alert_actions|', storm: 'storm_actions|' } as const;

export const SNOOZE_CHOICES = [
  { value: '1h', label: 'Snooze 1 hour' },
  { value: '4h', label: 'Snooze 4 hours' },
  { value: 'morning', label: 'Until 06:00 site time' },
  { value: 'healthy', label: 'Until healthy again' },
] as const;

const mrkdwn = (text: string) => ({ type: 'mrkdwn', text });

/** "15:33 site time" (or UTC when the site's zone is unknown). */
export function siteClock(at: number, timeZone: string | null | undefined): string {
  try {
    return `${format(new TZDate(at, timeZone ?? 'UTC'), 'HH:mm')} ${timeZone ? 'site time' : 'UTC'}`;
  } catch {
    return `${format(new TZDate(at, 'UTC'), 'HH:mm')} UTC`;
  }
}

/**
 * "15:33 site time (16:33 your time)": the one way the alerts say when something happens — the site's clock, then
 * Slack's viewer-local `<!date>` (each person's Slack shows it in their own zone). `withDay` adds today/tomorrow
 * to the viewer's part, for times that may fall on another day (a snooze until 06:00).
 */
export function siteAndYourTime(at: number, timeZone: string | null | undefined, withDay = false): string {
  const site = siteClock(at, timeZone);
  const viewer = slackDate(at, withDay ? '{date_short_pretty} {time}' : '{time}', site);
  return `${site} (${viewer} your time)`;
}

/** "by <@U1> at 15:33 site time (16:33 your time)". */
export function ackedBy(ack: AckRecord, timeZone: string | null | undefined): string {
  return `<@${safeText(ack.user, 30)}> at ${siteAndYourTime(ack.at, timeZone)}`;
}

export function ackLine(ack: AckRecord | null, timeZone: string | null | undefined): SlackBlock[] {
  if (ack === null) return [];
  return [{ type: 'context', elements: [mrkdwn(`:eyes: Acknowledged by ${ackedBy(ack, timeZone)}`)] }];
}

/** Shown on an open parent while a snooze holds, so the whole channel knows replies are held back. */
export function snoozeLine(snooze: Snooze | null, timeZone: string | null | undefined): SlackBlock[] {
  if (snooze === null) return [];
  const until =
    snooze.until !== null ? `until ${siteAndYourTime(snooze.until, timeZone, true)}` : 'until healthy';
  return [{ type: 'context', elements: [mrkdwn(`:zzz: Snoozed by <@${safeText(snooze.by, 30)}> ${until}`)] }];
}

const snoozeMenu = () => ({
  type: 'static_select',
  action_id: ALERT_ACTION.snooze,
  placeholder: plain('Snooze…'),
  options: SNOOZE_CHOICES.map((c) => ({ text: plain(c.label), value: c.value })),
});

const button = (actionId: string, label: string, subject: string) => ({
  type: 'button',
  action_id: actionId,
  text: plain(label),
  value: subject.slice(0, 2000),
});

export function actionRow(kind: keyof typeof ACTIONS_BLOCK, subject: string): SlackBlock {
  return {
    type: 'actions',
    block_id: `${ACTIONS_BLOCK[kind]}${subject}`.slice(0, 255),
    elements: [
      button(ALERT_ACTION.ack, 'Acknowledge', subject),
      ...(kind === 'incident' ? [button(ALERT_ACTION.createTask, 'Create task', subject)] : []),
      snoozeMenu(),
    ],
  };
}

export { when };

/** One condition's parent as an incident of one condition (records and callers from before incidents). */
export function renderAlertParent(
  alert: AlertView,
  subject: string,
  ack: AckRecord | null,
  snooze: Snooze | null = null,
): RenderedMessage {
  return renderIncidentParent(incidentFromAlert(alert), subject, ack, snooze);
}
