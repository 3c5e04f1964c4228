/**
 * Pure alert state machine with hysteresis: a condition must hold for `pendingMs` before its alert is raised
 * and be absent for `healthyMs` before it clears, so that a flapping device produces no messages.
 *
 *   (none) ─condition→ pending ─held pendingMs→ active ─absent→ recovering ─absent healthyMs→ (none)
 *   pending ─absent→ (none)            recovering ─condition→ active (same episode)
 */
import type { AlertTrack, AlertTransition, HealthFinding } from './types.ts';

export interface AlertPeriods {
  pendingMs: number;
  healthyMs: number;
}

export interface AlertStep {
  /** undefined = healthy, nothing to keep. */
  next: AlertTrack | undefined;
  transition: AlertTransition | null;
}

/** The episode an alert belongs to: its key plus when the condition started. */
export function episodeId(track: Pick<AlertTrack, 'key' | 'since'>): string {
  return `${track.key}@${track.since}`;
}

function fromFinding(f: HealthFinding, now: number): AlertTrack {
  return {
    key: f.key,
    sourceId: f.sourceId,
    condition: f.condition,
    phase: 'pending',
    since: now,
    raisedAt: null,
    healthySince: null,
    severity: f.severity,
    detail: f.detail,
  };
}

function whileHolding(prev: AlertTrack, f: HealthFinding, now: number, p: AlertPeriods): AlertStep {
  const current = { ...prev, severity: f.severity, detail: f.detail, healthySince: null };
  if (prev.phase === 'pending') {
    if (now - prev.since < p.pendingMs) return { next: current, transition: null };
    return { next: { ...current, phase: 'active', raisedAt: now }, transition: { kind: 'raise' } };
  }
  const next: AlertTrack = { ...current, phase: 'active' };
  if (prev.severity !== f.severity)
    return { next, transition: { kind: 'update', previousSeverity: prev.severity } };
  return { next, transition: null };
}

function whileAbsent(prev: AlertTrack, now: number, p: AlertPeriods): AlertStep {
  if (prev.phase === 'pending') return { next: undefined, transition: null };
  const healthySince = prev.healthySince ?? now;
  if (now - healthySince >= p.healthyMs) {
    return { next: undefined, transition: { kind: 'clear', durationMs: healthySince - prev.since } };
  }
  return { next: { ...prev, phase: 'recovering', healthySince }, transition: null };
}

/** One observation of one alert key. `finding` undefined = the condition does not hold now. */
export function stepAlert(
  prev: AlertTrack | undefined,
  finding: HealthFinding | undefined,
  now: number,
  periods: AlertPeriods,
): AlertStep {
  if (prev === undefined) {
    if (finding === undefined) return { next: undefined, transition: null };
    return whileHolding(fromFinding(finding, now), finding, now, periods);
  }
  return finding === undefined ? whileAbsent(prev, now, periods) : whileHolding(prev, finding, now, periods);
}
