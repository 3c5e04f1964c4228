/**
 * Pure renderers of the shift handover digest: one message per site (at a shift change) or one for every site
 * (`/monitor digest now`, renderDigestNow) with a section each for open incidents,
 * incidents raised and resolved, tasks created / done / cancelled, tasks overdue and silent sources — each with
 * its count and a few lines, and an "and N more" button whose answer (`renderDigestSection`) lists the rest.
 */
import type { DigestData, DigestSection } from '../rules/digest.ts';
import { safeText } from '../../kit/blocks/mrkdwn.ts';
import { plain } from '../../kit/blocks/text-blocks.ts';
import { ackedBy, siteClock, type RenderedMessage, type SlackBlock } from './alert-message.ts';
import { CONDITION_LABEL, formatDuration, SEVERITY_ICON, when } from './alert-format.ts';
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
  overdue: ':warning: *Tasks overdue now*, oldest first',
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
  // Rounds and handover (issue 40): already rendered (and escaped) by their feature.
  if (d.routines) blocks.push(...(d.routines.blocks as SlackBlock[]));
  const routines = d.routines ? `, ${d.routines.text}` : '';
  const text = `Shift handover — ${d.siteName ?? `site ${d.siteId}`}${d.late ? ' (late)' : ''}: ${counts.join(', ')}${routines}`;
  return { text: safeText(text, 3000), blocks };
}

/** The window `/monitor digest now` covered: since each site's last shift change, or the last hours. */
/** Which shift changes the now-message counted from: the channel's own, or the default ones. */
export type NowWindow = { kind: 'shift'; times: string[]; channel: boolean };

/** Sites one `/monitor digest now` message shows in full (two blocks each, well inside Slack's 50). */
export const NOW_SITES_SHOWN = 10;
/** The part of a section the now-message lists per site before its "more" button. */
const NOW_SECTION_CHARS = 2_800;

const NOW_LABEL: Record<DigestSection, string> = {
  open: 'open incidents',
  raised: 'incidents raised',
  resolved: 'incidents resolved',
  created: 'tasks created',
  done: 'tasks done',
  cancelled: 'tasks cancelled',
  overdue: 'tasks overdue',
  silent: 'sources silent',
};

function windowText(window: NowWindow): string {
  return window.channel
    ? `Each site since its last shift change (${window.times.join(', ')} site time, set with \`/monitor digest at\`).`
    : `Each site since its last shift change at the default times (${window.times.join(', ')} site time): this channel has none of its own. Set them with \`/monitor digest at\`.`;
}

/** One site of the now-message: its sections with a few lines each, the empty ones named on one line. */
function siteBlocks(d: DigestData, mentions: Mentions, index: number): SlackBlock[] {
  const parts = [`*${siteName(d)}* · since ${siteClock(d.from, d.timeZone)}`];
  const empty: string[] = [];
  const buttons: Record<string, unknown>[] = [];
  for (const section of sections(d)) {
    const all = lines(d, section, mentions);
    if (all.length === 0) {
      empty.push(NOW_LABEL[section]);
      continue;
    }
    parts.push(
      `${TITLES[section].replace(' this shift', '')} (${all.length})`,
      ...all.slice(0, DIGEST_SHOWN),
    );
    if (all.length > DIGEST_SHOWN)
      buttons.push({
        type: 'button',
        // unique within the message: one per section and site
        action_id: `${DIGEST_MORE_PREFIX}${section}_${index}`,
        text: plain(`${NOW_LABEL[section]}: ${all.length - DIGEST_SHOWN} more`),
        value: `${d.id}|${section}`.slice(0, 2000),
      });
  }
  if (empty.length === sections(d).length) parts.push('_Nothing to hand over._');
  else if (empty.length > 0) parts.push(`_None:_ ${empty.join(', ')}`);
  let text = '';
  for (const part of parts) {
    if (text.length + part.length + 1 > NOW_SECTION_CHARS) {
      text += '\n…';
      break;
    }
    text = text === '' ? part : `${text}\n${part}`;
  }
  return [
    { type: 'section', block_id: `digest_site|${index}`, text: mrkdwn(text) },
    ...(buttons.length > 0
      ? [{ type: 'actions', block_id: `digest_more|${index}`, elements: buttons.slice(0, 8) }]
      : []),
  ];
}

/**
 * `/monitor digest now`: ONE message for every site of the channel — which window it covers and why, then each
 * site as a section (its lists' "more" buttons under it) — and the sites beyond NOW_SITES_SHOWN named in a line.
 */
export function renderDigestNow(
  parts: readonly { digest: DigestData; mentions: Mentions }[],
  window: NowWindow,
  now: number,
  moreSites: readonly string[] = [],
): RenderedMessage {
  const shown = parts.slice(0, NOW_SITES_SHOWN);
  const blocks: SlackBlock[] = [
    {
      type: 'section',
      text: mrkdwn(`:clipboard: *Shift handover — now* (${when(now)} your time)\n${windowText(window)}`),
    },
    ...shown.flatMap((p, i) => siteBlocks(p.digest, p.mentions, i)),
  ];
  const beyond = [
    ...parts.slice(NOW_SITES_SHOWN).map((p) => p.digest.siteName ?? p.digest.siteId),
    ...moreSites,
  ];
  if (beyond.length > 0)
    blocks.push({
      type: 'context',
      elements: [
        mrkdwn(
          safeText(
            `…and ${beyond.length} more site${beyond.length === 1 ? '' : 's'}: ${beyond.slice(0, 30).join(', ')}${beyond.length > 30 ? ', …' : ''}`,
            2900,
          ),
        ),
      ],
    });
  const summary = shown.map((p) => {
    const counts = sections(p.digest).map((s) => `${s} ${lines(p.digest, s, {}).length}`);
    return `${p.digest.siteName ?? `site ${p.digest.siteId}`} (${counts.join(', ')})`;
  });
  const text = `Shift handover — now: ${summary.join('; ')}${beyond.length > 0 ? `; and ${beyond.length} more` : ''}`;
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
