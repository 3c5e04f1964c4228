/**
 * Round messages, pure: the post when a round is due (with Start), the same post once done, the reminder of a
 * round not done within its window, the channel's notice of a value out of limits (with Create task, or the task
 * created), the marks added to the reader's confirmation and `/round list`. Platform text is escaped (safeName)
 * in the blocks and the text fallbacks.
 */
import type { KnownBlock } from '@slack/types';
import { safeName, slackDate } from '../../kit/blocks/mrkdwn.ts';
import { context, plain, section } from '../../kit/blocks/text-blocks.ts';
import { limitText, type Breach } from '../rules/limits.ts';
import type { OutOfLimit, RoundDef, RoundRun } from '../rules/model.ts';
import { siteDayTime, siteTime, weekdaysText } from '../rules/schedule.ts';
import { ROUND_ACTION } from './round-ids.ts';

export interface Rendered {
  text: string;
  blocks: KnownBlock[];
}

const b = (block: unknown) => block as KnownBlock;
const title = (def: RoundDef) => safeName(def.sourceName, 150);
const site = (def: Pick<RoundDef, 'siteName' | 'siteId'>) =>
  safeName(def.siteName ?? `site ${def.siteId}`, 150);
const who = (def: RoundDef): string => {
  const t = def.target;
  return t.kind === 'channel' ? `<#${t.id}>` : t.kind === 'group' ? `<!subteam^${t.id}>` : `<@${t.id}>`;
};
const fallbackDue = (slot: number, def: RoundDef) => `${siteTime(slot, def.zone)} site time`;

export function renderRoundDue(def: RoundDef, slot: number): Rendered {
  const mention = def.target.kind === 'group' ? `<!subteam^${def.target.id}> ` : '';
  const due = `due ${siteTime(slot, def.zone)} site time, to be done within ${Math.round(def.windowMs / 60_000)} min`;
  const limits = def.limits.map((l) => `${safeName(l.title, 80)} ${limitText(l)}`).join(' · ');
  return {
    text: `Round due: ${def.sourceName} (${def.siteName ?? def.siteId}) at ${fallbackDue(slot, def)}`.slice(
      0,
      3000,
    ),
    blocks: [
      b(section(`${mention}:clipboard: *Round: ${title(def)}* · ${site(def)}\n${due}`)),
      ...(limits ? [b(context(`Limits: ${limits}`))] : []),
      b({
        type: 'actions',
        block_id: 'round_due',
        elements: [
          {
            type: 'button',
            action_id: ROUND_ACTION.start,
            text: plain('Start'),
            style: 'primary',
            value: `${def.id}|${slot}`,
          },
        ],
      }),
    ],
  };
}

export function renderRoundDone(def: RoundDef, run: RoundRun): Rendered {
  const late = run.doneAt !== undefined && run.doneAt > run.slot + def.windowMs ? ' (late)' : '';
  const at = run.doneAt ?? run.slot;
  return {
    text: `Round done: ${def.sourceName} (${def.siteName ?? def.siteId}), due ${fallbackDue(run.slot, def)}`.slice(
      0,
      3000,
    ),
    blocks: [
      b(
        section(
          `:white_check_mark: *Round: ${title(def)}* · ${site(def)}\ndue ${siteTime(run.slot, def.zone)} site time`,
        ),
      ),
      b(context(`Done by <@${run.doneBy ?? ''}> at ${siteTime(at, def.zone)} site time${late}.`)),
    ],
  };
}

export function renderRoundReminder(def: RoundDef, run: RoundRun): Rendered {
  const mention = def.target.kind === 'channel' ? '' : `${who(def)} `;
  return {
    text: `Reminder: round ${def.sourceName} due at ${fallbackDue(run.slot, def)} is not done`.slice(0, 3000),
    blocks: [
      b(
        section(
          `${mention}:alarm_clock: *Round: ${title(def)}* · ${site(def)} — due ${siteTime(run.slot, def.zone)} site time, not done within its window. It still can be: press *Start* on the round.`,
        ),
      ),
    ],
  };
}

function breachLine(o: Pick<OutOfLimit, 'title' | 'value' | 'min' | 'max'>): string {
  return `*${safeName(o.title, 100)}* ${o.value} — outside ${limitText(o)}`;
}

/** What the reader's confirmation adds: each value out of limits, marked. */
export function renderBreachMarks(breaches: readonly Breach[], onOut: RoundDef['onOut']): KnownBlock[] {
  if (breaches.length === 0) return [];
  const lines = breaches.map(
    (x) =>
      `:warning: ${breachLine({ title: x.limit.title, value: x.value, min: x.limit.min, max: x.limit.max })}`,
  );
  const then =
    onOut === 'create' ? 'A task is created for each.' : 'The round’s channel can create a task for each.';
  return [b(section(`*Outside limits:*\n${lines.join('\n')}\n${then}`))];
}

/** The round channel's notice of one value out of limits: Create task, or the task once created. */
export function renderOutOfLimit(o: OutOfLimit): Rendered {
  const where = `${safeName(o.sourceName, 150)} · ${safeName(o.siteName ?? `site ${o.siteId}`, 150)}`;
  const read = `read by <@${o.readBy}> at ${slackDate(o.readAt, '{time}', new Date(o.readAt).toISOString().slice(11, 16) + ' UTC')}`;
  const blocks: KnownBlock[] = [b(section(`:warning: ${breachLine(o)}\n${where}, ${read}`))];
  if (o.taskId)
    blocks.push(b(context(`:heavy_check_mark: Task created: *${safeName(o.taskName ?? o.taskId, 200)}*`)));
  else
    blocks.push(
      b({
        type: 'actions',
        block_id: 'round_task',
        elements: [{ type: 'button', action_id: ROUND_ACTION.task, text: plain('Create task'), value: o.id }],
      }),
    );
  return {
    text: `Outside limits: ${o.title} ${o.value} (${limitText(o)}) — ${o.sourceName}`.slice(0, 3000),
    blocks,
  };
}

/** The task for a value out of limits: its name and description (the value, the limits, the source, the reader). */
export function taskFor(o: OutOfLimit, readerName: string): { name: string; description: string } {
  return {
    name: `Out of limits: ${o.title} ${o.value} (${o.sourceName})`.slice(0, 200),
    description: [
      `${o.title} read ${o.value}, outside its limits ${limitText(o)}.`,
      `Source: ${o.sourceName}${o.siteName ? ` (${o.siteName})` : ''}.`,
      `Read by ${readerName} at ${new Date(o.readAt).toISOString().slice(0, 16).replace('T', ' ')} UTC, during a round in Slack.`,
    ].join('\n'),
  };
}

export function describeRound(def: RoundDef, n: number, stats?: { done: number; due: number }): string {
  const rate = stats && stats.due > 0 ? ` · done ${stats.done} of ${stats.due} in 7 days` : '';
  const limits =
    def.limits.length > 0
      ? ` · limits ${def.limits.map((l) => `${safeName(l.title, 60)} ${limitText(l)}`).join(', ')}`
      : '';
  const kind =
    def.kind === 'metrics' ? ` (metrics: ${def.metrics.map((m) => safeName(m.name, 60)).join(', ')})` : '';
  return `${n}. *${title(def)}*${kind} · ${site(def)} · ${def.times.join(', ')} ${weekdaysText(def.weekdays)} site time · ${who(def)}${limits}${rate}${def.onOut === 'create' ? ' · creates tasks' : ''}`;
}

export function renderRoundList(
  defs: readonly RoundDef[],
  stats: Map<string, { done: number; due: number }>,
): Rendered {
  if (defs.length === 0)
    return {
      text: 'No rounds yet.',
      blocks: [b(section('No rounds yet. `/round add <form> at 08:00` schedules one (workspace admins).'))],
    };
  const lines = defs.map((d, i) => describeRound(d, i + 1, stats.get(d.id)));
  const blocks: KnownBlock[] = [];
  for (let i = 0; i < lines.length; i += 10) blocks.push(b(section(lines.slice(i, i + 10).join('\n'))));
  return { text: `${defs.length} rounds`, blocks };
}

export const nextDueText = (def: RoundDef, slot: number | null) =>
  slot === null ? 'never (no weekday chosen)' : `${siteDayTime(slot, def.zone)} site time`;
