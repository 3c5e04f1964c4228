/**
 * Operator words found in the issue-38 walkthrough: an alert card gives its times as site time and "your time"
 * (like the snooze line beside it) and ends without platform ids; `/monitor status` counts messages in words.
 */
import { describe, expect, it } from 'vitest';
import type { AlertView } from '../../src/alerts/rules/model.ts';
import { EMPTY_STATUS } from '../../src/alerts/rules/status.ts';
import { renderAlertParent } from '../../src/alerts/render/alert-message.ts';
import { renderAlertStatus } from '../../src/alerts/render/monitor-reply.ts';
import type { AlertStatusReport } from '../../src/alerts/engine/status-report.ts';

const RAISED = Date.parse('2026-12-06T03:39:00Z'); // 09:09 in Pune

function alert(patch: Partial<AlertView> = {}): AlertView {
  return {
    key: '1017:battery_low',
    episodeId: '1017:battery_low@1',
    sourceId: '1017',
    sourceName: 'Entrance Camera',
    siteId: '103',
    siteName: 'Pune Assembly',
    siteTimeZone: 'Asia/Kolkata',
    condition: 'battery_low',
    severity: 'warning',
    detail: 'battery 17 %, not charging',
    raisedAt: RAISED,
    clearedAt: null,
    durationMs: null,
    ...patch,
  };
}

const texts = (blocks: unknown[]) => JSON.stringify(blocks);

describe('an alert card', () => {
  it('says since when in site time and in your time, and opened in your time', () => {
    const json = texts(renderAlertParent(alert(), 'subject', null).blocks);
    expect(json).toMatch(
      /since 09:09 site time \(<!date\^\d+\^\{date_short_pretty\} \{time\}\|[^>]*> your time\)/,
    );
    expect(json).toMatch(/Opened <!date\^\d+\^[^>]*> your time/);
  });

  it('ends without the platform id of the data source', () => {
    const json = texts(renderAlertParent(alert(), 'subject', null).blocks);
    expect(json).not.toMatch(/data source 1017/);
    const resolved = alert({ clearedAt: RAISED + 600_000, durationMs: 600_000 });
    expect(texts(renderAlertParent(resolved, 'subject', null).blocks)).toMatch(
      /resolved <!date[^>]*> your time/,
    );
  });
});

describe('/monitor status', () => {
  const report = (pending: number): AlertStatusReport => ({
    poller: { ...EMPTY_STATUS, lastCompleteAt: RAISED, lastCounts: { sources: 40, cameras: 6, tasks: 60 } },
    lagMs: 0,
    channels: [
      {
        channel: 'C0ALERTS',
        pending,
        delivery: { pausedUntil: null, lastError: null, delivered: 2, lastDeliveredAt: RAISED },
      },
    ],
  });

  it.each([
    [0, 'In this channel: nothing waiting to be posted · 2 posted'],
    [1, 'In this channel: 1 message waiting to be posted · 2 posted'],
    [3, 'In this channel: 3 messages waiting to be posted · 2 posted'],
  ])('counts %i waiting messages in words', (pending, line) => {
    const { text } = renderAlertStatus(report(pending), RAISED + 30_000);
    expect(text).toContain(line);
    expect(text).not.toContain('(s)');
  });
});
