/**
 * The Home tab's lower part, pure: which channels receive alerts and task changes (the relay's subscriptions)
 * and whether the monitoring platform is reachable (a quick probe) with the relay's last cycle.
 */
import type { ChannelSubscriptions } from '../../alerts/index.ts';
import type { AlertStatus } from '../../alerts/index.ts';
import { safeText } from '../../kit/blocks/mrkdwn.ts';
import { describeSubscriptions } from '../../alerts/index.ts';
import { formatDuration, when } from '../../alerts/index.ts';
import { HOME_CHANNEL_LIMIT } from './home-ids.ts';
import type { BlockJson } from '../../tasks/index.ts';
import { context, section } from '../../kit/blocks/text-blocks.ts';

export type HomeSubscriptions =
  | { kind: 'ok'; subs: ChannelSubscriptions[]; /** Channels subscribed in all. */ total: number }
  | { kind: 'failed'; notice: string };

/**
 * A quick platform call's outcome; `notice` is ready mrkdwn (userMessageFor). `connect`: nothing was asked of the
 * platform because the viewer has not connected their account (or must connect it again).
 */
export type HomeConnection =
  | { ok: true; ms: number }
  | { ok: false; notice: string }
  | { ok: false; connect: 'not-connected' | 'must-renew' }
  /** fieldline does not act for this person (guest, deactivated, another organisation): why, ready mrkdwn. */
  | { ok: false; refused: string };

/** Slack channel ids render as links; anything else the store holds is shown as escaped text. */
function channelRef(channel: string): string {
  return /^[CGD][A-Z0-9]{2,30}$/.test(channel) ? `<#${channel}>` : safeText(channel, 80);
}

export function renderHomeSubscriptions(subs: HomeSubscriptions): BlockJson[] {
  const head = section('*Channels receiving alerts and task changes*');
  if (subs.kind === 'failed')
    return [head, section(`The subscriptions can't be read right now. ${subs.notice}`)];
  const shown = subs.subs.filter((s) => s.alerts !== null || s.tasks !== null).slice(0, HOME_CHANNEL_LIMIT);
  if (shown.length === 0)
    return [
      head,
      context(
        'No channel is subscribed yet. In a channel, type `/monitor subscribe alerts` or `/monitor subscribe tasks`.',
      ),
    ];
  const blocks = [
    head,
    ...shown.map((s) => section(`${channelRef(s.channel)}\n${describeSubscriptions(s).join('\n')}`)),
  ];
  if (subs.total > shown.length)
    blocks.push(
      context(
        `…and ${subs.total - shown.length} more channel(s). \`/monitor list\` in a channel shows its own.`,
      ),
    );
  return blocks;
}

/** How current the channels' alerts and task changes are: when fieldline last checked the platform for them. */
function alertsLine(alerts: AlertStatus | null, nowMs: number): string {
  if (alerts === null || alerts.lastCycleAt === null)
    return 'Channel alerts: not checked yet (alerts and task changes are posted after fieldline first checks the platform).';
  const parts = [
    alerts.lastCompleteAt === null
      ? 'Channel alerts: no check has finished yet'
      : `Channel alerts: last checked ${when(alerts.lastCompleteAt)} (${formatDuration(nowMs - alerts.lastCompleteAt)} ago)`,
  ];
  if (alerts.consecutiveFailures > 0 && alerts.lastError) {
    const checks =
      alerts.consecutiveFailures === 1 ? 'The last check' : `The last ${alerts.consecutiveFailures} checks`;
    parts.push(
      `:warning: ${checks} of the platform failed (last ${when(alerts.lastError.at)}): ${safeText(alerts.lastError.code ?? alerts.lastError.message, 200)}`,
    );
  }
  return parts.join('\n');
}

const CONNECT_FOR_STATE: Record<'not-connected' | 'must-renew', string> = {
  'not-connected': ':key: *Monitoring platform:* connect your platform account to see how it answers you.',
  'must-renew': ':key: *Monitoring platform:* connect your platform account again to see how it answers you.',
};

export function renderHomeConnection(
  connection: HomeConnection,
  alerts: AlertStatus | null,
  nowMs: number,
): BlockJson[] {
  if (!connection.ok && 'refused' in connection)
    return [section(`:no_entry: *Monitoring platform:* ${connection.refused}`)];
  if (!connection.ok && 'connect' in connection)
    return [section(CONNECT_FOR_STATE[connection.connect]), context(alertsLine(alerts, nowMs))];
  const state = connection.ok
    ? `:large_green_circle: *Monitoring platform:* connected (answered in ${Math.max(1, Math.round(connection.ms))} ms)`
    : `:red_circle: *Monitoring platform:* unreachable. ${connection.notice}`;
  return [section(state), context(alertsLine(alerts, nowMs))];
}
