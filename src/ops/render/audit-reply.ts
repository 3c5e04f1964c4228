/** Pure renderer of `/monitor audit` (issue 42): the workspace's audit entries, newest first, in operator words. */
import { safeName, safeText } from '../../kit/blocks/mrkdwn.ts';
import type { AuditEntry, AuditKind } from '../audit/audit-entry.ts';
import type { AuditRead } from '../audit/audit-trail.ts';

/** A Block Kit block as plain data. */
export interface AuditBlock {
  type: string;
  [key: string]: unknown;
}

export interface RenderedAudit {
  text: string;
  blocks: AuditBlock[];
}

const WORDS: Record<AuditKind, string> = {
  'task.created': 'created task',
  'task.changed': 'changed task',
  'reading.written': 'wrote readings to',
  'import.started': 'started a CSV import into',
  'post.created': 'posted to the feed',
  'file.uploaded': 'uploaded a file',
  'device.status': 'reported device status for',
  'subscription.changed': "changed this channel's subscriptions",
  'schedule.changed': 'changed a schedule',
  'key.connected': 'connected their platform key',
  'key.removed': 'removed their platform key',
  'connection.changed': "changed the workspace's platform connection",
};

const ENTRIES_PER_SECTION = 10;

function stamp(iso: string): string {
  return `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;
}

function who(e: AuditEntry): string {
  if (e.actor === 'relay') return 'the relay';
  if (e.actor === 'system' || !e.slackUser) return 'fieldline';
  const platform = e.platformUser ? ` (platform user ${safeText(e.platformUser, 40)})` : '';
  return `<@${e.slackUser}>${platform}`;
}

export function auditLine(e: AuditEntry, siteNames: ReadonlyMap<string, string>): string {
  const id = e.platformId ? ` \`${safeText(e.platformId, 80)}\`` : '';
  const site = e.site ? ` at *${safeName(siteNames.get(e.site) ?? e.site, 80)}*` : '';
  const where = e.channel ? ` in <#${e.channel}>` : '';
  const detail = e.detail ? ` — ${safeText(e.detail, 120)}` : '';
  const failed = e.outcome === 'failed' ? ' :x: _refused by the platform_' : '';
  return `• ${stamp(e.at)} — ${who(e)} ${WORDS[e.kind]}${id}${site}${where}${detail}${failed}`;
}

export function renderAudit(
  read: AuditRead,
  opts: { since: string; siteName?: string; retentionDays: number; siteNames?: ReadonlyMap<string, string> },
): RenderedAudit {
  const scope = opts.siteName ? ` at *${safeName(opts.siteName, 80)}*` : '';
  const head = `:ledger: *Audit trail*${scope} since ${opts.since} (kept ${opts.retentionDays} days)`;
  if (read.entries.length === 0) {
    const text = `${head}\nNothing was changed through fieldline in this period.`;
    return { text, blocks: [{ type: 'section', text: { type: 'mrkdwn', text } }] };
  }
  const lines = read.entries.map((e) => auditLine(e, opts.siteNames ?? new Map()));
  const blocks: AuditBlock[] = [{ type: 'section', text: { type: 'mrkdwn', text: head } }];
  for (let i = 0; i < lines.length; i += ENTRIES_PER_SECTION)
    blocks.push({
      type: 'section',
      text: {
        type: 'mrkdwn',
        text: lines
          .slice(i, i + ENTRIES_PER_SECTION)
          .join('\n')
          .slice(0, 3000),
      },
    });
  const notes = [
    read.more ? `Showing the latest ${read.entries.length}: ask for a shorter period to see the rest.` : null,
    read.dropped > 0 ? `${read.dropped} changes in busy hours were counted but not kept.` : null,
  ].filter((n): n is string => n !== null);
  if (notes.length > 0)
    blocks.push({ type: 'context', elements: [{ type: 'mrkdwn', text: notes.join(' ') }] });
  return { text: `${head}: ${read.entries.length} changes${read.more ? ' (latest shown)' : ''}`, blocks };
}
