/**
 * /monitor — channel subscriptions to device alerts and task changes, and the relay's status.
 * Thin: ack → parse (pure) → subscription service → render; answers are ephemeral via response_url.
 */
import { handOff, queueStatsOf } from '../../runtime/jobs/hand-off.ts';
import type { QueueStats } from '../../runtime/jobs/job-stats.ts';
import { renderQueueStats } from '../../runtime/jobs/render-queue-stats.ts';
import type { AllMiddlewareArgs, RespondFn, SlackCommandMiddlewareArgs } from '@slack/bolt';
import type { WebClient } from '@slack/web-api';
import type { Deps } from '../../base/deps.ts';
import { parseMonitorCommand } from '../rules/monitor-parse.ts';
import { runDigestCommand } from './monitor-digest.ts';
import { digestRecords } from '../engine/digest-records.ts';
import { createOutbox } from '../engine/outbox.ts';
import { relayStore } from '../engine/relay-store.ts';
import { readRelayStatus } from '../engine/status-report.ts';
import { changeSubscription } from '../rules/subscriptions.ts';
import type { RenderedMessage } from '../render/alert-message.ts';
import {
  renderNotice,
  renderRelayStatus,
  renderSiteProblems,
  renderSubscriptionList,
} from '../render/relay-monitor-reply.ts';
import { reportError } from '../../kit/errors.ts';
import { ensureAllowed } from '../../access/index.ts';
import { COMMAND_HELP } from '../../kit/help/commands.ts';
import { renderCommandHelp } from '../../kit/help/render-help.ts';

/** Makes sure the bot can post in `channel`: joins a public channel, or says how to invite it to a private one. */
export async function ensureMembership(client: WebClient, channel: string): Promise<string | null> {
  try {
    const info = await client.conversations.info({ channel });
    const c = info.channel;
    if (c?.is_member || c?.is_im) return null;
    if (c?.is_private)
      return ':lock: This is a private channel: invite me with `/invite @fieldline` so that I can post here.';
    await client.conversations.join({ channel });
    return ':wave: I joined this channel so that I can post here.';
  } catch {
    // Slack answers channel_not_found for private channels the bot is not in.
    return ':lock: I cannot see this channel: invite me with `/invite @fieldline` so that I can post here.';
  }
}

/** Why nothing can be posted in this channel (`/monitor status`), or null when the bot is a member. */
export async function postingProblem(client: WebClient, channel: string): Promise<string | null> {
  const invite = 'invite me with `/invite @fieldline` so that alerts and task changes can be posted here.';
  try {
    const c = (await client.conversations.info({ channel })).channel;
    if (c?.is_member || c?.is_im) return null;
    return `:warning: I am not a member of this channel, so nothing can be posted here: ${invite}`;
  } catch {
    // Slack answers channel_not_found for a private channel the bot was not invited to.
    return `:warning: I cannot post in this channel (a private channel I was not invited to): ${invite}`;
  }
}

export const CHANNEL_ADMINS_ONLY =
  ':lock: Only workspace admins and owners (or members of the fieldline admin group) can change what a channel is subscribed to. Anyone can use `/monitor list`, `/monitor status` and `/monitor digest now`.';

function reply(respond: RespondFn, msg: RenderedMessage) {
  return respond({ response_type: 'ephemeral', replace_original: false, text: msg.text, blocks: msg.blocks });
}

const NO_SITES_OF_YOURS =
  ':lock: Your platform account sees no sites, so there is nothing this channel could be subscribed to for you.';

type ChangeCommand = Extract<ReturnType<typeof parseMonitorCommand>, { kind: 'subscribe' | 'unsubscribe' }>;

/**
 * In linked mode a subscription without site names means every site of the admin's own key, named explicitly:
 * the relay sees every site, so "every site" would reach beyond what the admin may see (issue 14). Null when the
 * key sees no site.
 */
async function withOwnSites(
  deps: Pick<Deps, 'config' | 'directory'>,
  cmd: ChangeCommand,
): Promise<ChangeCommand | null> {
  if (cmd.kind !== 'subscribe' || cmd.sites.length > 0 || deps.config.access.mode !== 'linked') return cmd;
  const own = await deps.directory.sites();
  return own.length === 0 ? null : { ...cmd, sites: own.map((s) => s.id) };
}

export type MonitorCommandArgs = SlackCommandMiddlewareArgs & AllMiddlewareArgs;

export async function handleMonitorCommand(
  args: MonitorCommandArgs,
  deps: Pick<Deps, 'store' | 'clock' | 'log' | 'config' | 'directory' | 'access'>,
): Promise<void> {
  const { ack, command, respond, client } = args;
  const cmd = parseMonitorCommand(command.text);
  const help = COMMAND_HELP['/monitor'];
  if (cmd.kind === 'help') return void (await ack(renderCommandHelp(help)));
  if (cmd.kind === 'invalid') return void (await ack(renderCommandHelp(help, cmd.message)));
  // Status shows the receiving replica's job queue as it was when asked.
  const job = await handOff<{ queue?: QueueStats }>(args, 'alerts.monitor', {
    ...(cmd.kind === 'status' ? { carry: { queue: queueStatsOf(args) } } : {}),
  });
  if (!job) return;
  const rs = relayStore(deps.store);
  const channel = command.channel_id;
  try {
    // Everyone allowed to use fieldline may list and ask for status; no platform call, so checked here.
    await ensureAllowed();
    if (cmd.kind === 'list') {
      const digest = await digestRecords(rs.raw).settings(channel);
      return void (await reply(
        respond,
        renderSubscriptionList(await rs.subscriptions(channel), undefined, digest),
      ));
    }
    if (cmd.kind === 'status') {
      const now = deps.clock.now();
      const report = await readRelayStatus(rs, createOutbox(deps.store), now, channel);
      const status = renderRelayStatus(report, now);
      if (job.carry?.queue) status.blocks = [...status.blocks, ...renderQueueStats(job.carry.queue)];
      const problem = await postingProblem(client, channel);
      if (problem)
        status.blocks = [{ type: 'section', text: { type: 'mrkdwn', text: problem } }, ...status.blocks];
      return void (await reply(respond, problem ? { ...status, text: `${problem} ${status.text}` } : status));
    }
    if (cmd.kind === 'digest-at' || cmd.kind === 'digest-off' || cmd.kind === 'digest-now') {
      const ctx = {
        deps,
        rs,
        client,
        channel,
        user: command.user_id,
        reply: (m: RenderedMessage) => reply(respond, m),
      };
      return void (await runDigestCommand(
        ctx,
        cmd,
        () => deps.access.mayConfigureChannels(client),
        renderNotice(CHANNEL_ADMINS_ONLY),
      ));
    }
    // Channel configuration is for admins; in linked mode their own key decides which sites they may subscribe
    // (the directory lists the sites of the acting person's key).
    if (!(await deps.access.mayConfigureChannels(client)))
      return void (await reply(respond, renderNotice(CHANNEL_ADMINS_ONLY)));
    const change = await withOwnSites(deps, cmd);
    if (!change) return void (await reply(respond, renderNotice(NO_SITES_OF_YOURS)));
    const outcome = await changeSubscription(
      { rs, directory: deps.directory, now: deps.clock.now() },
      channel,
      change,
    );
    if (outcome.kind === 'site-problems')
      return void (await reply(respond, renderSiteProblems(outcome.problems)));
    if (outcome.kind === 'nothing-to-remove') {
      return void (await reply(
        respond,
        renderSubscriptionList(outcome.sub, 'There was nothing to unsubscribe.'),
      ));
    }
    const verb =
      cmd.kind === 'subscribe' ? ':white_check_mark: Subscribed.' : ':white_check_mark: Unsubscribed.';
    const membership = cmd.kind === 'subscribe' ? await ensureMembership(client, channel) : null;
    await reply(respond, renderSubscriptionList(outcome.sub, [verb, membership].filter(Boolean).join(' ')));
  } catch (err) {
    await reportError(
      deps,
      { client, channel, user: command.user_id, responseUrl: command.response_url },
      err,
      { command: '/monitor' },
    );
  }
}
