import { describe, expect, it } from 'vitest';
import type { AlertView, StormView } from '../../src/alerts/rules/model.ts';
import type { TaskSnapshot } from '../../src/alerts/rules/types.ts';
import { validateBlocks } from '../../src/slack-standin/index.ts';
import { renderAlertParent } from '../../src/alerts/render/alert-message.ts';
import {
  incidentFromAlert,
  renderIncidentChangeReply,
  renderIncidentParent,
  renderIncidentResolvedReply,
  renderMergedParent,
} from '../../src/alerts/render/incident-message.ts';
import { formatDuration } from '../../src/alerts/render/alert-format.ts';
import { renderDigest, renderDigestSection } from '../../src/alerts/render/digest-message.ts';
import type { DigestData } from '../../src/alerts/rules/digest.ts';
import { renderSnoozeSummary } from '../../src/alerts/render/snooze-summary.ts';
import {
  renderStormAddedReply,
  renderStormMemberReply,
  renderStormParent,
} from '../../src/alerts/render/storm-message.ts';
import { renderTaskEventsReply, renderTaskParent } from '../../src/alerts/render/task-message.ts';

const EVIL = '<!channel> *bold* <@U123> & <https://x.example|click>';
const LONG = 'x'.repeat(10_000);

function alert(name: string, patch: Partial<AlertView> = {}): AlertView {
  return {
    key: 's1:offline',
    episodeId: 's1:offline@1',
    sourceId: 's1',
    sourceName: name,
    siteId: 'site1',
    siteName: name,
    siteTimeZone: 'Europe/Berlin',
    condition: 'offline',
    severity: 'critical',
    detail: name,
    raisedAt: Date.UTC(2026, 10, 20, 8),
    clearedAt: null,
    durationMs: null,
    ...patch,
  };
}
const line = (detail: string) => ({
  key: 's1:offline',
  condition: 'offline' as const,
  severity: 'critical' as const,
  detail,
  since: 0,
});
/** An incident with many conditions, each carrying the hostile or long text. */
const incident = (name: string) => {
  const base = incidentFromAlert(alert(name));
  const conditions = (['offline', 'no_network', 'battery_low', 'silent', 'camera_off'] as const).map((c) => ({
    ...line(name),
    key: `s1:${c}`,
    condition: c,
  }));
  return { ...base, conditions, cleared: conditions.map((c) => ({ ...c, clearedAt: 5 })) };
};
const snooze = {
  key: 'dev:s1',
  until: 3_600_000,
  untilHealthy: false,
  by: 'U9',
  at: 0,
  suppressed: 0,
  label: EVIL,
  subject: 'incident:s1@1',
};
/** A digest whose every section holds 120 lines of the hostile or long text. */
const digest = (name: string): DigestData => {
  const many = <T>(make: (i: number) => T) => Array.from({ length: 120 }, (_, i) => make(i));
  return {
    id: 'C1:site1:1',
    siteId: 'site1',
    siteName: name,
    timeZone: 'Europe/Berlin',
    from: 0,
    to: 3_600_000,
    late: true,
    onDemand: false,
    open: many((i) => ({
      sourceName: `${name} ${i}`,
      severity: 'critical',
      since: 0,
      conditions: ['offline'],
      ack: { user: 'U1', at: 5 },
    })),
    raised: many((i) => ({ sourceName: `${name} ${i}`, at: 1, severity: 'warning' })),
    resolved: many((i) => ({ sourceName: `${name} ${i}`, at: 2, durationMs: 60_000 })),
    tasks: {
      created: many((i) => ({ name: `${name} ${i}`, at: 3 })),
      done: many((i) => ({ name: `${name} ${i}`, at: 3 })),
      cancelled: many((i) => ({ name: `${name} ${i}`, at: 3 })),
      overdue: many((i) => ({
        name: `${name} ${i}`,
        dueDate: '2026-01-01',
        assigneeName: name,
        assigneeEmail: i % 2 ? 'a@x.example' : null,
      })),
    },
    silent: many((i) => ({ sourceName: `${name} ${i}`, since: 0, detail: name })),
  };
};
const storm: StormView = {
  stormId: 'site1@1',
  siteId: 'site1',
  siteName: EVIL,
  active: 40,
  total: 60,
  openedAt: 0,
  resolvedAt: null,
};
const task = (name: string): TaskSnapshot => ({
  id: 't1',
  name,
  siteId: 'site1',
  siteName: name,
  statusId: '5',
  statusName: name,
  priorityId: '15',
  priorityName: 'High',
  assigneeId: 'u1',
  assigneeName: name,
  dueDate: '2026-11-20',
  open: true,
  overdue: true,
  deviceId: 's1',
  deviceName: name,
  modifiedAt: null,
});

describe('relay renderers', () => {
  for (const [label, name] of [
    ['mrkdwn injection', EVIL],
    ['a 10k-character name', LONG],
  ] as const) {
    it(`escape platform text and stay within Block Kit limits: ${label}`, () => {
      const messages = [
        renderAlertParent(alert(name), 'alert:s1:offline@1', { user: 'U1', at: 0 }),
        renderAlertParent(alert(name, { clearedAt: 1, durationMs: 3_900_000 }), 'alert:x', null),
        renderIncidentParent(incident(name), 'incident:s1@1', { user: 'U1', at: 0 }, snooze),
        renderIncidentChangeReply([
          { kind: 'joined', line: line(name) },
          { kind: 'severity', line: line(name), previous: 'warning' },
          { kind: 'cleared', line: line(name), durationMs: 60_000 },
        ]),
        renderIncidentResolvedReply({ ...incident(name), resolvedAt: 9, durationMs: 60_000 }),
        renderMergedParent(incident(name)),
        renderStormParent(storm, 'storm:site1@1', null, snooze),
        renderStormParent({ ...storm, resolvedAt: 7_200_000 }, 'storm:site1@1', { user: 'U2', at: 5 }),
        renderStormAddedReply(
          Array.from({ length: 120 }, (_, i) => incidentFromAlert(alert(`${name} ${i}`))),
        ),
        renderStormMemberReply(incidentFromAlert(alert(name, { durationMs: 120_000 })), 'resolved', []),
        renderStormMemberReply(incident(name), 'changed', [{ kind: 'joined', line: line(name) }]),
        renderTaskParent(task(name)),
        renderTaskEventsReply(task(name), [
          { kind: 'created' },
          { kind: 'status', from: name, to: 'Done', closed: 'done' },
          { kind: 'reassigned', from: name, to: null },
          { kind: 'priority', from: null, to: 'High' },
          { kind: 'due', from: null, to: '2026-11-20' },
          { kind: 'overdue', dueDate: '2026-11-20' },
        ]),
        renderDigest(digest(name), { 'a@x.example': 'U0ANA' }),
        renderDigestSection(digest(name), 'open'),
        renderDigestSection(digest(name), 'overdue', { 'a@x.example': 'U0ANA' }),
        renderSnoozeSummary({
          key: 'dev:s1',
          label: name,
          suppressed: 3,
          stillActive: true,
          snoozedBy: 'U1',
          endedAt: 0,
        }),
      ];
      for (const msg of messages) {
        expect(validateBlocks(msg.blocks, 'message')).toEqual([]);
        expect(msg.text.length).toBeLessThanOrEqual(3000);
        const all = JSON.stringify(msg);
        expect(all).not.toContain('<!channel>');
        expect(all).not.toContain('<@U123>');
      }
    });
  }

  it('words an empty priority, due date and assignee as the task card does', () => {
    const parent = renderTaskParent({
      ...task('Pump'),
      priorityName: null,
      dueDate: null,
      assigneeName: null,
    });
    const fields = JSON.stringify(parent.blocks);
    expect(fields).toContain('*Priority*\\nNone');
    expect(fields).toContain('*Due*\\n—');
    expect(fields).toContain('*Assignee*\\nUnassigned');
  });

  it('formats durations for people', () => {
    expect([20_000, 5 * 60_000, 65 * 60_000, 3 * 3_600_000, 50 * 3_600_000].map(formatDuration)).toEqual([
      'under a minute',
      '5 min',
      '1 h 5 min',
      '3 h',
      '2 d 2 h',
    ]);
  });
});
