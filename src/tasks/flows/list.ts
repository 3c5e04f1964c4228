/** `/task list …` after the ack: resolve the site and "mine", fetch one page, render it. */
import type { WebClient } from '@slack/web-api';
import type { Deps } from '../../base/deps.ts';
import { MAX_ROWS_READ, type TaskListFilter, type TaskListPage } from '../service/task-service.ts';
import { escapeMrkdwn, safeText, safeName } from '../../kit/blocks/mrkdwn.ts';
import { priorityById } from '../rules/priority.ts';
import type { Rendered } from '../render/task-ids.ts';
import { renderTaskList } from '../render/task-list.ts';
import { renderNotice } from '../render/task-notices.ts';
import { LIST_USAGE, type ListRequest } from '../rules/parse-command.ts';

const SCOPE_TITLES = {
  all: 'All tasks',
  open: 'Open tasks',
  mine: 'Your tasks',
  overdue: 'Overdue tasks',
} as const;

async function listTitle(deps: Pick<Deps, 'directory'>, filter: TaskListFilter): Promise<string> {
  const parts = [`*${SCOPE_TITLES[filter.scope]}*`];
  if (filter.siteId) {
    const site = await deps.directory.site(filter.siteId).catch(() => undefined);
    parts.push(`site ${safeName(site?.name ?? filter.siteId, 200)}`);
  }
  if (filter.priorityId)
    parts.push(`${priorityById(filter.priorityId)?.keyword ?? safeText(filter.priorityId, 20)} priority`);
  return parts.join(' · ');
}

export async function renderListPage(
  deps: Pick<Deps, 'directory'>,
  filter: TaskListFilter,
  page: TaskListPage,
) {
  return renderTaskList({
    title: await listTitle(deps, filter),
    tasks: page.tasks,
    overdueIds: page.overdueIds,
    next: page.next,
    previous: page.previous,
    first: page.first,
    shownBefore: page.offset,
    total: page.total,
    ...(page.capped ? { capped: { maxRows: MAX_ROWS_READ } } : {}),
    ...(page.asOf !== null ? { asOf: { at: page.asOf } } : {}),
  });
}

/** The first page of `/task list`, or a message saying exactly what to fix. */
export async function runTaskList(
  deps: Pick<Deps, 'directory' | 'tasks'>,
  client: WebClient,
  user: string,
  request: ListRequest,
): Promise<Rendered> {
  const filter: TaskListFilter = { scope: request.scope };
  if (request.priorityId) filter.priorityId = request.priorityId;
  if (request.siteText) {
    const match = await deps.directory.resolveSite(request.siteText);
    if (match.kind === 'none') {
      const known = (await deps.directory.sites()).map((s) => s.name).slice(0, 15);
      return renderNotice(
        `No site matches “${safeName(request.siteText, 100)}”. Sites: ${known.map((n) => safeName(n, 80)).join(', ') || 'none visible'}.\nUsage: \`${LIST_USAGE}\``,
      );
    }
    if (match.kind === 'many') {
      const names = match.sites.map((s) => `“${safeName(s.name, 80)}”`).slice(0, 15);
      return renderNotice(
        `“${safeName(request.siteText, 100)}” matches several sites: ${names.join(', ')}. Type more of the name.`,
      );
    }
    filter.siteId = match.site.id;
  }
  if (request.scope === 'mine') {
    const me = await deps.directory.people.platformUserFor(client, user);
    if (me.kind === 'no-email') {
      return renderNotice(
        'Your Slack profile shows no email to fieldline, so it cannot tell which platform user you are: ' +
          'ask a workspace admin to add one (or to let apps see emails), then try again.',
      );
    }
    if (me.kind === 'no-match') {
      return renderNotice(
        `fieldline knows no platform user with the email ${escapeMrkdwn(me.email)}, so “mine” is empty: ` +
          'ask a platform admin to add this email to your platform user.',
      );
    }
    filter.assigneeId = me.assignee.id;
  }
  return renderListPage(deps, filter, await deps.tasks.list(filter, undefined, { reuse: true }));
}
