import { describe, expect, it } from 'vitest';
import type { AlertSubscription, AlertView, ChannelIncident, Snooze } from '../../src/alerts/rules/model.ts';
import { openIncident } from '../../src/alerts/rules/incident.ts';
import {
  planChannelAlerts,
  type AlertChange,
  type ChannelAlertState,
} from '../../src/alerts/rules/plan-incidents.ts';
import { planChannelTasks } from '../../src/alerts/rules/plan-tasks.ts';
import { buildSnooze, nextMorning } from '../../src/alerts/rules/snooze.ts';
import type { AlertCondition, TaskSnapshot } from '../../src/alerts/rules/types.ts';

const NOW = 1_000_000;
const sub: AlertSubscription = { siteIds: null, siteNames: [], minSeverity: 'warning', since: 0 };
const empty = (): ChannelAlertState => ({ incidents: {}, storms: {}, snoozes: {} });

function view(
  source: string,
  patch: Partial<AlertView> = {},
  condition: AlertCondition = 'offline',
): AlertView {
  return {
    key: `${source}:${condition}`,
    episodeId: `${source}:${condition}@10`,
    sourceId: source,
    sourceName: `Camera ${source}`,
    siteId: 'A',
    siteName: 'Site A',
    siteTimeZone: 'UTC',
    condition,
    severity: 'critical',
    detail: condition,
    raisedAt: 10,
    clearedAt: null,
    durationMs: null,
    since: 10,
    ...patch,
  };
}
const raise = (v: AlertView): AlertChange => ({ transition: { kind: 'raise' }, view: v });
const clear = (v: AlertView): AlertChange => ({
  transition: { kind: 'clear', durationMs: 5 },
  view: { ...v, clearedAt: NOW, durationMs: 5, healthySince: NOW - 100 },
});
const incidentOf = (views: AlertView[], patch: Partial<ChannelIncident> = {}): ChannelIncident => {
  const v = openIncident(views, 10);
  return {
    incidentId: v.incidentId,
    subject: `incident:${v.incidentId}`,
    stormId: null,
    posted: true,
    view: v,
    ...patch,
  };
};
/** A snooze of device `source` by U1 with nothing suppressed yet; a test sets only how long it lasts. */
const snoozeOf = (source: string, patch: Partial<Snooze>): Snooze => ({
  key: `dev:${source}`,
  until: null,
  untilHealthy: false,
  by: 'U1',
  at: 1,
  suppressed: 0,
  label: `Camera ${source}`,
  subject: `incident:${source}@10`,
  ...patch,
});
const plan = (
  changes: AlertChange[],
  state = empty(),
  patch: Partial<Parameters<typeof planChannelAlerts>[0]> = {},
) => planChannelAlerts({ sub, changes, state, now: NOW, stormThreshold: 5, ...patch });

describe('planChannelAlerts (incidents)', () => {
  it('opens one incident per device, listing every condition raised together, worst first', () => {
    const p = plan([
      raise(view('1', { severity: 'warning' }, 'battery_low')),
      raise(view('1')),
      raise(view('1', {}, 'no_network')),
      raise(view('2')),
    ]);
    expect(p.drafts.map((d) => [d.kind, d.subject])).toEqual([
      ['incident.opened', 'incident:1@10'],
      ['incident.opened', 'incident:2@10'],
    ]);
    const first = p.drafts[0];
    expect(first?.kind === 'incident.opened' && first.incident.conditions.map((c) => c.condition)).toEqual([
      'offline',
      'no_network',
      'battery_low',
    ]);
    expect(first?.kind === 'incident.opened' && first.incident.severity).toBe('critical');
  });

  it('a joining condition and a clearing one change the incident; the last clear resolves it', () => {
    const inc = incidentOf([view('1')]);
    const joined = plan([raise(view('1', { severity: 'warning' }, 'battery_low'))], {
      ...empty(),
      incidents: { 1: inc },
    });
    expect(joined.drafts).toEqual([
      expect.objectContaining({
        kind: 'incident.changed',
        changes: [expect.objectContaining({ kind: 'joined' })],
      }),
    ]);
    const next = joined.incidents['1'];
    expect(next?.view.conditions).toHaveLength(2);
    const left = plan([clear(view('1'))], { ...empty(), incidents: { 1: next ?? inc } });
    expect(left.drafts[0]).toMatchObject({ kind: 'incident.changed', incident: { severity: 'warning' } });
    const resolved = plan([clear(view('1', {}, 'battery_low'))], {
      ...empty(),
      incidents: { 1: left.incidents['1'] ?? inc },
    });
    expect(resolved.drafts).toEqual([
      expect.objectContaining({
        kind: 'incident.resolved',
        quiet: false,
        incident: expect.objectContaining({ resolvedAt: NOW, durationMs: NOW - 100 - 10 }),
      }),
    ]);
    expect(resolved.incidents['1']).toBeNull();
  });

  it('groups a storm of one site: five devices opening in one cycle go under one site-level parent', () => {
    const p = plan(
      ['1', '2', '3', '4', '5'].flatMap((s) => [raise(view(s)), raise(view(s, {}, 'no_network'))]),
    );
    expect(p.drafts).toHaveLength(1);
    expect(p.drafts[0]).toMatchObject({ kind: 'storm.added', storm: { active: 5, total: 5 } });
    expect(p.storms.A?.activeKeys).toEqual(['1', '2', '3', '4', '5']);
  });

  it('a device of an open storm joins it, and the storm resolves when every device did', () => {
    const first = plan(['1', '2', '3', '4', '5'].map((s) => raise(view(s))));
    const state: ChannelAlertState = { incidents: {}, storms: first.storms, snoozes: {} };
    for (const [k, inc] of Object.entries(first.incidents)) if (inc) state.incidents[k] = inc;
    const later = plan([raise(view('6'))], state);
    expect(later.drafts[0]).toMatchObject({ kind: 'storm.added', storm: { active: 6, total: 6 } });
    const cleared = plan(
      ['1', '2', '3', '4', '5'].map((s) => clear(view(s))),
      { ...state, storms: later.storms },
    );
    expect(cleared.drafts.map((d) => d.kind)).toEqual(Array(5).fill('storm.member'));
    expect(cleared.storms.A?.activeKeys).toEqual(['6']);
  });

  it('a snoozed storm keeps its parent current but holds its thread replies', () => {
    const first = plan(['1', '2', '3', '4', '5'].map((s) => raise(view(s))));
    const state: ChannelAlertState = { incidents: {}, storms: first.storms, snoozes: {} };
    for (const [k, inc] of Object.entries(first.incidents)) if (inc) state.incidents[k] = inc;
    const z = {
      ...snoozeOf('x', {}),
      key: 'storm:A',
      label: 'alert storm at Site A',
      subject: 'storm:A@1000000',
      until: NOW + 50,
    };
    const p = plan([clear(view('1'))], { ...state, snoozes: { 'storm:A': z } });
    expect(p.drafts).toEqual([
      expect.objectContaining({ kind: 'storm.member', quiet: true, change: 'resolved' }),
    ]);
    expect(p.snoozes['storm:A']?.suppressed).toBe(1);
  });

  it('filters by site and severity', () => {
    const critOnly = { ...sub, minSeverity: 'critical' as const, siteIds: ['A'] };
    const p = plan(
      [raise(view('1', { severity: 'warning' })), raise(view('2', { siteId: 'B' })), raise(view('3'))],
      empty(),
      { sub: critOnly },
    );
    expect(p.drafts.map((d) => d.subject)).toEqual(['incident:3@10']);
  });

  it('clears only what this channel showed', () => {
    expect(plan([clear(view('1'))]).drafts).toEqual([]);
  });

  it('a snoozed device posts nothing and a summary when the snooze ends', () => {
    const inc = incidentOf([view('1')]);
    const state = {
      ...empty(),
      incidents: { 1: inc },
      snoozes: { 'dev:1': snoozeOf('1', { until: NOW + 100 }) },
    };
    const during = plan(
      [
        {
          transition: { kind: 'update', previousSeverity: 'critical' },
          view: view('1', { severity: 'warning' }),
        },
      ],
      state,
    );
    expect(during.drafts).toEqual([expect.objectContaining({ kind: 'incident.changed', quiet: true })]);
    expect(during.snoozes['dev:1']?.suppressed).toBe(1);
    const after = plan([], { ...state, snoozes: during.snoozes }, { now: NOW + 100 });
    expect(after.drafts).toEqual([
      expect.objectContaining({
        kind: 'snooze.ended',
        summary: expect.objectContaining({ suppressed: 1, stillActive: true }),
      }),
    ]);
    expect(after.snoozes).toEqual({});
  });

  it('"until healthy" ends with the resolve, which only edits the parent quietly', () => {
    const inc = incidentOf([view('1')]);
    const p = plan([clear(view('1'))], {
      ...empty(),
      incidents: { 1: inc },
      snoozes: { 'dev:1': snoozeOf('1', { untilHealthy: true }) },
    });
    expect(p.drafts.map((d) => d.kind)).toEqual(['incident.resolved', 'snooze.ended']);
    expect(p.drafts[0]).toMatchObject({ quiet: true });
  });

  it('an incident opened during a snooze is shown when the snooze ends while it is still open', () => {
    const z = snoozeOf('1', { until: NOW + 10, subject: null });
    const during = plan([raise(view('1', { since: 50 }))], { ...empty(), snoozes: { 'dev:1': z } });
    expect(during.drafts).toEqual([]);
    const inc = during.incidents['1'];
    expect(inc?.posted).toBe(false);
    const after = plan(
      [],
      { incidents: inc ? { 1: inc } : {}, storms: {}, snoozes: during.snoozes },
      { now: NOW + 10 },
    );
    expect(after.drafts.map((d) => d.kind)).toEqual(['snooze.ended', 'incident.opened']);
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
    const v = { key: 'dev:1', label: 'Camera 1', timeZone: 'UTC' };
    expect(buildSnooze('1h', v, 's', 'U', 0).until).toBe(3_600_000);
    expect(buildSnooze('4h', v, 's', 'U', 0).until).toBe(4 * 3_600_000);
    expect(buildSnooze('healthy', v, 's', 'U', 0)).toMatchObject({ until: null, untilHealthy: true });
  });
});
