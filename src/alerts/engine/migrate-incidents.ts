/**
 * Upgrade of a channel's per-condition relay state (one parent per device and condition) to device incidents,
 * once per channel, before its first incident plan. Nothing is posted: the open episodes of a device become one
 * incident whose parent is the device's earliest announced parent (edited in place to list every condition,
 * keeping its acknowledgement); the device's other parents are edited to point there. Storms keep their parent
 * and count devices; snoozes move from the condition to the device.
 */
import { incidentIdOf, lineOf, worst } from '../rules/incident.ts';
import type { AlertCondition } from '../rules/types.ts';
import type {
  AlertView,
  ChannelEpisode,
  ChannelIncident,
  OutboxDraft,
  Snooze,
  Storm,
} from '../rules/model.ts';
import { deviceSnoozeKey, incidentSubject } from '../rules/plan-incidents.ts';
import type { AlertStore } from './alert-store.ts';

/** A snooze as the per-condition relay stored it. */
interface LegacySnooze extends Omit<Snooze, 'label'> {
  label?: string;
  sourceName?: string;
  condition?: AlertCondition;
}

const sourceOfKey = (key: string) => key.slice(0, Math.max(0, key.lastIndexOf(':')));
const sinceOf = (ep: ChannelEpisode) =>
  ep.alert.since ?? Number(ep.episodeId.split('@').at(-1) ?? ep.alert.raisedAt);

function toIncident(eps: ChannelEpisode[], kept: ChannelEpisode | undefined): ChannelIncident {
  const first = eps[0];
  if (first === undefined) throw new Error('no episode to migrate');
  const conditions = eps
    .map((ep) => ({ ...lineOf(ep.alert), since: sinceOf(ep) }))
    .sort((a, b) => a.since - b.since);
  const openedAt = conditions[0]?.since ?? first.alert.raisedAt;
  const incidentId = incidentIdOf(first.alert.sourceId, openedAt);
  const stormId = eps.find((ep) => ep.stormId !== null)?.stormId ?? null;
  return {
    incidentId,
    subject: stormId !== null ? `storm:${stormId}` : (kept?.subject ?? incidentSubject(incidentId)),
    stormId,
    posted: eps.some((ep) => ep.posted),
    view: {
      incidentId,
      sourceId: first.alert.sourceId,
      sourceName: first.alert.sourceName,
      siteId: first.alert.siteId,
      siteName: first.alert.siteName,
      siteTimeZone: first.alert.siteTimeZone,
      severity: worst(conditions, first.alert.severity),
      conditions,
      cleared: [],
      openedAt,
      resolvedAt: null,
      durationMs: null,
    },
  };
}

function migrateSnoozes(snoozes: Record<string, LegacySnooze>): Record<string, Snooze> | null {
  if (!Object.values(snoozes).some((z) => z.label === undefined)) return null;
  const out: Record<string, Snooze> = {};
  for (const z of Object.values(snoozes)) {
    if (z.label !== undefined) {
      out[z.key] = { ...z, label: z.label };
      continue;
    }
    const key = deviceSnoozeKey(sourceOfKey(z.key));
    const { sourceName, condition: _condition, ...rest } = z;
    const prev = out[key];
    // Two conditions of one device snoozed: the device keeps the later snooze, with both counts.
    if (prev && prev.at > z.at) prev.suppressed += z.suppressed;
    else
      out[key] = {
        ...rest,
        key,
        label: sourceName ?? 'device',
        suppressed: z.suppressed + (prev?.suppressed ?? 0),
      };
  }
  return out;
}

/**
 * `legacyKeys`: alert keys that may hold a per-condition episode (the open tracks of every site). Returns the
 * drafts that bring the kept parents up to date (edits only).
 */
export async function migrateChannel(
  rs: AlertStore,
  channel: string,
  legacyKeys: Iterable<string>,
): Promise<OutboxDraft[]> {
  if (await rs.migrated(channel)) return [];
  const snoozes = (await rs.snoozes(channel)) as Record<string, LegacySnooze>;
  const keys = new Set([
    ...legacyKeys,
    ...Object.values(snoozes)
      .filter((z) => z.label === undefined)
      .map((z) => z.key),
  ]);
  const bySource = new Map<string, ChannelEpisode[]>();
  for (const key of keys) {
    const ep = await rs.legacyEpisode(channel, key);
    if (!ep) continue;
    const list = bySource.get(ep.alert.sourceId) ?? [];
    list.push(ep);
    bySource.set(ep.alert.sourceId, list);
  }
  const drafts: OutboxDraft[] = [];
  const index: string[] = [];
  for (const [sourceId, eps] of bySource) {
    eps.sort((a, b) => a.alert.raisedAt - b.alert.raisedAt);
    const announced: ChannelEpisode[] = [];
    for (const ep of eps)
      if (ep.stormId === null && (await rs.message(channel, ep.subject))) announced.push(ep);
    const inc = toIncident(eps, announced[0]);
    await rs.saveIncident(channel, sourceId, inc);
    index.push(sourceId);
    if (inc.stormId === null && announced.length > 0) {
      drafts.push({
        kind: 'incident.migrated',
        incident: inc.view,
        merged: announced.slice(1).map((ep) => ep.subject),
        id: `${inc.incidentId}:migrated`,
        subject: inc.subject,
      });
    }
    for (const ep of eps) await rs.deleteLegacyEpisode(channel, ep.alert.key);
  }
  if (index.length > 0) await rs.updateIncidentIndex(channel, index);
  const storms = await rs.storms(channel);
  const converted: Record<string, Storm> = {};
  for (const [siteId, storm] of Object.entries(storms))
    converted[siteId] = {
      ...storm,
      activeKeys: [...new Set(storm.activeKeys.map((k) => (k.includes(':') ? sourceOfKey(k) : k)))],
    };
  if (JSON.stringify(converted) !== JSON.stringify(storms)) await rs.saveStorms(channel, converted);
  // The Snooze menu may set a snooze meanwhile: migrate what is stored now, in one atomic step.
  if (migrateSnoozes(snoozes)) await rs.updateSnoozes(channel, (now) => migrateSnoozes(now) ?? now);
  await rs.markMigrated(channel);
  return drafts;
}

/** The alert of an `alert.cleared` item written before incidents, or null for anything else. */
export function legacyClearedAlert(item: unknown): AlertView | null {
  const kind: unknown = typeof item === 'object' && item !== null ? Reflect.get(item, 'kind') : undefined;
  const alert: unknown = kind === 'alert.cleared' ? Reflect.get(item as object, 'alert') : undefined;
  const ok =
    typeof alert === 'object' &&
    alert !== null &&
    typeof Reflect.get(alert, 'key') === 'string' &&
    typeof Reflect.get(alert, 'clearedAt') === 'number';
  return ok ? (alert as AlertView) : null;
}
