/**
 * Pure renderers of a device incident: the parent (every active condition with its severity and since-when,
 * the worst severity on top; edited in place) and the short thread replies for each change.
 */
import type {
  AckRecord,
  AlertView,
  ConditionLine,
  IncidentChange,
  IncidentView,
  Snooze,
} from '../rules/model.ts';
import { safeText, safeName } from '../../kit/blocks/mrkdwn.ts';
import { CONDITION_LABEL, formatDuration, SEVERITY_ICON, SEVERITY_LABEL, when } from './alert-format.ts';
import {
  ackLine,
  actionRow,
  siteAndYourTime,
  snoozeLine,
  type RenderedMessage,
  type SlackBlock,
} from './alert-message.ts';

const mrkdwn = (text: string) => ({ type: 'mrkdwn', text });
/** A parent lists this many conditions; a device has at most ten kinds, so this is only a guard. */
const MAX_LINES = 12;

export function incidentFromAlert(a: AlertView): IncidentView {
  const line: ConditionLine = {
    key: a.key,
    condition: a.condition,
    severity: a.severity,
    detail: a.detail,
    since: a.since ?? a.raisedAt,
  };
  const resolved = a.clearedAt !== null;
  return {
    incidentId: a.episodeId,
    sourceId: a.sourceId,
    sourceName: a.sourceName,
    siteId: a.siteId,
    siteName: a.siteName,
    siteTimeZone: a.siteTimeZone,
    severity: a.severity,
    conditions: resolved ? [] : [line],
    cleared: resolved ? [{ ...line, clearedAt: a.clearedAt ?? a.raisedAt }] : [],
    openedAt: line.since,
    resolvedAt: a.clearedAt,
    durationMs: a.durationMs,
  };
}

const labels = (lines: readonly ConditionLine[]) => lines.map((l) => CONDITION_LABEL[l.condition]).join(', ');

function conditionLine(l: ConditionLine, zone: string | null): string {
  // site time first, then the viewer's own, said as "your time" like every other time fieldline gives
  return `${SEVERITY_ICON[l.severity]} *${CONDITION_LABEL[l.condition]}* — ${safeText(l.detail, 300)} · since ${siteAndYourTime(l.since, zone, true)}`;
}

/** The whole text fallback: what a notification and a screen reader say. */
function fallback(inc: IncidentView): string {
  if (inc.resolvedAt !== null) {
    const after = inc.durationMs !== null ? ` after ${formatDuration(inc.durationMs)}` : '';
    return safeText(`Resolved${after}: ${inc.sourceName} (${labels(inc.cleared)})`, 3000);
  }
  const only = inc.conditions.length === 1 ? inc.conditions[0] : undefined;
  const what = only ? `${CONDITION_LABEL[only.condition]} (${only.detail})` : labels(inc.conditions);
  return safeText(`${SEVERITY_LABEL[inc.severity]}: ${inc.sourceName} — ${what}`, 3000);
}

export function renderIncidentParent(
  inc: IncidentView,
  subject: string,
  ack: AckRecord | null,
  snooze: Snooze | null = null,
): RenderedMessage {
  const name = safeName(inc.sourceName, 200);
  const site = inc.siteName ? ` at ${safeName(inc.siteName, 150)}` : '';
  const zone = inc.siteTimeZone;
  if (inc.resolvedAt !== null) {
    const after = inc.durationMs !== null ? ` after ${formatDuration(inc.durationMs)}` : '';
    return {
      text: fallback(inc),
      blocks: [
        { type: 'section', text: mrkdwn(`:white_check_mark: *Resolved${after}* · *${name}*${site}`) },
        {
          type: 'context',
          elements: [
            mrkdwn(
              safeText(`Had: ${labels(inc.cleared.slice(-MAX_LINES))}`, 1000) +
                ` · opened ${when(inc.openedAt)} · resolved ${when(inc.resolvedAt)} your time`,
            ),
          ],
        },
        ...ackLine(ack, zone),
      ],
    };
  }
  const count = inc.conditions.length;
  const head = `${SEVERITY_ICON[inc.severity]} *${SEVERITY_LABEL[inc.severity]}* · *${name}*${site}${count > 1 ? ` — ${count} conditions` : ''}`;
  const lines = inc.conditions.slice(0, MAX_LINES).map((l) => conditionLine(l, zone));
  const blocks: SlackBlock[] = [
    { type: 'section', text: mrkdwn(`${head}\n${lines.join('\n')}`.slice(0, 3000)) },
    {
      type: 'context',
      // operator words: when it opened, in the viewer's time; no platform ids (the card names the source)
      elements: [mrkdwn(`Opened ${when(inc.openedAt)} your time`)],
    },
  ];
  if (inc.cleared.length > 0)
    blocks.push({
      type: 'context',
      elements: [mrkdwn(`Cleared meanwhile: ${labels(inc.cleared.slice(-MAX_LINES))}`)],
    });
  return {
    text: fallback(inc),
    blocks: [...blocks, ...ackLine(ack, zone), ...snoozeLine(snooze, zone), actionRow('incident', subject)],
  };
}

export function describeIncidentChange(c: IncidentChange): string {
  const label = CONDITION_LABEL[c.line.condition];
  switch (c.kind) {
    case 'joined':
      return `${SEVERITY_ICON[c.line.severity]} *${label}* joined: ${safeText(c.line.detail, 300)}`;
    case 'severity':
      return `${SEVERITY_ICON[c.line.severity]} *${label}* ${SEVERITY_LABEL[c.previous]} → *${SEVERITY_LABEL[c.line.severity]}*: ${safeText(c.line.detail, 300)}`;
    case 'cleared':
      return `:white_check_mark: *${label}* healthy again after ${formatDuration(c.durationMs)}`;
  }
}

/** One short reply per change of the incident (a cycle's changes of one device together). */
export function renderIncidentChangeReply(changes: IncidentChange[]): RenderedMessage {
  const text = changes.map(describeIncidentChange).join('\n');
  const plainText = changes
    .map((c) =>
      c.kind === 'severity'
        ? `${CONDITION_LABEL[c.line.condition]} ${SEVERITY_LABEL[c.previous]} → ${SEVERITY_LABEL[c.line.severity]}: ${c.line.detail}`
        : c.kind === 'joined'
          ? `${CONDITION_LABEL[c.line.condition]} joined: ${c.line.detail}`
          : `${CONDITION_LABEL[c.line.condition]} healthy again`,
    )
    .join('; ');
  return {
    text: safeText(plainText, 3000),
    blocks: [{ type: 'section', text: mrkdwn(text.slice(0, 3000)) }],
  };
}

export function renderIncidentResolvedReply(inc: IncidentView): RenderedMessage {
  const after = inc.durationMs !== null ? ` after ${formatDuration(inc.durationMs)}` : '';
  const line = `:white_check_mark: Resolved${after}: every condition is healthy again.`;
  return { text: line, blocks: [{ type: 'section', text: mrkdwn(line) }] };
}

/** What a per-condition parent of before the upgrade says once its device's incident carries it on. */
export function renderMergedParent(inc: IncidentView): RenderedMessage {
  const name = safeName(inc.sourceName, 200);
  const line = `:arrow_right: *${name}*: this alert now continues, with the device's other conditions, in the device's first alert message above.`;
  return {
    text: safeText(`${inc.sourceName}: this alert now continues in the device's first alert message.`, 3000),
    blocks: [{ type: 'section', text: mrkdwn(line) }],
  };
}
