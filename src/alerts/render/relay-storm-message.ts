/** Pure renderers of a site-level storm: one parent with a live count, the devices listed in its thread. */
import type { AckRecord, AlertView, StormView } from '../rules/model.ts';
import type { RenderedMessage, SlackBlock } from './alert-message.ts';
import { ALERT_ACTION, ackLine } from './alert-message.ts';
import { safeText, truncate } from '../../kit/blocks/mrkdwn.ts';
import { CONDITION_LABEL, formatDuration, SEVERITY_ICON, when } from './relay-format.ts';

const mrkdwn = (text: string) => ({ type: 'mrkdwn', text });

function siteLabel(storm: StormView): string {
  return storm.siteName ? safeText(storm.siteName, 150) : `site ${safeText(storm.siteId, 60)}`;
}

export function renderStormParent(storm: StormView, subject: string, ack: AckRecord | null): RenderedMessage {
  const site = siteLabel(storm);
  if (storm.resolvedAt !== null) {
    const lasted = formatDuration(storm.resolvedAt - storm.openedAt);
    return {
      text: `Resolved: alert storm at ${site} (${storm.total} alerts, lasted ${lasted})`,
      blocks: [
        {
          type: 'section',
          text: mrkdwn(
            `:white_check_mark: *Resolved* · alert storm at *${site}*: ${storm.total} alerts, lasted ${lasted}`,
          ),
        },
        {
          type: 'context',
          elements: [mrkdwn(`Opened ${when(storm.openedAt)} · resolved ${when(storm.resolvedAt)}`)],
        },
        ...ackLine(ack),
      ],
    };
  }
  return {
    text: `Alert storm at ${site}: ${storm.active} active alerts`,
    blocks: [
      {
        type: 'section',
        text: mrkdwn(
          `:rotating_light: *Alert storm at ${site}*: *${storm.active}* active of ${storm.total} raised. The devices are listed in the thread.`,
        ),
      },
      { type: 'context', elements: [mrkdwn(`Opened ${when(storm.openedAt)}`)] },
      ...ackLine(ack),
      {
        type: 'actions',
        block_id: `storm_actions|${subject}`.slice(0, 255),
        elements: [
          {
            type: 'button',
            action_id: ALERT_ACTION.ack,
            text: { type: 'plain_text', text: 'Acknowledge' },
            value: subject.slice(0, 2000),
          },
        ],
      },
    ],
  };
}

function alertLine(a: AlertView): string {
  return `${SEVERITY_ICON[a.severity]} *${safeText(a.sourceName, 120)}* — ${CONDITION_LABEL[a.condition]}: ${safeText(a.detail, 200)}`;
}

/** The devices that joined the storm, chunked so that no section passes Slack's 3000-character limit. */
export function renderStormAddedReply(alerts: AlertView[]): RenderedMessage {
  const blocks: SlackBlock[] = [];
  let chunk = '';
  for (const line of alerts.map(alertLine)) {
    if (chunk.length + line.length + 1 > 2900) {
      blocks.push({ type: 'section', text: mrkdwn(chunk) });
      chunk = '';
    }
    chunk = chunk === '' ? line : `${chunk}\n${line}`;
  }
  if (chunk !== '') blocks.push({ type: 'section', text: mrkdwn(chunk) });
  // 50 blocks per message: the rest is summarised rather than dropped silently.
  const shown = blocks.slice(0, 49);
  if (blocks.length > 49)
    shown.push({ type: 'context', elements: [mrkdwn(`…and more; ${alerts.length} alerts in total`)] });
  const names = alerts.map((a) => a.sourceName).join(', ');
  return { text: safeText(truncate(`${alerts.length} new alerts: ${names}`, 2900), 3000), blocks: shown };
}

export function renderStormMemberReply(alert: AlertView, change: 'updated' | 'cleared'): RenderedMessage {
  const line =
    change === 'cleared'
      ? `:white_check_mark: *${safeText(alert.sourceName, 150)}* — ${CONDITION_LABEL[alert.condition]} healthy again${alert.durationMs !== null ? ` after ${formatDuration(alert.durationMs)}` : ''}`
      : alertLine(alert);
  return {
    text: safeText(`${alert.sourceName}: ${change === 'cleared' ? 'healthy again' : alert.detail}`, 3000),
    blocks: [{ type: 'section', text: mrkdwn(line) }],
  };
}
