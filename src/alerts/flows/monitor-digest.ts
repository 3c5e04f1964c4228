/**
 * `/monitor digest …`: `at <times> [site <name>…]` and `off` set this channel's shift handover digest (admins);
 * `now` posts the current digest of each site here, for anyone — built from the relay's records, no platform
 * call beyond resolving the site names an admin typed.
 */
import type { WebClient } from '@slack/web-api';
import type { Deps } from '../../base/deps.ts';
import { digestRecords } from '../engine/digest-records.ts';
import { collectDigest, digestSites } from '../engine/digest-run.ts';
import { assigneeMentions, createRelayPeople } from '../engine/alert-people.ts';
import type { RelayStore } from '../engine/alert-store.ts';
import { DIGEST_SHOWN, renderDigest } from '../render/digest-message.ts';
import { renderNotice, renderSiteProblems } from '../render/monitor-reply.ts';
import type { RenderedMessage } from '../render/alert-message.ts';
import { lastShiftChange } from '../rules/shift-times.ts';
import { resolveSites } from '../rules/subscriptions.ts';
import type { MonitorCommand } from '../rules/monitor-parse.ts';
import type { DigestSettings } from '../rules/digest.ts';
import { safeText } from '../../kit/blocks/mrkdwn.ts';

type DigestCommand = Extract<MonitorCommand, { kind: 'digest-at' | 'digest-off' | 'digest-now' }>;
export type DigestDeps = Pick<Deps, 'store' | 'clock' | 'directory'>;

/** Without shift changes set, "now" covers the last 8 hours. */
const DEFAULT_SHIFT_MS = 8 * 3_600_000;
/** Digests one `/monitor digest now` posts at most (one per site). */
const NOW_SITES = 10;

export interface DigestCommandContext {
  deps: DigestDeps;
  rs: RelayStore;
  client: WebClient;
  channel: string;
  user: string;
  reply: (msg: RenderedMessage) => Promise<unknown>;
}

async function postNow(ctx: DigestCommandContext): Promise<void> {
  const { rs, channel } = ctx;
  const records = digestRecords(rs.raw);
  const settings = await records.settings(channel);
  const sites = await digestSites(rs, settings, await rs.subscriptions(channel));
  if (sites.length === 0) {
    await ctx.reply(
      renderNotice(
        'This channel watches no site yet: `/monitor subscribe alerts` first, or name sites with `/monitor digest at 06:00,14:00,22:00 site <name>`.',
      ),
    );
    return;
  }
  const now = ctx.deps.clock.now();
  const people = createRelayPeople({
    store: ctx.deps.store,
    client: ctx.client,
    directory: ctx.deps.directory,
  });
  for (const site of sites.slice(0, NOW_SITES)) {
    const since = settings ? lastShiftChange(now, site.zone, settings.times) : null;
    const from = since ?? now - DEFAULT_SHIFT_MS;
    const digest = await collectDigest(rs, channel, site, { from, to: now, late: false, onDemand: true });
    await records.saveDigest(digest);
    const mentions = await assigneeMentions(people, digest.tasks?.overdue.slice(0, DIGEST_SHOWN) ?? []);
    const msg = renderDigest(digest, mentions);
    await ctx.client.chat.postMessage({ channel, text: msg.text, blocks: msg.blocks, unfurl_links: false });
  }
}

/** Admin part (the caller checked): set or remove the shift changes. */
async function configure(ctx: DigestCommandContext, cmd: DigestCommand): Promise<void> {
  const records = digestRecords(ctx.rs.raw);
  if (cmd.kind === 'digest-off') {
    // What the removal found, set on every run of the change (it may run again).
    let had = false;
    await records.updateSettings(ctx.channel, (current) => {
      had = current !== undefined;
      return undefined;
    });
    await ctx.reply(
      renderNotice(
        had
          ? ':white_check_mark: No more shift handover digests here.'
          : 'This channel had no shift handover digest.',
      ),
    );
    return;
  }
  if (cmd.kind !== 'digest-at') return;
  const { sites, problems } = await resolveSites(ctx.deps.directory, cmd.sites);
  if (problems.length > 0) return void (await ctx.reply(renderSiteProblems(problems)));
  const settings: DigestSettings = {
    channel: ctx.channel,
    times: cmd.times,
    siteIds: sites.length > 0 ? sites.map((s) => s.id) : null,
    siteNames: sites.map((s) => s.name),
    by: ctx.user,
    since: ctx.deps.clock.now(),
  };
  await records.updateSettings(ctx.channel, () => settings);
  const where =
    sites.length > 0
      ? sites.map((s) => `*${safeText(s.name, 100)}*`).join(', ')
      : 'the sites this channel is subscribed to';
  await ctx.reply(
    renderNotice(
      `:white_check_mark: A shift handover digest for ${where} will be posted here at ${cmd.times.join(', ')}, each site in its own time zone. Anyone can ask for the current one with \`/monitor digest now\`.`,
    ),
  );
}

export async function runDigestCommand(
  ctx: DigestCommandContext,
  cmd: DigestCommand,
  mayConfigure: () => Promise<boolean>,
  refused: RenderedMessage,
): Promise<void> {
  if (cmd.kind === 'digest-now') return postNow(ctx);
  if (!(await mayConfigure())) return void (await ctx.reply(refused));
  await configure(ctx, cmd);
}
