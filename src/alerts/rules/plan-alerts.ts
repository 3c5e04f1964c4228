/**
 * Pure fan-out of alert transitions to one channel: which outbox items to add and how the channel's episodes,
 * storms and snoozes change. Storms: when `stormThreshold` alerts of one site raise in one cycle (or a storm of
 * that site is still open) they go under one site-level parent instead of one message each.
 */
import type {
  AlertSubscription,
  AlertView,
  ChannelEpisode,
  OutboxDraft,
  Snooze,
  Storm,
  StormView,
} from './model.ts';
import type { AlertTransition, Severity } from './types.ts';

export interface AlertChange {
  transition: AlertTransition;
  view: AlertView;
}

export interface ChannelAlertState {
  episodes: Record<string, ChannelEpisode>;
  storms: Record<string, Storm>;
  snoozes: Record<string, Snooze>;
}

export interface AlertPlanInput {
  sub: AlertSubscription;
  changes: AlertChange[];
  state: ChannelAlertState;
  now: number;
  stormThreshold: number;
  /** Alert keys still open (active or recovering) after this cycle, across all sites. */
  openKeys: ReadonlySet<string>;
}

export interface AlertPlan {
  drafts: OutboxDraft[];
  /** Changed episodes only; null = delete. */
  episodes: Record<string, ChannelEpisode | null>;
  storms: Record<string, Storm>;
  snoozes: Record<string, Snooze>;
}

const RANK: Record<Severity, number> = { warning: 1, critical: 2 };

export function siteMatches(siteIds: string[] | null, siteId: string): boolean {
  return siteIds === null || siteIds.includes(siteId);
}

export function stormView(storm: Storm, now: number): StormView {
  const active = storm.activeKeys.length;
  return {
    stormId: storm.stormId,
    siteId: storm.siteId,
    siteName: storm.siteName,
    active,
    total: storm.total,
    openedAt: storm.openedAt,
    resolvedAt: active === 0 ? now : null,
  };
}

function snoozeEnded(z: Snooze, now: number, openKeys: ReadonlySet<string>): boolean {
  return (z.until !== null && now >= z.until) || (z.untilHealthy && !openKeys.has(z.key));
}

export function planChannelAlerts(input: AlertPlanInput): AlertPlan {
  const { sub, now, openKeys } = input;
  const drafts: OutboxDraft[] = [];
  const episodes: Record<string, ChannelEpisode | null> = {};
  const storms = structuredClone(input.state.storms);
  const snoozes = structuredClone(input.state.snoozes);
  const episodeOf = (key: string): ChannelEpisode | undefined =>
    key in episodes ? (episodes[key] ?? undefined) : input.state.episodes[key];
  const snoozed = (key: string): Snooze | undefined => {
    const z = snoozes[key];
    return z && !snoozeEnded(z, now, openKeys) ? z : undefined;
  };

  const raisesBySite = new Map<string, AlertView[]>();
  for (const { transition, view } of input.changes) {
    if (!siteMatches(sub.siteIds, view.siteId)) continue;
    const known = input.state.episodes[view.key];
    const current = known?.episodeId === view.episodeId ? known : undefined;
    if (current === undefined) {
      if (transition.kind === 'clear' || RANK[view.severity] < RANK[sub.minSeverity]) continue;
      const z = snoozed(view.key);
      if (z) {
        z.suppressed += 1;
        episodes[view.key] = {
          episodeId: view.episodeId,
          subject: `alert:${view.episodeId}`,
          stormId: null,
          posted: false,
          alert: view,
        };
        continue;
      }
      const list = raisesBySite.get(view.siteId);
      if (list) list.push(view);
      else raisesBySite.set(view.siteId, [view]);
      continue;
    }
    // A clear is itself what ends a snooze "until healthy": it still counts as snoozed (resolved quietly).
    const held = snoozes[view.key];
    const z =
      transition.kind === 'clear' && held && !(held.until !== null && now >= held.until)
        ? held
        : snoozed(view.key);
    if (z) z.suppressed += 1;
    const storm = current.stormId !== null ? storms[view.siteId] : undefined;
    if (transition.kind === 'update') {
      episodes[view.key] = { ...current, alert: view };
      if (storm) {
        drafts.push(member(storm, view, 'updated', now));
      } else if (current.posted && !z) {
        drafts.push({
          kind: 'alert.updated',
          alert: view,
          previousSeverity: transition.previousSeverity,
          id: `${view.episodeId}:update:${now}`,
          subject: current.subject,
        });
      }
      continue;
    }
    if (transition.kind === 'clear') {
      episodes[view.key] = null;
      if (storm) {
        storm.activeKeys = storm.activeKeys.filter((k) => k !== view.key);
        drafts.push(member(storm, view, 'cleared', now));
        if (storm.activeKeys.length === 0) delete storms[view.siteId];
      } else if (current.posted) {
        drafts.push({
          kind: 'alert.cleared',
          alert: view,
          quiet: z !== undefined,
          id: `${view.episodeId}:clear`,
          subject: current.subject,
        });
      }
    }
  }

  for (const [siteId, views] of raisesBySite) {
    const open = storms[siteId];
    if (open === undefined && views.length < input.stormThreshold) {
      for (const view of views) {
        const subject = `alert:${view.episodeId}`;
        drafts.push({ kind: 'alert.raised', alert: view, id: `${view.episodeId}:raise`, subject });
        episodes[view.key] = { episodeId: view.episodeId, subject, stormId: null, posted: true, alert: view };
      }
      continue;
    }
    const first = views[0];
    const storm: Storm = open ?? {
      stormId: `${siteId}@${now}`,
      siteId,
      siteName: first?.siteName ?? null,
      openedAt: now,
      activeKeys: [],
      total: 0,
    };
    storm.activeKeys = [...new Set([...storm.activeKeys, ...views.map((v) => v.key)])];
    storm.total += views.length;
    storms[siteId] = storm;
    const subject = `storm:${storm.stormId}`;
    drafts.push({
      kind: 'storm.added',
      storm: stormView(storm, now),
      alerts: views,
      id: `${subject}:add:${now}`,
      subject,
    });
    for (const view of views) {
      episodes[view.key] = {
        episodeId: view.episodeId,
        subject,
        stormId: storm.stormId,
        posted: true,
        alert: view,
      };
    }
  }

  for (const z of Object.values(snoozes)) {
    if (!snoozeEnded(z, now, openKeys)) continue;
    delete snoozes[z.key];
    const ep = episodeOf(z.key);
    const stillActive = openKeys.has(z.key) && ep !== undefined;
    drafts.push({
      kind: 'snooze.ended',
      summary: {
        key: z.key,
        sourceName: z.sourceName,
        condition: z.condition,
        suppressed: z.suppressed,
        stillActive,
        snoozedBy: z.by,
        endedAt: now,
      },
      id: `snooze:${z.key}:${z.at}:end`,
      subject: ep?.posted ? ep.subject : z.subject,
    });
    if (stillActive && ep && !ep.posted) {
      drafts.push({
        kind: 'alert.raised',
        alert: ep.alert,
        id: `${ep.episodeId}:raise`,
        subject: ep.subject,
      });
      episodes[z.key] = { ...ep, posted: true };
    }
  }
  return { drafts, episodes, storms, snoozes };
}

function member(storm: Storm, alert: AlertView, change: 'updated' | 'cleared', now: number): OutboxDraft {
  const subject = `storm:${storm.stormId}`;
  return {
    kind: 'storm.member',
    storm: stormView(storm, now),
    alert,
    change,
    id: `${alert.episodeId}:${change}:${now}`,
    subject,
  };
}
