import { describe, expect, it } from 'vitest';
import { parseAuditQuery } from '../../src/ops/monitor-audit.ts';
import { auditLine, renderAudit } from '../../src/ops/render/audit-reply.ts';
import { routeTemplate, slackMethodOf, surfaceOf } from '../../src/base/metrics.ts';
import type { AuditEntry } from '../../src/ops/index.ts';

const NOW = Date.parse('2026-12-06T12:00:00Z');

const entry = (over: Partial<AuditEntry> = {}): AuditEntry => ({
  at: '2026-12-06T11:30:00.000Z',
  kind: 'task.created',
  outcome: 'ok',
  actor: 'person',
  slackUser: 'U0ANA',
  platformUser: '501',
  workspace: 'T0FIELD',
  channel: 'C0GENERAL',
  platformId: '3001',
  site: '101',
  detail: null,
  ...over,
});

describe('/monitor audit query', () => {
  it('reads a site and a period; the last 24 hours by default', () => {
    expect(parseAuditQuery('audit', NOW)).toEqual({
      kind: 'ok',
      site: undefined,
      sinceMs: NOW - 86_400_000,
      since: 'the last 24 hours',
    });
    expect(parseAuditQuery('audit Plant North 7d', NOW)).toMatchObject({
      site: 'Plant North',
      sinceMs: NOW - 7 * 86_400_000,
    });
    expect(parseAuditQuery('audit site berlin 12h', NOW)).toMatchObject({
      site: 'berlin',
      sinceMs: NOW - 12 * 3_600_000,
    });
    expect(parseAuditQuery('audit 2026-12-01', NOW)).toMatchObject({
      site: undefined,
      sinceMs: Date.parse('2026-12-01T00:00:00Z'),
    });
  });

  it('refuses a period of nothing and a date that is not one', () => {
    expect(parseAuditQuery('audit 0h', NOW)).toMatchObject({ kind: 'invalid' });
    expect(parseAuditQuery('audit 2026-13-45', NOW)).toMatchObject({ kind: 'invalid' });
  });
});

describe('audit rendering', () => {
  it('says who, what, where and when in operator words, escaping platform text', () => {
    const line = auditLine(
      entry({ kind: 'task.changed', detail: 'name,<b>&', site: '101' }),
      new Map([['101', 'Berlin <Plant>']]),
    );
    expect(line).toBe(
      '• 2026-12-06 11:30 UTC — <@U0ANA> (platform user 501) changed task `3001` at *Berlin &lt;Plant&gt;* in <#C0GENERAL> — name,&lt;b&gt;&amp;',
    );
    expect(
      auditLine(
        entry({ actor: 'relay', slackUser: null, platformUser: null, channel: null, outcome: 'failed' }),
        new Map(),
      ),
    ).toMatch(/^• .* — the relay created task `3001` at \*101\* :x: _refused by the platform_$/);
  });

  it('fits Slack: ten entries per section, and says when more matched or an hour was full', () => {
    const read = { entries: Array.from({ length: 25 }, () => entry()), more: true, dropped: 3 };
    const out = renderAudit(read, { since: 'the last 24 hours', retentionDays: 90 });
    expect(out.blocks).toHaveLength(1 + 3 + 1);
    expect(JSON.stringify(out.blocks.at(-1))).toMatch(/latest 25.*3 changes in busy hours/);
    expect(
      renderAudit({ entries: [], more: false, dropped: 0 }, { since: 'x', retentionDays: 2 }).text,
    ).toMatch(/Nothing was changed/);
  });
});

describe('metric labels stay bounded', () => {
  it('route templates replace ids; Slack methods come from the URL; surfaces from the body', () => {
    expect(routeTemplate('/tasks/123')).toBe('/tasks/:id');
    expect(routeTemplate('/devices/status/cam-9f2a')).toBe('/devices/status/:id');
    expect(routeTemplate('/data-sources/5d6f0c1e-aaaa-bbbb-cccc-1234567890ab?withSchema=true')).toBe(
      '/data-sources/:id',
    );
    expect(routeTemplate('/files/signed-uploads/create')).toBe('/files/signed-uploads/create');
    expect(slackMethodOf('https://slack.com/api/chat.postMessage')).toBe('chat.postMessage');
    expect(slackMethodOf('http://127.0.0.1:4000/api/files.getUploadURLExternal')).toBe(
      'files.getUploadURLExternal',
    );
    expect(slackMethodOf('https://files.slack.com/upload/v1/ABC123')).toBe('upload');
    expect(surfaceOf({ command: '/task' })).toBe('command');
    expect(surfaceOf({ type: 'block_suggestion' })).toBe('options');
    expect(surfaceOf({ type: 'view_submission' })).toBe('view');
    expect(surfaceOf({ type: 'anything' })).toBe('other');
  });
});
