/**
 * `/monitor digest now` as one message (issue 38): the window it used and why, every site a section, their long
 * lists behind "more" buttons, and the sites beyond the bound named — within Slack's Block Kit limits.
 */
import { describe, expect, it } from 'vitest';
import { validateBlocks } from '../../src/slack-standin/index.ts';
import { buildDigest, digestId, type DigestData } from '../../src/alerts/rules/digest.ts';
import { NOW_SITES_SHOWN, renderDigestNow } from '../../src/alerts/render/digest-message.ts';

const NOW = Date.UTC(2026, 10, 20, 16, 15);

function digest(i: number, overdue = 0): DigestData {
  const siteId = String(101 + i);
  return buildDigest({
    id: digestId('C0ALERTS', siteId, NOW, true),
    siteId,
    siteName: `Site <${i}>`,
    timeZone: 'Europe/Berlin',
    from: NOW - 8 * 3_600_000,
    to: NOW,
    late: false,
    onDemand: true,
    incidents: [],
    incidentLog: [],
    taskLog: [],
    snapshots: Array.from({ length: overdue }, (_, n) => ({
      id: `t${n}`,
      name: `Overdue ${n}`,
      siteId,
      siteName: null,
      statusId: '5',
      statusName: 'To Do',
      priorityId: null,
      priorityName: null,
      assigneeId: null,
      assigneeName: null,
      dueDate: '2026-01-01',
      open: true,
      overdue: true,
      deviceId: null,
      deviceName: null,
      modifiedAt: null,
    })),
    tracks: [],
    names: {},
  });
}

describe('renderDigestNow', () => {
  it('says the window is the default shift changes because the channel has none, and how to set them', () => {
    const msg = renderDigestNow(
      [{ digest: digest(0), mentions: {} }],
      { kind: 'shift', times: ['06:00', '14:00', '22:00'], channel: false },
      NOW,
    );
    const json = JSON.stringify(msg.blocks);
    expect(json).toContain('*Shift handover — now* (<!date^');
    expect(json).toContain('your time)');
    expect(json).toContain(
      'since its last shift change at the default times (06:00, 14:00, 22:00 site time): this channel has none of its own',
    );
    expect(json).toContain('`/monitor digest at`');
    expect(json).toContain('*Site &lt;0&gt;* · since 09:15 site time');
    expect(json).toContain('_Nothing to hand over._');
    expect(json).not.toContain('this shift since');
  });

  it('names the shift times when they are set', () => {
    const msg = renderDigestNow(
      [{ digest: digest(0), mentions: {} }],
      { kind: 'shift', times: ['06:00', '14:00', '22:00'], channel: true },
      NOW,
    );
    expect(JSON.stringify(msg.blocks)).toContain(
      'Each site since its last shift change (06:00, 14:00, 22:00 site time, set with `/monitor digest at`).',
    );
  });

  it('puts many sites in one valid message: sections, a "more" button per long list, "and N more" sites', () => {
    const parts = Array.from({ length: NOW_SITES_SHOWN + 2 }, (_, i) => ({
      digest: digest(i, 5),
      mentions: {},
    }));
    const msg = renderDigestNow(
      parts,
      { kind: 'shift', times: ['06:00', '14:00', '22:00'], channel: false },
      NOW,
      ['Far Away Site'],
    );
    expect(validateBlocks(msg.blocks, 'message')).toEqual([]);
    expect(msg.blocks.length).toBeLessThanOrEqual(50);
    const json = JSON.stringify(msg.blocks);
    expect(json.match(/digest_more_overdue_\d+/g)).toHaveLength(NOW_SITES_SHOWN);
    expect(json).toContain('tasks overdue: 2 more');
    expect(json).toContain('…and 3 more sites: Site &lt;10&gt;, Site &lt;11&gt;, Far Away Site');
    expect(msg.text.length).toBeLessThanOrEqual(3000);
    expect(msg.text).toMatch(/^Shift handover — now: Site &lt;0&gt; \(open 0/);
  });
});
