/**
 * Pure renderers of the shift handover digest: one message per site with a section each for open incidents,
 * incidents raised and resolved, tasks created / done / cancelled, tasks overdue and silent sources — each with
 * its count and a few lines, and an "and N more" button whose answer (`renderDigestSection`) lists the rest.
 */
import type { DigestData, DigestSection } from '../rules/digest.ts';
import { safeText } from '../../kit/blocks/mrkdwn.ts';
import { plain } from '../../kit/blocks/text-blocks.ts';
import { ackedBy, siteClock, type RenderedMessage, type SlackBlock } from './alert-message.ts';
import { CONDITION_LABEL, formatDuration, SEVERITY_ICON } from './alert-format.ts';
import type { AlertCondition } from '../rules/types.ts';

/** `digest_more_<section>`: one action id per section, unique within the message as Slack requires. */
export const DIGEST_MORE_PREFIX = 'digest_more_';
/** Lines a section shows in the digest itself. */
export const DIGEST_SHOWN = 3;
/** Lines the "and N more" answer lists (an ephemeral message; the rest is counted). */
const LISTED = 60;

/** Email → Slack user id, for mentioning assignees. */
export type Mentions = Record<string, string>;

const mrkdwn = (text: string) => ({ type: 'mrkdwn', text });
const name = (text: string) => `*${safeText(text, 150)}*`;

const TITLES: Record<DigestSection, string> = {
  open: ':rotating_light: *Open incidents*',
  raised: ':arrow_up: *Incidents raised this shift*',
  resolved: ':white_check_mark: *Incidents resolved this shift*',
  created: ':new: *Tasks created this shift*',
  done: ':heavy_check_mark: *Tasks done this shift*',
  cancelled: ':no_entry_sign: *Tasks cancelled this shift*',
  overdue: ':warning: *Tasks overdue now* (oldest first)',
  silent: ':mute: *Sources silent now*',
};

function lines(d: DigestData, section: DigestSection, mentions: Mentions): string[] {
  const at = (t: number) => siteClock(t, d.timeZone);
  switch (section) {
    case 'open':
      return d.open.map(
        (o) =>
          `${SEVERITY_ICON[o.severity]} ${name(o.sourceName)} — ${o.conditions.map((c) => CONDITION_LABEL[c as AlertCondition] ?? safeText(c, 40)).join(', ')} · ${formatDuration(d.to - o.since)} · ${o.ack ? `acknowledged by ${ackedBy(o.ack, d.timeZone)}` : 'not acknowledged'}`,
      );
    case 'raised':
      return d.raised.map((r) => `${SEVERITY_ICON[r.severity]} ${name(r.sourceName)} at ${at(r.at)}`);
    case 'resolved':
      return d.resolved.map(
        (r) =>
          `${name(r.sourceName)} at ${at(r.at)}${r.durationMs !== null ? `, after ${formatDuration(r.durationMs)}` : ''}`,
      );
    case 'created':
    case 'done':
    case 'cancelled':
      return (d.tasks?.[section] ?? []).map((t) => `${name(t.name)} at ${at(t.at)}`);
    case 'overdue':
      return (d.tasks?.overdue ?? []).map((t) => {
        const user = t.assigneeEmail ? mentions[t.assigneeEmail.toLowerCase()] : undefined;
        const who = user
          ? `<@${safeText(user, 30)}>`
          : t.assigneeName
            ? safeText(t.assigneeName, 100)
            : 'unassigned';
        return `${name(t.name)} — due ${safeText(t.dueDate, 20)} · ${who}`;
      });
    case 'silent':
      return d.silent.map((s) => `${name(s.sourceName)} — ${safeText(s.detail, 100)}`);
  }
}

function sections(d: DigestData): DigestSection[] {
  const task: DigestSection[] = d.tasks ? ['created', 'done', 'cancelled', 'overdue'] : [];
  return ['open', 'raised', 'resolved', ...task, 'silent'];
}

function siteName(d: DigestData): string {
  return d.siteName ? safeText(d.siteName, 150) : `site ${safeText(d.siteId, 60)}`;
}

export function renderDigest(d: DigestData, mentions: Mentions = {}): RenderedMessage {
  const when = d.onDemand
    ? `now (${siteClock(d.to, d.timeZone)}), this shift since ${siteClock(d.from, d.timeZone)}`
    : `shift change at ${siteClock(d.to, d.timeZone)}`;
  const late = d.late ? ' · :hourglass: *late*: no fieldline was running at the shift change' : '';
  const blocks: SlackBlock[] = [
    { type: 'section', text: mrkdwn(`:clipboard: *Shift handover — ${siteName(d)}* · ${when}${late}`) },
  ];
  const counts: string[] = [];
  for (const section of sections(d)) {
    const all = lines(d, section, mentions);
    counts.push(`${section} ${all.length}`);
    const shown = all.slice(0, DIGEST_SHOWN);
    const body =
      all.length === 0
        ? `${TITLES[section]}: none`
        : `${TITLES[section]} (${all.length})\n${shown.join('\n')}`;
    blocks.push({ type: 'section', text: mrkdwn(body.slice(0, 3000)) });
    if (all.length > DIGEST_SHOWN) {
      blocks.push({
        type: 'actions',
        block_id: `digest_more|${section}`,
        elements: [
          {
            type: 'button',
            action_id: `${DIGEST_MORE_PREFIX}${section}`,
            text: plain(`and ${all.length - DIGEST_SHOWN} more`),
            value: `${d.id}|${section}`.slice(0, 2000),
          },
        ],
      });
    }
  }
  const text = `Shift handover — ${d.siteName ?? `site ${d.siteId}`}${d.late ? ' (late)' : ''}: ${counts.join(', ')}`;
  return { text: safeText(text, 3000), blocks };
}

/** The whole list of one section, for the person who pressed "and N more". */
export function renderDigestSection(
  d: DigestData,
  section: DigestSection,
  mentions: Mentions = {},
): RenderedMessage {
  const all = lines(d, section, mentions);
  const shown = all.slice(0, LISTED);
  const rest = all.length > LISTED ? `\n…and ${all.length - LISTED} more` : '';
  const blocks: SlackBlock[] = [
    { type: 'section', text: mrkdwn(`${TITLES[section]} · ${siteName(d)} (${all.length})`) },
  ];
  let chunk = '';
  for (const line of [...shown, ...(rest ? [rest.trim()] : [])]) {
    if (chunk.length + line.length + 1 > 2900) {
      blocks.push({ type: 'section', text: mrkdwn(chunk) });
      chunk = '';
    }
    chunk = chunk === '' ? line : `${chunk}\n${line}`;
  }
  if (chunk !== '') blocks.push({ type: 'section', text: mrkdwn(chunk) });
  return { text: safeText(`${section}: ${all.length}`, 3000), blocks: blocks.slice(0, 50) };
}

export function isDigestSection(value: string | undefined): value is DigestSection {
  return ['open', 'raised', 'resolved', 'created', 'done', 'cancelled', 'overdue', 'silent'].includes(
    value ?? '',
  );
}
