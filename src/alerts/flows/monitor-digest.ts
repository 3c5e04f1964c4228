/**
 * `/monitor digest …`: `at <times> [site <name>…]` and `off` set this channel's shift handover digest (admins);
 * `now` posts the current digest of the channel's sites here, in one message, for anyone — built from the relay's
 * records, no platform call beyond resolving the site names an admin typed.
 */
import { recordAudit } from '../../ops/index.ts';
import type { WebClient } from '@slack/web-api';
import type { Deps } from '../../base/deps.ts';
import { digestRecords } from '../engine/digest-records.ts';
import { collectDigest, digestSites } from '../engine/digest-run.ts';
import { assigneeMentions, createAlertPeople } from '../engine/alert-people.ts';
import type { AlertStore } from '../engine/alert-store.ts';
import { DIGEST_SHOWN, NOW_SITES_SHOWN, renderDigestNow, type NowWindow } from '../render/digest-message.ts';
import { renderNotice, renderSiteProblems } from '../render/monitor-reply.ts';
import type { RenderedMessage } from '../render/alert-message.ts';
import { lastShiftChange } from '../rules/shift-times.ts';
import { DEFAULT_SHIFT_TIMES } from '../rules/index.ts';
import { resolveSites } from '../rules/subscriptions.ts';
import type { MonitorCommand } from '../rules/monitor-parse.ts';
import type { DigestSettings } from '../rules/digest.ts';
import type { ChannelSubscriptions } from '../rules/model.ts';
import { hiddenOfDigest, keepOnly, type SiteLimit } from '../rules/admin-sites.ts';
import { keptDigestText, nameYourSitesText, siteNames } from '../render/kept-reply.ts';
import { adminSites, nameKept, type AdminSites } from './admin-limit.ts';
import { safeText } from '../../kit/blocks/mrkdwn.ts';

type DigestCommand = Extract<MonitorCommand, { kind: 'digest-at' | 'digest-off' | 'digest-now' }>;
export type DigestDeps = Pick<Deps, 'store' | 'clock' | 'directory' | 'config'>;

/** Where a site's time zone is unknown, "now" covers the last 8 hours (one shift of the default three). */
const DEFAULT_SHIFT_MS = 8 * 3_600_000;

export interface DigestCommandContext {
  deps: DigestDeps;
  rs: AlertStore;
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
  const people = createAlertPeople({
    store: ctx.deps.store,
    client: ctx.client,
    directory: ctx.deps.directory,
  });
  // Which window, and why: since each site's last shift change — this channel's shift times, else the default
  // ones every feature uses (06:00, 14:00, 22:00) — and the message says which (issue 38).
  const times = settings?.times ?? [...DEFAULT_SHIFT_TIMES];
  const window: NowWindow = { kind: 'shift', times, channel: settings !== undefined };
  const parts = [];
  for (const site of sites.slice(0, NOW_SITES_SHOWN)) {
    const since = lastShiftChange(now, site.zone, times);
    const from = since ?? now - DEFAULT_SHIFT_MS;
    const digest = await collectDigest(rs, channel, site, { from, to: now, late: false, onDemand: true });
    // kept, so that its "more" buttons can list a section again
    await records.saveDigest(digest);
    const mentions = await assigneeMentions(people, digest.tasks?.overdue.slice(0, DIGEST_SHOWN) ?? []);
    parts.push({ digest, mentions });
  }
  const beyond = sites.slice(NOW_SITES_SHOWN).map((s) => s.siteName ?? `site ${s.siteId}`);
  // One message for every site (sites as sections), not one per site.
  const msg = renderDigestNow(parts, window, now, beyond);
  await ctx.client.chat.postMessage({ channel, text: msg.text, blocks: msg.blocks, unfurl_links: false });
}

/** Whether `digest off` took any site away (issue 42: only a change is audited). */
const removedAny = (previous: DigestSettings, hidden: string[]) =>
  previous.siteIds === null ? false : previous.siteIds.some((id) => !hidden.includes(id));

/** `digest off`: a limited admin removes only their sites; a digest of the subscribed sites is one shared setting. */
async function turnOff(ctx: DigestCommandContext, limit: SiteLimit, sub: ChannelSubscriptions | undefined) {
  // What the removal found, set on every run of the change (it may run again).
  let previous: DigestSettings | undefined;
  let hidden: string[] = [];
  await digestRecords(ctx.rs.raw).updateSettings(ctx.channel, (current) => {
    previous = current;
    hidden = hiddenOfDigest(limit, current, sub);
    if (!current || hidden.length === 0) return undefined;
    return current.siteIds === null ? current : keepOnly(current, new Set(hidden));
  });
  if (!previous) return void (await ctx.reply(renderNotice('This channel had no shift handover digest.')));
  if (hidden.length === 0 || removedAny(previous, hidden))
    await recordAudit('schedule.changed', { detail: 'digest off' });
  if (hidden.length === 0)
    return void (await ctx.reply(renderNotice(':white_check_mark: No more shift handover digests here.')));
  const kept = await nameKept(ctx.rs, hidden, [previous, sub?.alerts, sub?.tasks]);
  const keep = new Set(hidden);
  const removed = (previous.siteIds ?? [])
    .map((id, i) => ({ id, name: previous?.siteNames[i] ?? id }))
    .filter((s) => !keep.has(s.id));
  const text =
    removed.length > 0
      ? `:white_check_mark: No more shift handover digests here for ${siteNames(removed)}. ${keptDigestText(kept, false)}`
      : `${keptDigestText(kept, previous.siteIds === null)} Nothing was changed.`;
  await ctx.reply(renderNotice(text));
}

/** `digest at`: the times are one setting for all the digest's sites, so a limited admin sets only a digest of theirs. */
async function setTimes(
  ctx: DigestCommandContext,
  cmd: Extract<DigestCommand, { kind: 'digest-at' }>,
  admin: AdminSites,
  sub: ChannelSubscriptions | undefined,
) {
  const { sites, problems } = await resolveSites(ctx.deps.directory, cmd.sites);
  if (problems.length > 0) return void (await ctx.reply(renderSiteProblems(problems)));
  // Without site names the digest follows every subscribed site, those the admin does not see included.
  const others = sites.length === 0 ? hiddenOfDigest(admin.limit, { siteIds: null, siteNames: [] }, sub) : [];
  if (others.length > 0) {
    const named = await nameKept(ctx.rs, others, [sub?.alerts, sub?.tasks]);
    return void (await ctx.reply(renderNotice(nameYourSitesText(named, admin.own?.[0]?.name))));
  }
  const settings: DigestSettings = {
    channel: ctx.channel,
    times: cmd.times,
    siteIds: sites.length > 0 ? sites.map((s) => s.id) : null,
    siteNames: sites.map((s) => s.name),
    by: ctx.user,
    since: ctx.deps.clock.now(),
  };
  let previous: DigestSettings | undefined;
  let kept: string[] = [];
  await digestRecords(ctx.rs.raw).updateSettings(ctx.channel, (current) => {
    previous = current;
    kept = hiddenOfDigest(admin.limit, current, sub);
    return kept.length > 0 ? current : settings;
  });
  if (kept.length > 0) {
    const named = await nameKept(ctx.rs, kept, [previous, sub?.alerts, sub?.tasks]);
    return void (await ctx.reply(renderNotice(`${keptDigestText(named, true)} Nothing was changed.`)));
  }
  await recordAudit('schedule.changed', { detail: `digest at ${cmd.times.join(',')}` });
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

/**
 * Admin part (the caller checked): set or remove the shift changes. In linked mode the admin's own key decides
 * which of the digest's sites they may change (issue 37): read before, applied inside the atomic update.
 */
async function configure(ctx: DigestCommandContext, cmd: DigestCommand): Promise<void> {
  const admin = await adminSites(ctx.deps, ctx.rs);
  // What a digest of "the sites subscribed here" covers (read before the update, which changes one key).
  const sub = await ctx.rs.subscriptions(ctx.channel);
  if (cmd.kind === 'digest-off') return turnOff(ctx, admin.limit, sub);
  if (cmd.kind === 'digest-at') return setTimes(ctx, cmd, admin, sub);
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
