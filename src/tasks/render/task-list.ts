/**
 * The `/task list` answer (ephemeral), pure: one section per task, then "More" while the cursor has more, and
 * "Previous" / "First page" back once past the first page.
 */
import type { Task } from '../../monitoring/api.ts';
import { safeText, truncate, safeName, slackDate } from '../../kit/blocks/mrkdwn.ts';
import { personText } from './task-card.ts';
import { dueShort } from './due-text.ts';
import { TASK_ACTION, type BlockJson, type Rendered } from './task-ids.ts';

export interface ListView {
  /** Already-escaped mrkdwn describing the filter, e.g. "Open tasks · site Plant North". */
  title: string;
  tasks: readonly Task[];
  /** Token for the next page, or null at the end. */
  next: string | null;
  /** Tokens for the page before and the first page (null: none, e.g. on the first page). */
  previous?: string | null;
  first?: string | null;
  /** How many were shown on earlier pages (for "11–20"). */
  shownBefore: number;
  /** Ids of open tasks past their due date at their site: marked like the relay's messages. */
  overdueIds?: readonly string[];
  /** How many matched in all; shown as "1–10 of 57". */
  total?: number;
  /** The list stopped reading at its bound: say so, with how to narrow it. */
  capped?: { maxRows: number };
  /** The tasks were read from the platform earlier (epoch ms `at`): say how old the list is. */
  asOf?: { at: number };
}

function line(task: Task, overdue: boolean): string {
  const parts = [
    dueShort(task.dueDate, overdue),
    safeName(task.status.name ?? `status ${task.status.id}`, 60),
    task.priority?.name ? `${safeName(task.priority.name, 30)} priority` : null,
    personText(task),
    task.site?.name ? safeName(task.site.name, 100) : null,
  ].filter((p): p is string => p !== null);
  return `*${safeName(task.name, 300)}*\n${parts.join(' · ')}`;
}

/** A paging button: its value names a page of this list (a store token), never what may be read. */
const pageButton = (actionId: string, label: string, token: string): BlockJson => ({
  type: 'button',
  action_id: actionId,
  text: { type: 'plain_text', text: label },
  value: JSON.stringify({ t: token }),
});

export function renderTaskList(view: ListView): Rendered {
  const from = view.shownBefore + 1;
  const to = view.shownBefore + view.tasks.length;
  const of = view.total !== undefined ? ` of ${view.total.toLocaleString('en-US')}` : '';
  const range = view.tasks.length > 0 ? ` — ${from}–${to}${of}` : '';
  const blocks: BlockJson[] = [
    { type: 'section', text: { type: 'mrkdwn', text: truncate(`${view.title}${range}`, 3000) } },
  ];
  if (view.tasks.length === 0) {
    blocks.push({
      type: 'context',
      elements: [{ type: 'mrkdwn', text: view.shownBefore ? 'No more tasks.' : 'No tasks match.' }],
    });
  }
  if (view.capped) {
    blocks.push({
      type: 'context',
      elements: [
        {
          type: 'mrkdwn',
          text:
            `Sorted over the first ${view.capped.maxRows.toLocaleString('en-US')} tasks the platform returned; ` +
            'there are more. Narrow the list with `site <name>`, a priority, `mine` or `overdue`.',
        },
      ],
    });
  }
  if (view.asOf) {
    const at = slackDate(
      view.asOf.at,
      '{time_secs}',
      `${new Date(view.asOf.at).toISOString().slice(11, 19)} UTC`,
    );
    blocks.push({
      type: 'context',
      elements: [
        {
          type: 'mrkdwn',
          text: `As of ${at} your time. List again to see changes made on the platform since then.`,
        },
      ],
    });
  }
  const overdue = new Set(view.overdueIds ?? []);
  for (const task of view.tasks.slice(0, 40)) {
    blocks.push({
      type: 'section',
      text: { type: 'mrkdwn', text: line(task, overdue.has(task.id)) },
      accessory: {
        type: 'button',
        action_id: `${TASK_ACTION.showCard}_${task.id}`.slice(0, 255),
        text: { type: 'plain_text', text: 'Card' },
        value: task.id,
      },
    });
  }
  // Paging both ways: "More" replaces the page in place, so "Previous" and "First page" lead back.
  const paging = [
    view.first ? pageButton(TASK_ACTION.listFirst, 'First page', view.first) : null,
    view.previous ? pageButton(TASK_ACTION.listPrevious, 'Previous', view.previous) : null,
    view.next ? pageButton(TASK_ACTION.listMore, 'More', view.next) : null,
  ].filter((b): b is BlockJson => b !== null);
  if (!view.next && view.tasks.length > 0)
    blocks.push({ type: 'context', elements: [{ type: 'mrkdwn', text: 'End of the list.' }] });
  if (paging.length > 0) blocks.push({ type: 'actions', block_id: 'task_list_paging', elements: paging });
  // The title is mrkdwn already escaped by its builder; only the task names are escaped here.
  const names = safeText(view.tasks.map((t) => t.name).join(', '), 2000);
  return { text: truncate(`${view.title}${range}: ${names}`, 3000), blocks };
}
