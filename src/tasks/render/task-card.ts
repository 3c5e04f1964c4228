/**
 * The task card: pure Block Kit from a Task. All platform text is escaped (a task named `<!channel>` pings
 * nobody) and cut to Block Kit's limits. It speaks operator words: no platform ids (task, feed post, type) on it,
 * and says when the task was created (once the platform's copy was read). Status buttons whose id fieldline does
 * not know are shown without a style and explained in a context line — the contract hides the ids of On Hold and
 * Done, and fieldline never guesses one.
 */
import type { Task } from '../../monitoring/api.ts';
import { CANONICAL_STATUSES, statusKey, type StatusLookup } from '../../directory/index.ts';
import { dueState } from '../rules/due-state.ts';
import { safeText, safeName, slackDate } from '../../kit/blocks/mrkdwn.ts';
import { dueField } from './due-text.ts';
import { TASK_PRIORITIES } from '../rules/priority.ts';
import { TASK_ACTION, type BlockJson, type Rendered } from './task-ids.ts';
import { plain } from '../../kit/blocks/text-blocks.ts';
import { completeWithPhotosButton } from './photo-modal.ts';

export type { Rendered } from './task-ids.ts';

export interface CardContext {
  /** The site's IANA time zone, when known. */
  timeZone: string | null;
  statuses: StatusLookup;
  /** The instant the card shows the task at (epoch ms): whether it is overdue then. */
  nowMs: number;
}

const field = (label: string, value: string) => ({ type: 'mrkdwn', text: safeFieldText(label, value) });

function safeFieldText(label: string, escapedValue: string): string {
  const text = `*${label}*\n${escapedValue}`;
  return text.length <= 2000 ? text : text.slice(0, 1999) + '…';
}

/** "Created <when> your time", from the task as the platform keeps it (absent until it was read back). */
function createdLine(task: Task): BlockJson[] {
  const at = Date.parse(task.auditInfo?.createdDate ?? '');
  if (!Number.isFinite(at)) return [];
  const fallback = `${new Date(at).toISOString().slice(0, 16).replace('T', ' ')} UTC`;
  const when = slackDate(at, '{date_short_pretty} {time}', fallback);
  return [{ type: 'context', elements: [{ type: 'mrkdwn', text: `Created ${when} your time` }] }];
}

export function personText(task: Task): string {
  const a = task.assignee;
  if (!a) return 'Unassigned';
  const name = a.name ?? ([a.firstName, a.lastName].filter(Boolean).join(' ') || a.email || `user ${a.id}`);
  return safeName(name, 200) + (a.email ? ` (${safeText(a.email, 200)})` : '');
}

/** The status buttons: one per canonical status except the current one. */
function statusButtons(task: Task, statuses: StatusLookup) {
  const current = statusKey(task.status.name ?? statuses.nameFor(task.status.id) ?? '');
  const unknown: string[] = [];
  const buttons = CANONICAL_STATUSES.filter((name) => statusKey(name) !== current).map((name) => {
    const id = statuses.idFor(name);
    if (id === undefined) unknown.push(name);
    const button: Record<string, unknown> = {
      type: 'button',
      action_id: `${TASK_ACTION.statusPrefix}${statusKey(name)}`,
      text: plain(id === undefined ? `${name} (unavailable)` : name),
      value: task.id,
    };
    if (id !== undefined && name === 'Done') button['style'] = 'primary';
    if (id !== undefined && name === 'Cancelled') {
      button['style'] = 'danger';
      button['confirm'] = {
        title: plain('Cancel this task?', 100),
        // Platform text stays out of plain_text, where it cannot be escaped for display.
        text: plain('Cancel this task? Its post is taken off the platform’s feed.', 300),
        confirm: plain('Cancel task', 30),
        deny: plain('Keep it', 30),
        style: 'danger',
      };
    }
    return button;
  });
  return { buttons, unknown };
}

function priorityMenu(task: Task) {
  const options = TASK_PRIORITIES.map((p) => ({ text: plain(p.name), value: `${task.id}|${p.id}` }));
  const initial = options.find((o) => o.value === `${task.id}|${task.priority?.id ?? ''}`);
  return {
    type: 'static_select',
    action_id: TASK_ACTION.priority,
    placeholder: plain('Priority'),
    options,
    ...(initial ? { initial_option: initial } : {}),
  };
}

export function renderTaskCard(task: Task, ctx: CardContext): Rendered {
  const { buttons, unknown } = statusButtons(task, ctx.statuses);
  const status = task.status.name ?? ctx.statuses.nameFor(task.status.id) ?? `status ${task.status.id}`;
  const blocks: BlockJson[] = [
    {
      type: 'section',
      block_id: `task_card_${task.id}`.slice(0, 255),
      text: { type: 'mrkdwn', text: `:clipboard: *${safeName(task.name, 2900)}*` },
    },
    {
      type: 'section',
      fields: [
        field('Status', safeText(status, 200)),
        field('Priority', safeName(task.priority?.name ?? 'None', 100)),
        field('Due', dueField(dueState(task, ctx.nowMs, ctx.timeZone))),
        field('Assignee', personText(task)),
        field('Site', safeName(task.site?.name ?? task.site?.id ?? '—', 500)),
        field('Data source', task.device ? safeName(task.device.name ?? task.device.id, 500) : '—'),
      ],
    },
    ...createdLine(task),
    {
      type: 'actions',
      block_id: `task_actions_${task.id}`.slice(0, 255),
      elements: [
        ...withPhotoButton(task, buttons, ctx.statuses),
        priorityMenu(task),
        { type: 'button', action_id: TASK_ACTION.edit, text: plain('Edit'), value: task.id },
      ],
    },
  ];
  if (unknown.length > 0)
    blocks.push({ type: 'context', elements: [{ type: 'mrkdwn', text: unknownStatusText(unknown) }] });
  return { text: `Task: ${safeName(task.name, 300)} — ${safeText(status, 100)}`, blocks };
}

/**
 * "Complete with photos" right after Done, while Done is offered and its id is known (issue 40): photos of the
 * job done go to the platform, then the task is marked Done.
 */
function withPhotoButton(task: Task, buttons: Record<string, unknown>[], statuses: StatusLookup) {
  const done = `${TASK_ACTION.statusPrefix}${statusKey('Done')}`;
  const at = buttons.findIndex((b) => b['action_id'] === done);
  const cancelled =
    statusKey(task.status.name ?? statuses.nameFor(task.status.id) ?? '') === statusKey('Cancelled');
  if (at < 0 || cancelled || statuses.idFor('Done') === undefined) return buttons;
  return [...buttons.slice(0, at + 1), completeWithPhotosButton(task.id), ...buttons.slice(at + 1)];
}

export function unknownStatusText(names: readonly string[]): string {
  const list = names.join(' and ');
  return `${list} ${names.length > 1 ? "aren't" : "isn't"} available yet: fieldline learns status ids from tasks the platform shows it and hasn't seen a ${list} task. An admin can set TASK_STATUS_IDS (e.g. "On Hold=10,Done=20").`;
}
