/**
 * Gathers a site's shift handover digest from the relay's records (no platform call), and schedules the
 * digests of every configured channel: run by the lease holder after each cycle, it enqueues each site's
 * digest once per shift change — a change missed while no replica ran is posted once, late, and only the
 * latest one (a digest is a handover, not a history).
 */
import { buildDigest, digestId, type DigestData, type DigestSettings } from '../rules/digest.ts';
import type { ChannelSubscriptions, OutboxDraft } from '../rules/model.ts';
import { lastShiftChange, previousShiftChange } from '../rules/shift-times.ts';
import { digestRecords } from './digest-records.ts';
import type { Outbox } from './outbox.ts';
import type { AlertStore } from './alert-store.ts';

export interface DigestSite {
  siteId: string;
  siteName: string | null;
  zone: string | null;
}

/** Explicit sites, else the sites the channel subscribes to (every site the relay knows for "every site"). */
export async function digestSites(
  rs: AlertStore,
  settings: Pick<DigestSettings, 'siteIds' | 'siteNames'> | undefined,
  sub: ChannelSubscriptions | undefined,
): Promise<DigestSite[]> {
  const zones = await rs.zones();
  const names = new Map<string, string>();
  let ids: string[];
  if (settings?.siteIds) {
    ids = settings.siteIds;
    settings.siteIds.forEach((id, i) => names.set(id, settings.siteNames[i] ?? id));
  } else {
    const parts = [sub?.alerts, sub?.tasks].filter((p) => p !== null && p !== undefined);
    if (parts.some((p) => p.siteIds === null) || parts.length === 0) ids = Object.keys(zones);
    else ids = [...new Set(parts.flatMap((p) => p.siteIds ?? []))];
    for (const p of parts) p.siteIds?.forEach((id, i) => names.set(id, p.siteNames[i] ?? id));
  }
  const out: DigestSite[] = [];
  for (const siteId of [...new Set(ids)].sort()) {
    const name = names.get(siteId) ?? (await rs.siteHealth(siteId))?.siteName ?? null;
    out.push({ siteId, siteName: name, zone: zones[siteId] ?? null });
  }
  return out;
}

/** Another feature's section of a channel's digest for a site and shift (rounds and handover, issue 40). */
export type DigestRoutinesHook = (q: {
  channel: string;
  siteId: string;
  from: number;
  to: number;
  onDemand: boolean;
}) => Promise<{ text: string; blocks: unknown[] } | undefined>;

export async function collectDigest(
  rs: AlertStore,
  channel: string,
  site: DigestSite,
  window: { from: number; to: number; late: boolean; onDemand: boolean },
  routines?: DigestRoutinesHook,
): Promise<DigestData> {
  const records = digestRecords(rs.raw);
  const incidents = [];
  for (const sourceId of await rs.incidentIndex(channel)) {
    const inc = await rs.incident(channel, sourceId);
    if (inc?.posted && inc.view.siteId === site.siteId)
      incidents.push({ view: inc.view, ack: (await rs.ack(channel, inc.subject)) ?? null });
  }
  const tasks = await rs.siteTasks(site.siteId);
  const health = await rs.siteHealth(site.siteId);
  const extra = await routines?.({ channel, siteId: site.siteId, ...window });
  const built = buildDigest({
    id: digestId(channel, site.siteId, window.to, window.onDemand),
    siteId: site.siteId,
    siteName: site.siteName,
    timeZone: site.zone,
    ...window,
    incidents,
    incidentLog: await records.incidentLog(channel),
    taskLog: tasks ? await records.taskLog(site.siteId) : undefined,
    snapshots: tasks ? Object.values(tasks.snapshots) : undefined,
    tracks: Object.values(health?.tracks ?? {}),
    names: health?.names ?? {},
  });
  return extra ? { ...built, routines: extra } : built;
}

export interface DigestScheduleContext {
  rs: AlertStore;
  outbox: Outbox;
  now: number;
  /** A shift change found this long after it happened is posted marked late. */
  lateAfterMs: number;
  dedupeTtlMs: number;
  routines?: DigestRoutinesHook;
}

/** Enqueues every digest due now; returns how many. */
export async function scheduleDigests(ctx: DigestScheduleContext): Promise<number> {
  const records = digestRecords(ctx.rs.raw);
  let added = 0;
  for (const channel of await records.channels()) {
    const settings = await records.settings(channel);
    if (!settings) continue;
    const sub = await ctx.rs.subscriptions(channel);
    for (const site of await digestSites(ctx.rs, settings, sub)) {
      const due = lastShiftChange(ctx.now, site.zone, settings.times);
      if (due === null) continue;
      // Never before the digest was set up: the first one is at the first shift change after that.
      const last = Math.max((await records.lastPosted(channel, site.siteId)) ?? 0, settings.since);
      if (due <= last) continue;
      const window = {
        from: Math.max(previousShiftChange(due, site.zone, settings.times), 0),
        to: due,
        late: ctx.now - due > ctx.lateAfterMs,
        onDemand: false,
      };
      const digest = await collectDigest(ctx.rs, channel, site, window, ctx.routines);
      const draft: OutboxDraft = { kind: 'digest.posted', digest, id: `digest:${digest.id}`, subject: null };
      if (!(await ctx.rs.eventEnqueued(channel, draft.id))) {
        await records.saveDigest(digest);
        added += await ctx.outbox.enqueue(channel, [draft], ctx.now);
        await ctx.rs.markEventEnqueued(channel, draft.id, ctx.dedupeTtlMs);
      }
      await records.saveLastPosted(channel, site.siteId, due);
    }
  }
  return added;
}
