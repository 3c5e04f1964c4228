import { describe, expect, it } from 'vitest';
import type { AlertSubscription, AlertView, ChannelEpisode, Snooze } from '../../src/alerts/rules/model.ts';
import {
  planChannelAlerts,
  type AlertChange,
  type ChannelAlertState,
} from '../../src/alerts/rules/plan-alerts.ts';
import { planChannelTasks } from '../../src/alerts/rules/plan-tasks.ts';
import { buildSnooze, nextMorning } from '../../src/alerts/rules/snooze.ts';
import type { TaskSnapshot } from '../../src/alerts/rules/types.ts';

const NOW = 1_000_000;
const sub: AlertSubscription = { siteIds: null, siteNames: [], minSeverity: 'warning', since: 0 };
const empty = (): ChannelAlertState => ({ episodes: {}, storms: {}, snoozes: {} });

function view(source: string, patch: Partial<AlertView> = {}): AlertView {
  return {
    key: `${source}:offline`,
    episodeId: `${source}:offline@10`,
    sourceId: source,
    sourceName: `Camera ${source}`,
    siteId: 'A',
    siteName: 'Site A',
    siteTimeZone: 'UTC',
    condition: 'offline',
    severity: 'critical',
    detail: 'device offline',
    raisedAt: 10,
    clearedAt: null,
    durationMs: null,
    ...patch,
  };
}
const raise = (v: AlertView): AlertChange => ({ transition: { kind: 'raise' }, view: v });
const clear = (v: AlertView): AlertChange => ({
  transition: { kind: 'clear', durationMs: 5 },
  view: { ...v, clearedAt: NOW, durationMs: 5 },
});
const episode = (v: AlertView, patch: Partial<ChannelEpisode> = {}): ChannelEpisode => ({
  episodeId: v.episodeId,
  subject: `alert:${v.episodeId}`,
  stormId: null,
  posted: true,
  alert: v,
  ...patch,
});
/** A snooze of `v` by U1 with nothing suppressed yet; a test sets only how long it lasts. */
const snoozeOf = (v: AlertView, patch: Partial<Snooze>): Snooze => ({
  key: v.key,
  until: null,
  untilHealthy: false,
  by: 'U1',
  at: 1,
  suppressed: 0,
  sourceName: v.sourceName,
  condition: 'offline',
  subject: `alert:${v.episodeId}`,
  ...patch,
});
const plan = (
  changes: AlertChange[],
  state = empty(),
  patch: Partial<Parameters<typeof planChannelAlerts>[0]> = {},
) => planChannelAlerts({ sub, changes, state, now: NOW, stormThreshold: 5, openKeys: new Set(), ...patch });

describe('planChannelAlerts', () => {
  it('raises one parent per alert below the storm threshold', () => {
    const p = plan([raise(view('1')), raise(view('2'))]);
    expect(p.drafts.map((d) => [d.kind, d.subject])).toEqual([
      ['alert.raised', 'alert:1:offline@10'],
      ['alert.raised', 'alert:2:offline@10'],
    ]);
    expect(p.episodes['1:offline']?.posted).toBe(true);
  });

  it('groups a storm of one site into one site-level parent', () => {
    const p = plan(['1', '2', '3', '4', '5'].map((s) => raise(view(s))));
    expect(p.drafts).toHaveLength(1);
    expect(p.drafts[0]).toMatchObject({ kind: 'storm.added', storm: { active: 5, total: 5 } });
    expect(Object.keys(p.storms)).toEqual(['A']);
  });

  it('adds later raises of the same site to the open storm and resolves it when all cleared', () => {
    const first = plan(['1', '2', '3', '4', '5'].map((s) => raise(view(s))));
    const state: ChannelAlertState = { episodes: {}, storms: first.storms, snoozes: {} };
    for (const [k, ep] of Object.entries(first.episodes)) if (ep) state.episodes[k] = ep;
    const later = plan([raise(view('6', { key: '6:offline', episodeId: '6:offline@20' }))], state);
    expect(later.drafts[0]).toMatchObject({ kind: 'storm.added', storm: { active: 6, total: 6 } });
    const ids = ['1', '2', '3', '4', '5'];
    const cleared = plan(
      ids.map((s) => clear(view(s))),
      { ...state, storms: later.storms },
    );
    expect(cleared.drafts.map((d) => d.kind)).toEqual(Array(5).fill('storm.member'));
    expect(cleared.storms.A?.activeKeys).toEqual(['6:offline']);
  });

  it('filters by site and severity', () => {
    const critOnly = { ...sub, minSeverity: 'critical' as const, siteIds: ['A'] };
    const p = plan(
      [raise(view('1', { severity: 'warning' })), raise(view('2', { siteId: 'B' })), raise(view('3'))],
      empty(),
      { sub: critOnly },
    );
    expect(p.drafts.map((d) => d.subject)).toEqual(['alert:3:offline@10']);
  });

  it('clears only what this channel showed', () => {
    const v = view('1');
    expect(plan([clear(v)]).drafts).toEqual([]);
    const p = plan([clear(v)], { ...empty(), episodes: { [v.key]: episode(v) } });
    expect(p.drafts).toEqual([expect.objectContaining({ kind: 'alert.cleared', quiet: false })]);
    expect(p.episodes[v.key]).toBeNull();
  });

  it('a snoozed alert posts nothing and a summary when the snooze ends', () => {
    const v = view('1');
    const snooze = snoozeOf(v, { until: NOW + 100 });
    const state = { ...empty(), episodes: { [v.key]: episode(v) }, snoozes: { [v.key]: snooze } };
    const during = plan(
      [{ transition: { kind: 'update', previousSeverity: 'critical' }, view: { ...v, severity: 'warning' } }],
      state,
      { openKeys: new Set([v.key]) },
    );
    expect(during.drafts).toEqual([]);
    expect(during.snoozes[v.key]?.suppressed).toBe(1);
    const after = plan(
      [],
      { ...state, snoozes: during.snoozes },
      { now: NOW + 100, openKeys: new Set([v.key]) },
    );
    expect(after.drafts).toEqual([
      expect.objectContaining({
        kind: 'snooze.ended',
        summary: expect.objectContaining({ suppressed: 1, stillActive: true }),
      }),
    ]);
    expect(after.snoozes).toEqual({});
  });

  it('"until healthy" ends with the clear, which only resolves the parent quietly', () => {
    const v = view('1');
    const snooze = snoozeOf(v, { untilHealthy: true });
    const p = plan([clear(v)], {
      ...empty(),
      episodes: { [v.key]: episode(v) },
      snoozes: { [v.key]: snooze },
    });
    expect(p.drafts.map((d) => d.kind)).toEqual(['alert.cleared', 'snooze.ended']);
    expect(p.drafts[0]).toMatchObject({ quiet: true });
  });

  it('a new episode raised during a snooze is shown when the snooze ends while it is still active', () => {
    const v = view('1', { episodeId: '1:offline@50' });
    const snooze = snoozeOf(v, { until: NOW + 10, subject: null });
    const during = plan(
      [raise(v)],
      { ...empty(), snoozes: { [v.key]: snooze } },
      { openKeys: new Set([v.key]) },
    );
    expect(during.drafts).toEqual([]);
    const ep = during.episodes[v.key];
    expect(ep?.posted).toBe(false);
    const after = plan(
      [],
      { episodes: ep ? { [v.key]: ep } : {}, storms: {}, snoozes: during.snoozes },
      { now: NOW + 10, openKeys: new Set([v.key]) },
    );
    expect(after.drafts.map((d) => d.kind)).toEqual(['snooze.ended', 'alert.raised']);
  });
});

describe('planChannelTasks', () => {
  const task = { id: 't1', siteId: 'A', priorityId: '10', modifiedAt: 'x' } as TaskSnapshot;
  const change = { taskId: 't1', snapshot: task, events: [{ kind: 'created' as const }] };
  const tsub = { siteIds: null, siteNames: [], minPriority: null, since: 0, primed: true };

  it('an unprimed subscription records silently', () => {
    expect(planChannelTasks({ ...tsub, primed: false }, [change])).toEqual([]);
  });

  it.each([
    [null, true],
    ['low', true],
    ['medium', true],
    ['high', false],
  ] as const)('minimum priority %s lets a medium task through: %s', (min, shown) => {
    expect(planChannelTasks({ ...tsub, minPriority: min }, [change]).length).toBe(shown ? 1 : 0);
  });

  it('gives the same event the same id (dedupe after a crash)', () => {
    expect(planChannelTasks(tsub, [change])[0]?.id).toBe(planChannelTasks(tsub, [change])[0]?.id);
  });
});

describe('snooze end times', () => {
  it.each([
    // 2026-11-20 12:00 UTC = 13:00 in Berlin → next 06:00 Berlin is 05:00 UTC on the 21st
    ['Europe/Berlin', Date.UTC(2026, 10, 20, 12), Date.UTC(2026, 10, 21, 5)],
    // 03:00 UTC = 04:00 Berlin → 06:00 Berlin the same day
    ['Europe/Berlin', Date.UTC(2026, 10, 20, 3), Date.UTC(2026, 10, 20, 5)],
    // across the spring-forward night: 2026-03-29 06:00 Berlin is CEST (UTC+2)
    ['Europe/Berlin', Date.UTC(2026, 2, 28, 12), Date.UTC(2026, 2, 29, 4)],
    ['America/Chicago', Date.UTC(2026, 10, 20, 12), Date.UTC(2026, 10, 21, 12)],
    [null, Date.UTC(2026, 10, 20, 12), Date.UTC(2026, 10, 21, 6)],
  ])('next 06:00 in %s', (zone, now, expected) => {
    expect(nextMorning(now, zone)).toBe(expected);
  });

  it('1 h, 4 h and until healthy', () => {
    const v = view('1');
    expect(buildSnooze('1h', v, 's', 'U', 0).until).toBe(3_600_000);
    expect(buildSnooze('4h', v, 's', 'U', 0).until).toBe(4 * 3_600_000);
    expect(buildSnooze('healthy', v, 's', 'U', 0)).toMatchObject({ until: null, untilHealthy: true });
  });
});
