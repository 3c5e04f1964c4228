/**
 * The "Your open tasks" part of the Home tab, pure. Platform text (names, statuses, sites, emails) is escaped,
 * so a task named `<!channel>` renders literally and pings nobody.
 */
import { safeText, truncate } from '../../kit/blocks/mrkdwn.ts';
import { HOME_ACTION, HOME_TASK_LIMIT } from './home-ids.ts';
import { dueShort, type BlockJson } from '../../tasks/index.ts';
import { context, section } from '../../kit/blocks/text-blocks.ts';
import { connectButton } from '../../access/index.ts';
import type { HomeTask } from '../rules/pick-tasks.ts';

export type { HomeTask } from '../rules/pick-tasks.ts';

/** What the Home tab knows about the viewer's tasks; `notice` texts are ready mrkdwn (userMessageFor). */
export type HomeTasks =
  | { kind: 'found'; who: string; tasks: HomeTask[]; more: boolean }
  | { kind: 'no-email' }
  | { kind: 'no-match'; email: string }
  | { kind: 'failed'; notice: string }
  /** Not connected (or the connection must be renewed): nothing was asked of the platform. */
  | { kind: 'connect'; renew: boolean };

function taskLine({ task, overdue }: HomeTask): string {
  const facts = [
    dueShort(task.dueDate, overdue) ?? 'no due date',
    safeText(task.status.name ?? `status ${task.status.id}`, 60),
    task.priority?.name ? `${safeText(task.priority.name, 30)} priority` : null,
    task.site?.name ? safeText(task.site.name, 100) : null,
  ].filter((p): p is string => p !== null);
  return `*${safeText(task.name, 300)}*\n${facts.join(' · ')}`;
}

function taskBlock(item: HomeTask): BlockJson {
  return {
    type: 'section',
    block_id: `home_task_${item.task.id}`.slice(0, 255),
    text: { type: 'mrkdwn', text: taskLine(item) },
    accessory: {
      type: 'button',
      action_id: `${HOME_ACTION.taskOpenPrefix}${item.task.id}`.slice(0, 255),
      text: { type: 'plain_text', text: 'Open card', emoji: true },
      value: item.task.id.slice(0, 2000),
      accessibility_label: truncate(`Send the card of task ${item.task.id} to your messages`, 75),
    },
  };
}

const NO_EMAIL =
  ":bust_in_silhouette: fieldline can't see an email address on your Slack profile, so it can't find your " +
  'platform user (people are matched by email). Ask your Slack admin to show emails to apps ' +
  '(fieldline asks for `users:read.email`), then open this tab again.';

function noMatch(email: string): string {
  return (
    `:bust_in_silhouette: No platform user has your Slack email (*${safeText(email, 200)}*), so fieldline ` +
    "can't tell which tasks are yours. Ask a platform admin to use this email for your platform user, " +
    'then open this tab again.'
  );
}

function connectOffer(renew: boolean): BlockJson {
  const text = renew
    ? ':key: Connect your platform account again to see your tasks.'
    : ':key: Connect your platform account to see your tasks.';
  return { ...section(text), accessory: connectButton() };
}

export function renderHomeTasks(tasks: HomeTasks): BlockJson[] {
  if (tasks.kind === 'connect') return [section('*Your open tasks*'), connectOffer(tasks.renew)];
  if (tasks.kind === 'no-email') return [section('*Your open tasks*'), section(NO_EMAIL)];
  if (tasks.kind === 'no-match') return [section('*Your open tasks*'), section(noMatch(tasks.email))];
  if (tasks.kind === 'failed')
    return [section('*Your open tasks*'), section(`Your tasks can't be shown right now. ${tasks.notice}`)];
  const shown = tasks.tasks.slice(0, HOME_TASK_LIMIT);
  const overdue = shown.filter((t) => t.overdue).length;
  const head = `*Your open tasks* — assigned to ${safeText(tasks.who, 200)} on the platform`;
  if (shown.length === 0) return [section(head), context('No open tasks are assigned to you. :tada:')];
  const blocks: BlockJson[] = [section(head)];
  if (overdue > 0) blocks.push(context(`:warning: ${overdue} overdue`));
  blocks.push(...shown.map(taskBlock));
  if (tasks.more || tasks.tasks.length > shown.length)
    blocks.push(
      context(
        `Showing ${shown.length} open tasks, overdue first. \`/task list mine\` lists every task of yours.`,
      ),
    );
  return blocks;
}
