/**
 * Pure renderers of alert messages: the parent (current state of one alert episode, edited in place) and its
 * thread replies. Platform text is escaped (`safeText`); every block stays within Slack's limits.
 */
import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns';
import type { AckRecord, AlertView, Snooze } from '../rules/model.ts';
import type { Severity } from '../rules/types.ts';
import { safeText } from '../../kit/blocks/mrkdwn.ts';
import { CONDITION_LABEL, formatDuration, SEVERITY_ICON, SEVERITY_LABEL, when } from './relay-format.ts';
import { plain } from '../../kit/blocks/text-blocks.ts';

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

export const SNOOZE_CHOICES = [
  { value: '1h', label: 'Snooze 1 hour' },
  { value: '4h', label: 'Snooze 4 hours' },
  { value: 'morning', label: 'Until 06:00 site time' },
  { value: 'healthy', label: 'Until healthy again' },
] as const;

const mrkdwn = (text: string) => ({ type: 'mrkdwn', text });

export function ackLine(ack: AckRecord | null): SlackBlock[] {
  if (ack === null) return [];
  return [
    {
      type: 'context',
      elements: [mrkdwn(`:eyes: Acknowledged by <@${safeText(ack.user, 30)}> ${when(ack.at)}`)],
    },
  ];
}

/** "until 14:00 site time": the snooze choices are stated in site time, so the line is too. */
function snoozeEnd(until: number, timeZone: string | null): string {
  try {
    return `until ${format(new TZDate(until, timeZone ?? 'UTC'), 'HH:mm')} ${timeZone ? 'site time' : 'UTC'}`;
  } catch {
    return `until ${when(until)}`;
  }
}

/** Shown on an open alert's parent while a snooze holds, so the whole channel knows updates are held back. */
export function snoozeLine(snooze: Snooze | null, alert: AlertView): SlackBlock[] {
  if (snooze === null || alert.clearedAt !== null) return [];
  const until = snooze.until !== null ? snoozeEnd(snooze.until, alert.siteTimeZone) : 'until healthy';
  return [
    {
      type: 'context',
      elements: [mrkdwn(`:zzz: Snoozed by <@${safeText(snooze.by, 30)}> ${until}`)],
    },
  ];
}

export function alertTitle(alert: AlertView): string {
  return `${safeText(alert.sourceName, 200)} — ${CONDITION_LABEL[alert.condition]}`;
}

function actions(subject: string): SlackBlock {
  return {
    type: 'actions',
    block_id: `alert_actions|${subject}`.slice(0, 255),
    elements: [
      {
        type: 'button',
        action_id: ALERT_ACTION.ack,
        text: plain('Acknowledge'),
        value: subject.slice(0, 2000),
      },
      {
        type: 'button',
        action_id: ALERT_ACTION.createTask,
        text: plain('Create task'),
        value: subject.slice(0, 2000),
      },
      {
        type: 'static_select',
        action_id: ALERT_ACTION.snooze,
        placeholder: plain('Snooze…'),
        options: SNOOZE_CHOICES.map((c) => ({ text: plain(c.label), value: c.value })),
      },
    ],
  };
}

export function renderAlertParent(
  alert: AlertView,
  subject: string,
  ack: AckRecord | null,
  snooze: Snooze | null = null,
): RenderedMessage {
  const site = alert.siteName ? ` at ${safeText(alert.siteName, 150)}` : '';
  if (alert.clearedAt !== null) {
    const lasted = alert.durationMs !== null ? `, lasted ${formatDuration(alert.durationMs)}` : '';
    const text = `Resolved: ${alert.sourceName} — ${CONDITION_LABEL[alert.condition]}${lasted}`;
    return {
      text: safeText(text, 3000),
      blocks: [
        { type: 'section', text: mrkdwn(`:white_check_mark: *Resolved* · *${alertTitle(alert)}*${site}`) },
        {
          type: 'context',
          elements: [mrkdwn(`Raised ${when(alert.raisedAt)} · resolved ${when(alert.clearedAt)}${lasted}`)],
        },
        ...ackLine(ack),
      ],
    };
  }
  const text = `${SEVERITY_LABEL[alert.severity]}: ${alert.sourceName} — ${CONDITION_LABEL[alert.condition]} (${alert.detail})`;
  return {
    text: safeText(text, 3000),
    blocks: [
      {
        type: 'section',
        text: mrkdwn(
          `${SEVERITY_ICON[alert.severity]} *${SEVERITY_LABEL[alert.severity]}* · *${alertTitle(alert)}*${site}\n${safeText(alert.detail, 500)}`,
        ),
      },
      {
        type: 'context',
        elements: [mrkdwn(`Raised ${when(alert.raisedAt)} · data source ${safeText(alert.sourceId, 60)}`)],
      },
      ...ackLine(ack),
      ...snoozeLine(snooze, alert),
      actions(subject),
    ],
  };
}

export function renderAlertUpdateReply(alert: AlertView, previous: Severity): RenderedMessage {
  const line = `${SEVERITY_ICON[alert.severity]} ${SEVERITY_LABEL[previous]} → *${SEVERITY_LABEL[alert.severity]}*: ${safeText(alert.detail, 500)}`;
  return {
    text: safeText(`${SEVERITY_LABEL[previous]} → ${SEVERITY_LABEL[alert.severity]}: ${alert.detail}`, 3000),
    blocks: [{ type: 'section', text: mrkdwn(line) }],
  };
}

export function renderAlertClearedReply(alert: AlertView): RenderedMessage {
  const lasted = alert.durationMs !== null ? ` after ${formatDuration(alert.durationMs)}` : '';
  const line = `:white_check_mark: Healthy again${lasted}.`;
  return { text: line, blocks: [{ type: 'section', text: mrkdwn(line) }] };
}
