/**
 * Pure fan-out of a cycle's condition transitions to one channel, as device incidents: one parent per device
 * episode, changed in place as conditions join and clear. Storms sit above incidents: when `stormThreshold`
 * incidents of one site open in one cycle (or a storm of that site is still open) they go under one site-level
 * parent instead of one parent each. Snoozes hold a device's (`dev:`) or a storm's (`storm:`) thread replies.
 */
import { applyChanges, meetsSeverity, openIncident } from './incident.ts';
import type {
  AlertSubscription,
  AlertView,
  ChannelIncident,
  IncidentView,
  OutboxDraft,
  Snooze,
  Storm,
  StormView,
} from './model.ts';
import type { AlertTransition } from './types.ts';

export interface AlertChange {
  transition: AlertTransition;
  view: AlertView;
}

export interface ChannelAlertState {
  /** By data source id. */
  incidents: Record<string, ChannelIncident>;
  /** By site id. */
  storms: Record<string, Storm>;
  snoozes: Record<string, Snooze>;
}

export interface AlertPlanInput {
  sub: AlertSubscription;
  changes: AlertChange[];
  state: ChannelAlertState;
  now: number;
  stormThreshold: number;
  /** Data sources not read this cycle: a snooze "until healthy" on them is not judged. */
  unseen?: ReadonlySet<string>;
}

export interface AlertPlan {
  drafts: OutboxDraft[];
  /** Changed incidents only, by data source id; null = delete. */
  incidents: Record<string, ChannelIncident | null>;
  storms: Record<string, Storm>;
  snoozes: Record<string, Snooze>;
}

export function siteMatches(siteIds: string[] | null, siteId: string): boolean {
  return siteIds === null || siteIds.includes(siteId);
}

export const deviceSnoozeKey = (sourceId: string) => `dev:${sourceId}`;
export const stormSnoozeKey = (siteId: string) => `storm:${siteId}`;
export const stormSubject = (stormId: string) => `storm:${stormId}`;
export const incidentSubject = (incidentId: string) => `incident:${incidentId}`;

export function stormView(storm: Storm, now: number): StormView {
  const active = storm.activeKeys.length;
  return {
    stormId: storm.stormId,
    siteId: storm.siteId,
    siteName: storm.siteName,
    siteTimeZone: storm.siteTimeZone ?? null,
    active,
    total: storm.total,
    openedAt: storm.openedAt,
    resolvedAt: active === 0 ? now : null,
  };
}

function groupBySource(changes: AlertChange[]): Map<string, AlertChange[]> {
  const out = new Map<string, AlertChange[]>();
  for (const c of changes) {
    const list = out.get(c.view.sourceId);
    if (list) list.push(c);
    else out.set(c.view.sourceId, [c]);
  }
  return out;
}

export function planChannelAlerts(input: AlertPlanInput): AlertPlan {
  const { sub, now } = input;
  const drafts: OutboxDraft[] = [];
  const incidents: Record<string, ChannelIncident | null> = {};
  const storms = structuredClone(input.state.storms);
  const snoozes = structuredClone(input.state.snoozes);
  const incidentOf = (sourceId: string): ChannelIncident | undefined =>
    sourceId in incidents ? (incidents[sourceId] ?? undefined) : input.state.incidents[sourceId];
  const held = (key: string): Snooze | undefined => {
    const z = snoozes[key];
    return z && !(z.until !== null && now >= z.until) ? z : undefined;
  };

  const opensBySite = new Map<string, IncidentView[]>();
  for (const [sourceId, changes] of groupBySource(
    input.changes.filter((c) => siteMatches(sub.siteIds, c.view.siteId)),
  )) {
    const current = input.state.incidents[sourceId];
    if (current === undefined) {
      const raised = changes
        .filter((c) => c.transition.kind !== 'clear' && meetsSeverity(c.view.severity, sub.minSeverity))
        .map((c) => c.view);
      if (raised.length === 0) continue;
      const view = openIncident(raised, now);
      const z = held(deviceSnoozeKey(sourceId));
      if (z) {
        z.suppressed += 1;
        const subject = incidentSubject(view.incidentId);
        incidents[sourceId] = { incidentId: view.incidentId, subject, stormId: null, posted: false, view };
        continue;
      }
      const list = opensBySite.get(view.siteId);
      if (list) list.push(view);
      else opensBySite.set(view.siteId, [view]);
      continue;
    }
    const { view, changes: applied } = applyChanges(current.view, changes, sub.minSeverity, now);
    if (applied.length === 0) {
      incidents[sourceId] = { ...current, view };
      continue;
    }
    const resolved = view.resolvedAt !== null;
    incidents[sourceId] = resolved ? null : { ...current, view };
    const storm = current.stormId !== null ? storms[view.siteId] : undefined;
    if (storm && storm.stormId === current.stormId) {
      const z = held(stormSnoozeKey(view.siteId));
      if (z) z.suppressed += 1;
      if (resolved) storm.activeKeys = storm.activeKeys.filter((k) => k !== sourceId);
      drafts.push({
        kind: 'storm.member',
        storm: stormView(storm, now),
        incident: view,
        change: resolved ? 'resolved' : 'changed',
        changes: applied,
        quiet: z !== undefined,
        id: `${view.incidentId}:${resolved ? 'resolved' : 'changed'}:${now}`,
        subject: stormSubject(storm.stormId),
      });
      if (storm.activeKeys.length === 0) delete storms[view.siteId];
      continue;
    }
    // A resolve is itself what ends a snooze "until healthy": it still counts as snoozed (resolved quietly).
    const z = held(deviceSnoozeKey(sourceId));
    if (z) z.suppressed += 1;
    if (!current.posted) continue;
    drafts.push(
      resolved
        ? {
            kind: 'incident.resolved',
            incident: view,
            quiet: z !== undefined,
            id: `${view.incidentId}:resolved`,
            subject: current.subject,
          }
        : {
            kind: 'incident.changed',
            incident: view,
            changes: applied,
            quiet: z !== undefined,
            id: `${view.incidentId}:changed:${now}`,
            subject: current.subject,
          },
    );
  }

  for (const [siteId, views] of opensBySite) {
    const open = storms[siteId];
    if (open === undefined && views.length < input.stormThreshold) {
      for (const view of views) {
        const subject = incidentSubject(view.incidentId);
        drafts.push({ kind: 'incident.opened', incident: view, id: `${view.incidentId}:opened`, subject });
        incidents[view.sourceId] = {
          incidentId: view.incidentId,
          subject,
          stormId: null,
          posted: true,
          view,
        };
      }
      continue;
    }
    const first = views[0];
    const storm: Storm = open ?? {
      stormId: `${siteId}@${now}`,
      siteId,
      siteName: first?.siteName ?? null,
      siteTimeZone: first?.siteTimeZone ?? null,
      openedAt: now,
      activeKeys: [],
      total: 0,
    };
    storm.activeKeys = [...new Set([...storm.activeKeys, ...views.map((v) => v.sourceId)])];
    storm.total += views.length;
    storms[siteId] = storm;
    const subject = stormSubject(storm.stormId);
    const z = held(stormSnoozeKey(siteId));
    if (z) z.suppressed += 1;
    drafts.push({
      kind: 'storm.added',
      storm: stormView(storm, now),
      incidents: views,
      id: `${subject}:add:${now}`,
      subject,
    });
    for (const view of views)
      incidents[view.sourceId] = {
        incidentId: view.incidentId,
        subject,
        stormId: storm.stormId,
        posted: true,
        view,
      };
  }

  const stillOpen = (key: string): boolean => {
    if (key.startsWith('storm:')) return storms[key.slice('storm:'.length)] !== undefined;
    const sourceId = key.slice('dev:'.length);
    return incidentOf(sourceId) !== undefined || (input.unseen?.has(sourceId) ?? false);
  };
  for (const z of Object.values(snoozes)) {
    const open = stillOpen(z.key);
    if (!((z.until !== null && now >= z.until) || (z.untilHealthy && !open))) continue;
    delete snoozes[z.key];
    const inc = z.key.startsWith('dev:') ? incidentOf(z.key.slice('dev:'.length)) : undefined;
    drafts.push({
      kind: 'snooze.ended',
      summary: {
        key: z.key,
        label: z.label,
        suppressed: z.suppressed,
        stillActive: open,
        snoozedBy: z.by,
        endedAt: now,
      },
      id: `snooze:${z.key}:${z.at}:end`,
      subject: inc?.posted ? inc.subject : z.subject,
    });
    if (inc && !inc.posted) {
      drafts.push({
        kind: 'incident.opened',
        incident: inc.view,
        id: `${inc.incidentId}:opened`,
        subject: inc.subject,
      });
      incidents[inc.view.sourceId] = { ...inc, posted: true };
    }
  }
  return { drafts, incidents, storms, snoozes };
}
