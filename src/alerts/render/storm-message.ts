/** Pure renderers of a site-level storm: one parent with a live count, the devices listed in its thread. */
import type {
  AckRecord,
  IncidentChange,
  IncidentView,
  Snooze,
  StormMemberChange,
  StormView,
} from '../rules/model.ts';
import type { RenderedMessage, SlackBlock } from './alert-message.ts';
import { ackLine, actionRow, snoozeLine } from './alert-message.ts';
import { safeText, truncate, safeName } from '../../kit/blocks/mrkdwn.ts';
import { describeIncidentChange } from './incident-message.ts';
import { CONDITION_LABEL, formatDuration, SEVERITY_ICON, when } from './alert-format.ts';

const mrkdwn = (text: string) => ({ type: 'mrkdwn', text });

function siteLabel(storm: StormView): string {
  return storm.siteName ? safeName(storm.siteName, 150) : `site ${safeText(storm.siteId, 60)}`;
}

/** What a storm's Snooze calls it (unescaped: the snooze summary escapes it). */
export function stormLabel(storm: Pick<StormView, 'siteName' | 'siteId'>): string {
  return `alert storm at ${storm.siteName ?? `site ${storm.siteId}`}`;
}

export function renderStormParent(
  storm: StormView,
  subject: string,
  ack: AckRecord | null,
  snooze: Snooze | null = null,
): RenderedMessage {
  const zone = storm.siteTimeZone ?? null;
  const site = siteLabel(storm);
  if (storm.resolvedAt !== null) {
    const lasted = formatDuration(storm.resolvedAt - storm.openedAt);
    return {
      text: `Resolved: alert storm at ${site} (${storm.total} devices, lasted ${lasted})`,
      blocks: [
        {
          type: 'section',
          text: mrkdwn(
            `:white_check_mark: *Resolved* · alert storm at *${site}*: ${storm.total} devices, lasted ${lasted}`,
          ),
        },
        {
          type: 'context',
          elements: [mrkdwn(`Opened ${when(storm.openedAt)} · resolved ${when(storm.resolvedAt)} your time`)],
        },
        ...ackLine(ack, zone),
      ],
    };
  }
  return {
    text: `Alert storm at ${site}: ${storm.active} devices with active alerts`,
    blocks: [
      {
        type: 'section',
        text: mrkdwn(
          `:rotating_light: *Alert storm at ${site}*: *${storm.active}* devices with active alerts, ${storm.total} in this storm. The devices are listed in the thread.`,
        ),
      },
      { type: 'context', elements: [mrkdwn(`Opened ${when(storm.openedAt)} your time`)] },
      ...ackLine(ack, zone),
      ...snoozeLine(snooze, zone),
      actionRow('storm', subject),
    ],
  };
}

function incidentLine(inc: IncidentView): string {
  const what = inc.conditions
    .map((c) => `${CONDITION_LABEL[c.condition]} (${safeText(c.detail, 120)})`)
    .join(', ');
  return `${SEVERITY_ICON[inc.severity]} *${safeName(inc.sourceName, 120)}* — ${what}`.slice(0, 1000);
}

/** The devices that joined the storm, chunked so that no section passes Slack's 3000-character limit. */
export function renderStormAddedReply(incidents: IncidentView[]): RenderedMessage {
  const blocks: SlackBlock[] = [];
  let chunk = '';
  for (const line of incidents.map(incidentLine)) {
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
    shown.push({ type: 'context', elements: [mrkdwn(`…and more; ${incidents.length} devices in total`)] });
  const names = incidents.map((a) => a.sourceName).join(', ');
  return {
    text: safeText(truncate(`${incidents.length} devices with new alerts: ${names}`, 2900), 3000),
    blocks: shown,
  };
}

export function renderStormMemberReply(
  inc: IncidentView,
  change: StormMemberChange,
  changes: IncidentChange[],
): RenderedMessage {
  const name = `*${safeName(inc.sourceName, 150)}*`;
  const line =
    change === 'resolved'
      ? `:white_check_mark: ${name} healthy again${inc.durationMs !== null ? ` after ${formatDuration(inc.durationMs)}` : ''}`
      : `${name}: ${changes.map(describeIncidentChange).join('; ')}`;
  return {
    text: safeText(`${inc.sourceName}: ${change === 'resolved' ? 'healthy again' : 'changed'}`, 3000),
    blocks: [{ type: 'section', text: mrkdwn(line.slice(0, 3000)) }],
  };
}
