/**
 * /monitor — channel subscriptions to device alerts and task changes, and the alerts' status. Help and a text it
 * cannot parse are answered on receipt; everything else is the job's work, answered ephemerally via response_url.
 */
import type { RespondFn } from '@slack/bolt';
import type { Deps } from '../../base/deps.ts';
import { answer, commandEntry, toWork } from '../../kit/entry.ts';
import { queueStatsOf, type QueueStats } from '../../kit/request-context.ts';
import { reportError } from '../../kit/errors.ts';
import { renderCommandHelp } from '../../kit/help/render-help.ts';
import { actingWorkspace, ensureAllowed } from '../../access/index.ts';
import { isAuditCommand, recordAudit, runMonitorAudit } from '../../ops/index.ts';
import { parseMonitorCommand, type MonitorCommand } from '../rules/monitor-parse.ts';
import { changeSubscription, type SubscriptionOutcome } from '../rules/subscriptions.ts';
import { digestRecords } from '../engine/digest-records.ts';
import { createOutbox } from '../engine/outbox.ts';
import { alertStore, type AlertStore } from '../engine/alert-store.ts';
import { readAlertStatus } from '../engine/status-report.ts';
import type { RenderedMessage } from '../render/alert-message.ts';
import { MONITOR_HELP } from '../render/monitor-help.ts';
import {
  renderNotice,
  renderAlertStatus,
  renderSiteProblems,
  renderSubscriptionList,
} from '../render/monitor-reply.ts';
import { keptSubscriptionText } from '../render/kept-reply.ts';
import { ensureMembership, postingProblem } from '../flows/channel-membership.ts';
import { runDigestCommand } from '../flows/monitor-digest.ts';
import { adminSites, nameKept, type AdminSites } from '../flows/admin-limit.ts';
import { relayRoot } from '../flows/relay-root.ts';

export const CHANNEL_ADMINS_ONLY =
  ':lock: Only workspace admins and owners (or members of the fieldline admin group) can change what a channel is subscribed to. Anyone can use `/monitor list`, `/monitor status` and `/monitor digest now`.';

const NO_SITES_OF_YOURS =
  ':lock: Your platform account sees no sites, so there is nothing this channel could be subscribed to for you.';

function reply(respond: RespondFn, msg: RenderedMessage) {
  return respond({ response_type: 'ephemeral', replace_original: false, text: msg.text, blocks: msg.blocks });
}

type WorkCommand = Exclude<MonitorCommand, { kind: 'help' | 'invalid' }>;
type ChangeCommand = Extract<MonitorCommand, { kind: 'subscribe' | 'unsubscribe' }>;

/**
 * What receipt decided: the parsed command and, for status, the receiving replica's queue as it was when asked; or
 * `audit …`'s text (issue 42: read by src/ops/monitor-audit.ts).
 */
type MonitorCarry = { cmd: WorkCommand; queue?: QueueStats } | { audit: string };

const isWork = (cmd: MonitorCommand): cmd is WorkCommand => cmd.kind !== 'help' && cmd.kind !== 'invalid';

/**
 * In linked mode a subscription without site names means every site of the admin's own key, named explicitly:
 * the alerts engine sees every site, so "every site" would reach beyond what the admin may see (issue 14). Null
 * when the key sees no site.
 */
function withOwnSites(own: AdminSites['own'], cmd: ChangeCommand): ChangeCommand | null {
  if (cmd.kind !== 'subscribe' || cmd.sites.length > 0 || own === null) return cmd;
  return own.length === 0 ? null : { ...cmd, sites: own.map((s) => s.id) };
}

/** The reply's first line, with what the change kept of sites the admin's key does not see (issue 37). */
async function changeNotice(
  rs: AlertStore,
  first: string | null,
  outcome: Extract<SubscriptionOutcome, { kind: 'saved' | 'nothing-to-remove' }>,
): Promise<string> {
  const before = 'previous' in outcome ? outcome.previous : outcome.sub;
  const sites = await nameKept(rs, outcome.kept.sites, [before?.alerts, before?.tasks]);
  return [first, keptSubscriptionText(outcome.kept, sites)].filter(Boolean).join(' ');
}

export type MonitorDeps = Pick<Deps, 'store' | 'clock' | 'log' | 'config' | 'directory' | 'access'>;

export const monitorCommand = (deps: MonitorDeps) =>
  commandEntry<MonitorCarry>({
    command: '/monitor',
    kind: 'alerts.monitor',
    becomesWork: (text) => isAuditCommand(text) || isWork(parseMonitorCommand(text)),
    receive({ command, context }) {
      if (isAuditCommand(command.text)) return toWork<MonitorCarry>({ audit: command.text });
      const cmd = parseMonitorCommand(command.text);
      if (cmd.kind === 'help') return answer(renderCommandHelp(MONITOR_HELP));
      if (cmd.kind === 'invalid') return answer(renderCommandHelp(MONITOR_HELP, cmd.message));
      const queue = cmd.kind === 'status' ? queueStatsOf(context) : undefined;
      return toWork<MonitorCarry>({ cmd, ...(queue ? { queue } : {}) });
    },
    async work({ command, respond, client }, carry) {
      const root = await relayRoot(deps);
      const rs = alertStore(root);
      const channel = command.channel_id;
      try {
        // Everyone allowed to use fieldline may list and ask for status; no platform call, so checked here.
        await ensureAllowed();
        if ('audit' in carry) {
          const audit = { directory: deps.directory, now: deps.clock.now, workspace: actingWorkspace() };
          const mayRead = () => deps.access.mayConfigureChannels(client);
          return void (await reply(respond, await runMonitorAudit({ ...audit, mayRead }, carry.audit)));
        }
        const { cmd, queue } = carry;
        if (cmd.kind === 'list') {
          const digest = await digestRecords(rs.raw).settings(channel);
          return void (await reply(
            respond,
            renderSubscriptionList(await rs.subscriptions(channel), undefined, digest),
          ));
        }
        if (cmd.kind === 'status') {
          const now = deps.clock.now();
          const report = await readAlertStatus(rs, createOutbox(root), now, channel);
          const status = renderAlertStatus(report, now, queue);
          const problem = await postingProblem(client, channel);
          if (problem)
            status.blocks = [{ type: 'section', text: { type: 'mrkdwn', text: problem } }, ...status.blocks];
          return void (await reply(
            respond,
            problem ? { ...status, text: `${problem} ${status.text}` } : status,
          ));
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
        // Channel configuration is for admins; in linked mode their own key decides which sites they may
        // subscribe, and which of the channel's sites their change may touch (the directory lists the sites of
        // the acting person's key; the limit is applied inside the atomic update).
        if (!(await deps.access.mayConfigureChannels(client)))
          return void (await reply(respond, renderNotice(CHANNEL_ADMINS_ONLY)));
        const { limit, own } = await adminSites(deps, rs);
        const change = withOwnSites(own, cmd);
        if (!change) return void (await reply(respond, renderNotice(NO_SITES_OF_YOURS)));
        const outcome = await changeSubscription(
          { rs, directory: deps.directory, now: deps.clock.now(), limit },
          channel,
          change,
        );
        if (outcome.kind === 'site-problems')
          return void (await reply(respond, renderSiteProblems(outcome.problems)));
        if (outcome.kind === 'nothing-to-remove') {
          const notice = await changeNotice(rs, 'There was nothing to unsubscribe.', outcome);
          return void (await reply(respond, renderSubscriptionList(outcome.sub, notice)));
        }
        await recordAudit('subscription.changed', { detail: `${cmd.kind} ${cmd.topic}` });
        const verb =
          cmd.kind === 'subscribe' ? ':white_check_mark: Subscribed.' : ':white_check_mark: Unsubscribed.';
        const membership = cmd.kind === 'subscribe' ? await ensureMembership(client, channel) : null;
        const notice = await changeNotice(rs, [verb, membership].filter(Boolean).join(' '), outcome);
        await reply(respond, renderSubscriptionList(outcome.sub, notice));
      } catch (err) {
        await reportError(
          deps,
          { client, channel, user: command.user_id, responseUrl: command.response_url },
          err,
          { command: '/monitor' },
        );
      }
    },
  });
