/** /task: create (modal), new <title>, list …, help. Only `list` becomes work; the rest is answered on receipt. */
import type { Deps } from '../../base/deps.ts';
import { answer, answered, commandEntry, toWork } from '../../kit/entry.ts';
import { reportError } from '../../kit/errors.ts';
import { renderCommandHelp } from '../../kit/help/render-help.ts';
import { TASK_HELP } from '../render/task-help.ts';
import { openCreateTaskModal } from '../flows/create-open.ts';
import { runTaskList } from '../flows/list.ts';
import { LIST_USAGE, parseTaskCommand, type ListRequest } from '../rules/parse-command.ts';

export type TaskCommandDeps = Pick<Deps, 'directory' | 'tasks' | 'log'>;

export const taskCommand = (deps: TaskCommandDeps) =>
  commandEntry<ListRequest>({
    command: '/task',
    kind: 'tasks.list',
    becomesWork: (text) => parseTaskCommand(text).kind === 'list',
    async receive({ ack, command, client }) {
      const parsed = parseTaskCommand(command.text);
      switch (parsed.kind) {
        case 'help':
          return answer(renderCommandHelp(TASK_HELP));
        case 'unknown':
          return answer(
            renderCommandHelp(
              TASK_HELP,
              `I don't know \`/task ${parsed.text.slice(0, 80)}\`. Here is what /task can do:`,
            ),
          );
        case 'invalid':
          return answer(renderCommandHelp(TASK_HELP, `${parsed.message}\nUsage: \`${LIST_USAGE}\``));
        case 'create':
          await ack();
          await openCreateTaskModal(deps, client, command.trigger_id, {
            ...(parsed.title ? { name: parsed.title } : {}),
            replyChannel: command.channel_id,
          });
          return answered();
        case 'list':
          return toWork(parsed.request);
      }
    },
    async work({ client, command, respond }, request) {
      try {
        const reply = await runTaskList(deps, client, command.user_id, request);
        await respond({ response_type: 'ephemeral', ...reply });
      } catch (err) {
        await reportError(
          deps,
          { client, channel: command.channel_id, user: command.user_id, responseUrl: command.response_url },
          err,
        );
      }
    },
  });
