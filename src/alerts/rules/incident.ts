/**
 * Pure operations on one device incident: open it from the device's first raised conditions, apply a cycle's
 * condition transitions (join, severity change, clear), and resolve it when no condition is left.
 */
import type { AlertChange } from './plan-incidents.ts';
import type { AlertView, ConditionLine, IncidentChange, IncidentView } from './model.ts';
import type { Severity } from './types.ts';

const RANK: Record<Severity, number> = { warning: 1, critical: 2 };
/** Past conditions kept on an open incident (the parent lists them struck through). */
const CLEARED_KEPT = 10;

export function meetsSeverity(severity: Severity, min: Severity): boolean {
  return RANK[severity] >= RANK[min];
}

export function worst(lines: readonly { severity: Severity }[], fallback: Severity): Severity {
  return lines.reduce<Severity>(
    (w, l) => (RANK[l.severity] > RANK[w] ? l.severity : w),
    lines[0]?.severity ?? fallback,
  );
}

export function lineOf(view: AlertView): ConditionLine {
  return {
    key: view.key,
    condition: view.condition,
    severity: view.severity,
    detail: view.detail,
    since: view.since ?? view.raisedAt,
  };
}

export function incidentIdOf(sourceId: string, openedAt: number): string {
  return `${sourceId}@${openedAt}`;
}

export function openIncident(views: AlertView[], now: number): IncidentView {
  const first = views[0];
  if (first === undefined) throw new Error('an incident opens with at least one condition');
  // Worst first, then by when each started: the parent reads from the most urgent condition down.
  const conditions = views
    .map(lineOf)
    .sort((a, b) => RANK[b.severity] - RANK[a.severity] || a.since - b.since);
  const openedAt = Math.min(...conditions.map((c) => c.since), now);
  return {
    incidentId: incidentIdOf(first.sourceId, openedAt),
    sourceId: first.sourceId,
    sourceName: first.sourceName,
    siteId: first.siteId,
    siteName: first.siteName,
    siteTimeZone: first.siteTimeZone,
    severity: worst(conditions, first.severity),
    conditions,
    cleared: [],
    openedAt,
    resolvedAt: null,
    durationMs: null,
  };
}

export interface AppliedChanges {
  view: IncidentView;
  changes: IncidentChange[];
}

/**
 * Applies one cycle's transitions of this device. A raise (or an update of a condition the incident does not
 * list, e.g. one that rose to the channel's minimum severity) joins; a clear of a listed condition leaves.
 * When the last condition leaves the incident is resolved (`resolvedAt` set).
 */
export function applyChanges(
  prev: IncidentView,
  changes: AlertChange[],
  minSeverity: Severity,
  now: number,
): AppliedChanges {
  const view: IncidentView = structuredClone(prev);
  const out: IncidentChange[] = [];
  let lastHealthy = 0;
  for (const { transition, view: a } of changes) {
    const at = view.conditions.findIndex((c) => c.key === a.key);
    const line = lineOf(a);
    if (transition.kind === 'clear') {
      if (at < 0) continue;
      const [gone] = view.conditions.splice(at, 1);
      const durationMs = a.durationMs ?? 0;
      if (gone) view.cleared = [...view.cleared, { ...gone, clearedAt: now }].slice(-CLEARED_KEPT);
      lastHealthy = Math.max(lastHealthy, a.healthySince ?? now);
      out.push({ kind: 'cleared', line: gone ?? line, durationMs });
      continue;
    }
    const existing = view.conditions[at];
    if (existing) {
      view.conditions[at] = { ...line, since: existing.since };
      if (existing.severity !== line.severity)
        out.push({ kind: 'severity', line: view.conditions[at] ?? line, previous: existing.severity });
      continue;
    }
    if (!meetsSeverity(line.severity, minSeverity)) continue;
    view.conditions.push(line);
    out.push({ kind: 'joined', line });
  }
  view.sourceName = changes.at(-1)?.view.sourceName ?? view.sourceName;
  if (view.conditions.length > 0) view.severity = worst(view.conditions, view.severity);
  else if (out.length > 0) {
    view.resolvedAt = now;
    view.durationMs = Math.max(0, (lastHealthy || now) - view.openedAt);
  }
  return { view, changes: out };
}
