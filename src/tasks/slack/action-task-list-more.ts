/** "More" under `/task list`: the next page from the stored platform cursor, replacing the list in place. */
import { decodeValue } from '../../kit/button-value.ts';
import { z } from 'zod';
import type { Deps } from '../../base/deps.ts';
import { actionEntry, toWork } from '../../kit/entry.ts';
import { reportError } from '../../kit/errors.ts';
import { TASK_ACTION } from '../render/task-ids.ts';
import { renderNotice } from '../render/task-notices.ts';
import { renderListPage } from '../flows/list.ts';
import { actionFacts } from '../flows/action-context.ts';

const moreValue = z.object({ t: z.string(), n: z.number().int().nonnegative() });

export const taskListMore = (deps: Pick<Deps, 'tasks' | 'directory' | 'log'>) =>
  actionEntry({
    match: TASK_ACTION.listMore,
    kind: 'tasks.list-more',
    // Nothing to check on receipt: the next page is read and rendered as a job, like the list itself.
    receive: () => toWork(undefined),
    async work({ body, client, respond }) {
      const facts = actionFacts(body);
      try {
        const more = decodeValue(moreValue, facts.value);
        const page = more ? await deps.tasks.listMore(more.t) : undefined;
        if (!more || !page) {
          await respond({
            response_type: 'ephemeral',
            replace_original: false,
            ...renderNotice('This list has expired. Run `/task list` again.'),
          });
          return;
        }
        const reply = await renderListPage(deps, page.filter, page, more.n);
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
