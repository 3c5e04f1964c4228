/**
 * Pure middle of a cycle: the sources read + the stored alert tracks of their sites → new tracks and the
 * transitions to fan out (with the views the messages show).
 */
import { episodeId, stepAlert, type AlertPeriods } from './alert-state.ts';
import { evaluateHealth } from './evaluate-health.ts';
import type { AlertView } from './model.ts';
import type { HealthThresholds } from './options.ts';
import type { AlertChange } from './plan-incidents.ts';
import type { SiteHealthRecord } from '../engine/alert-store.ts';
import type { AlertTrack, AlertTransition, SourceHealthInput } from './types.ts';

export interface SiteEvaluation {
  siteId: string;
  record: SiteHealthRecord;
  changes: AlertChange[];
  openKeys: string[];
}

export interface SiteNames {
  sources: Record<string, string>;
  siteName: string | null;
  zone: string | null;
}

function viewOf(
  track: AlertTrack,
  t: AlertTransition,
  names: SiteNames,
  siteId: string,
  now: number,
): AlertView {
  return {
    key: track.key,
    episodeId: episodeId(track),
    sourceId: track.sourceId,
    sourceName: names.sources[track.sourceId] ?? `data source ${track.sourceId}`,
    siteId,
    siteName: names.siteName,
    siteTimeZone: names.zone,
    condition: track.condition,
    severity: track.severity,
    detail: track.detail,
    raisedAt: track.raisedAt ?? now,
    clearedAt: t.kind === 'clear' ? now : null,
    durationMs: t.kind === 'clear' ? t.durationMs : null,
    since: track.since,
    healthySince: t.kind === 'clear' ? (track.healthySince ?? now) : null,
  };
}

export function evaluateSite(
  siteId: string,
  sources: SourceHealthInput[],
  previous: SiteHealthRecord | undefined,
  ctx: { now: number; thresholds: HealthThresholds; periods: AlertPeriods; zone: string | null },
): SiteEvaluation {
  const { now } = ctx;
  const findings = new Map(
    sources.flatMap((src) => evaluateHealth(src, now, ctx.thresholds)).map((f) => [f.key, f]),
  );
  const prevTracks = previous?.tracks ?? {};
  const names: SiteNames = {
    sources: { ...previous?.names, ...Object.fromEntries(sources.map((s) => [s.id, s.name])) },
    siteName: sources[0]?.siteName ?? previous?.siteName ?? null,
    zone: ctx.zone,
  };
  const tracks: Record<string, AlertTrack> = {};
  const changes: AlertChange[] = [];
  for (const key of new Set([...Object.keys(prevTracks), ...findings.keys()])) {
    const prev = prevTracks[key];
    const step = stepAlert(prev, findings.get(key), now, ctx.periods);
    if (step.next) tracks[key] = step.next;
    const shown = step.next ?? prev;
    if (step.transition && shown)
      changes.push({ transition: step.transition, view: viewOf(shown, step.transition, names, siteId, now) });
  }
  const openKeys = Object.values(tracks)
    .filter((t) => t.phase !== 'pending')
    .map((t) => t.key);
  // Names are kept only for sources with an open track: enough to name a source that vanished, and small.
  const keep = new Set(Object.values(tracks).map((t) => t.sourceId));
  const kept = Object.fromEntries(Object.entries(names.sources).filter(([id]) => keep.has(id)));
  return { siteId, record: { at: now, tracks, names: kept, siteName: names.siteName }, changes, openKeys };
}
