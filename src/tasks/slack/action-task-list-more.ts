/**
 * "More", "Previous" and "First page" under `/task list`: the page a stored token names, replacing the list in
 * place. The token only names a filter and a place in the list: the page is read with the presser's own key.
 */
import { decodeValue } from '../../kit/button-value.ts';
import { z } from 'zod';
import type { Deps } from '../../base/deps.ts';
import { actionEntry, toWork } from '../../kit/entry.ts';
import { reportError } from '../../kit/errors.ts';
import { TASK_ACTION } from '../render/task-ids.ts';
import { renderNotice } from '../render/task-notices.ts';
import { renderListPage } from '../flows/list.ts';
import { actionFacts } from '../flows/action-context.ts';

/** `n` (how many were shown before) is what older buttons carried: the page now says where it starts itself. */
const pageValue = z.object({ t: z.string(), n: z.number().int().nonnegative().optional() });

const PAGING = new RegExp(
  `^(?:${TASK_ACTION.listMore}|${TASK_ACTION.listPrevious}|${TASK_ACTION.listFirst})$`,
);

export const taskListMore = (deps: Pick<Deps, 'tasks' | 'directory' | 'log'>) =>
  actionEntry({
    match: PAGING,
    kind: 'tasks.list-more',
    // Nothing to check on receipt: the next page is read and rendered as a job, like the list itself.
    receive: () => toWork(undefined),
    async work({ body, client, respond }) {
      const facts = actionFacts(body);
      try {
        const token = decodeValue(pageValue, facts.value);
        const page = token ? await deps.tasks.listMore(token.t) : undefined;
        if (!page) {
          await respond({
            response_type: 'ephemeral',
            replace_original: false,
            ...renderNotice('This list has expired. Run `/task list` again.'),
          });
          return;
        }
        const reply = await renderListPage(deps, page.filter, page);
        await respond({ response_type: 'ephemeral', replace_original: true, ...reply });
      } catch (err) {
        await reportError(
          deps,
          {
            client,
            user: facts.user,
            ...(facts.channel ? { channel: facts.channel } : {}),
            ...(facts.responseUrl ? { responseUrl: facts.responseUrl } : {}),
          },
          err,
        );
      }
    },
  });
