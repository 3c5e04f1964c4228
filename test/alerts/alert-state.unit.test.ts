import { describe, expect, it } from 'vitest';
import { episodeId, stepAlert, type AlertPeriods } from '../../src/alerts/rules/alert-state.ts';
import type { AlertTrack, HealthFinding, Severity } from '../../src/alerts/rules/types.ts';

const P: AlertPeriods = { pendingMs: 120_000, healthyMs: 300_000 };
const MIN = 60_000;

const f = (severity: Severity = 'warning'): HealthFinding => ({
  key: 's1:offline',
  sourceId: 's1',
  condition: 'offline',
  severity,
  detail: 'device offline',
});

/** Runs a sequence of observations, one per minute: 'W'/'C' = condition (warning/critical), '.' = healthy. */
function run(
  pattern: string,
  periods: AlertPeriods = P,
): { transitions: string[]; last: AlertTrack | undefined } {
  let track: AlertTrack | undefined;
  const transitions: string[] = [];
  [...pattern].forEach((ch, i) => {
    const obs = ch === '.' ? undefined : f(ch === 'C' ? 'critical' : 'warning');
    const step = stepAlert(track, obs, i * MIN, periods);
    if (step.transition) transitions.push(`${i}:${step.transition.kind}`);
    track = step.next;
  });
  return { transitions, last: track };
}

describe('stepAlert — hysteresis', () => {
  it.each([
    ['healthy stays silent', '......', []],
    ['raises once after the pending period', 'WWWWWW', ['2:raise']],
    ['a blip shorter than the pending period raises nothing', 'WW.WW.WW.', []],
    ['clears only after the healthy period', 'WWW......', ['2:raise', '8:clear']],
    ['a short recovery keeps the episode open (no flapping)', 'WWW...WW...W', ['2:raise']],
    ['severity change while active is an update', 'WWWCC', ['2:raise', '3:update']],
    ['de-escalation is an update too', 'CCCW', ['2:raise', '3:update']],
    ['a new episode after clearing raises again', 'WWW......WWW', ['2:raise', '8:clear', '11:raise']],
  ])('%s', (_name, pattern, expected) => {
    expect(run(pattern).transitions).toEqual(expected);
  });

  it('with zero periods raises and clears at once', () => {
    expect(run('W.W.', { pendingMs: 0, healthyMs: 0 }).transitions).toEqual([
      '0:raise',
      '1:clear',
      '2:raise',
      '3:clear',
    ]);
  });

  it('reports the episode duration from the condition start to the first healthy observation', () => {
    let track = stepAlert(undefined, f(), 0, P).next;
    track = stepAlert(track, f(), 3 * MIN, P).next;
    track = stepAlert(track, undefined, 10 * MIN, P).next;
    const cleared = stepAlert(track, undefined, 16 * MIN, P);
    expect(cleared.transition).toEqual({ kind: 'clear', durationMs: 10 * MIN });
    expect(cleared.next).toBeUndefined();
  });

  it('keeps the episode id stable from pending to clear', () => {
    const first = stepAlert(undefined, f(), 5 * MIN, P).next;
    const raised = stepAlert(first, f(), 8 * MIN, P).next;
    expect(first && raised && episodeId(first) === episodeId(raised)).toBe(true);
    expect(raised?.raisedAt).toBe(8 * MIN);
  });

  it('keeps nothing for a healthy key', () => {
    expect(run('WWW......').last).toBeUndefined();
    expect(run('W.').last).toBeUndefined();
  });
});
