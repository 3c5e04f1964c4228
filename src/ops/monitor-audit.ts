/**
 * `/monitor audit [site] [since]` (issue 42): a workspace admin reads the audit trail of their workspace. `since`
 * is `24h`, `7d` or a date (`2026-12-01`, UTC), default the last 24 hours; the site is matched among the sites the
 * admin's own key sees. /monitor's declaration (src/alerts/slack/command-monitor.ts) hands the text here.
 */
import type { Directory } from '../directory/types.ts';
import { safeName } from '../kit/blocks/mrkdwn.ts';
import { renderAudit, type RenderedAudit } from './render/audit-reply.ts';
import { currentTrail } from './audit/audit-place.ts';

const DAY_MS = 86_400_000;
const LIMIT = 50;

export const ADMINS_ONLY =
  ':lock: Only workspace admins and owners (or members of the fieldline admin group) can read the audit trail.';

export function isAuditCommand(text: string): boolean {
  return /^\s*audit(\s|$)/i.test(text);
}

export type AuditQuery =
  | { kind: 'ok'; site: string | undefined; sinceMs: number; since: string }
  | { kind: 'invalid'; message: string };

/** Pure: the words after `audit`. */
export function parseAuditQuery(text: string, now: number): AuditQuery {
  const words = text.trim().split(/\s+/).slice(1);
  let sinceMs = now - DAY_MS;
  let since = 'the last 24 hours';
  const last = words.at(-1);
  const span = last ? /^(\d{1,4})([hd])$/i.exec(last) : null;
  if (span) {
    const n = Number(span[1]);
    const unit = span[2]!.toLowerCase() === 'h' ? 3_600_000 : DAY_MS;
    if (n < 1) return { kind: 'invalid', message: 'The period must be at least `1h`.' };
    sinceMs = now - n * unit;
    since = `the last ${n}${span[2]!.toLowerCase()}`;
    words.pop();
  } else if (last && /^\d{4}-\d{2}-\d{2}$/.test(last)) {
    const at = Date.parse(`${last}T00:00:00Z`);
    if (Number.isNaN(at)) return { kind: 'invalid', message: `\`${last}\` is not a date (use YYYY-MM-DD).` };
    sinceMs = at;
    since = `${last} (UTC)`;
    words.pop();
  }
  const site = words
    .join(' ')
    .replace(/^site\s+/i, '')
    .trim();
  return { kind: 'ok', site: site === '' ? undefined : site, sinceMs, since };
}

export interface MonitorAuditDeps {
  directory: Pick<Directory, 'resolveSite' | 'sites'>;
  now: () => number;
  /** Workspace admin, owner or admin-group member (access/, asked of Slack). */
  mayRead: () => Promise<boolean>;
  /** The installation of the request (src/kit/workspace.ts). */
  workspace: string | undefined;
}

const note = (text: string): RenderedAudit => ({
  text,
  blocks: [{ type: 'section', text: { type: 'mrkdwn', text } }],
});

export async function runMonitorAudit(deps: MonitorAuditDeps, text: string): Promise<RenderedAudit> {
  if (!(await deps.mayRead())) return note(ADMINS_ONLY);
  const trail = currentTrail();
  if (!trail || !deps.workspace) return note('The audit trail is not kept by this deployment.');
  const q = parseAuditQuery(text, deps.now());
  if (q.kind === 'invalid')
    return note(`:warning: ${q.message} Try \`/monitor audit [site] [24h|7d|2026-12-01]\`.`);
  let site: { id: string; name: string } | undefined;
  if (q.site !== undefined) {
    const match = await deps.directory.resolveSite(q.site);
    if (match.kind === 'none')
      return note(`:warning: No site of yours matches that name. Check the spelling.`);
    if (match.kind === 'many')
      return note(
        `:warning: Several sites match: ${match.sites
          .slice(0, 5)
          .map((s) => safeName(s.name, 80))
          .join(', ')}. Be more specific.`,
      );
    site = match.site;
  }
  const read = await trail.read(deps.workspace, {
    sinceMs: q.sinceMs,
    limit: LIMIT,
    ...(site ? { site: site.id } : {}),
  });
  const names = new Map((await deps.directory.sites().catch(() => [])).map((s) => [s.id, s.name]));
  return renderAudit(read, {
    since: q.since,
    retentionDays: trail.retentionDays,
    siteNames: names,
    ...(site ? { siteName: site.name } : {}),
  });
}
