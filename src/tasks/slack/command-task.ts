/**
 * /task: create (modal), new <title>, list …, require-photos …, help. `list` and `require-photos` become work
 * (one job kind for the command: `tasks.list`); the rest is answered on receipt.
 */
import type { Deps } from '../../base/deps.ts';
import { answer, answered, commandEntry, toWork } from '../../kit/entry.ts';
import { reportError } from '../../kit/errors.ts';
import { renderCommandHelp } from '../../kit/help/render-help.ts';
import { TASK_HELP } from '../render/task-help.ts';
import { openCreateTaskModal } from '../flows/create-open.ts';
import { runTaskList } from '../flows/list.ts';
import { LIST_USAGE, parseTaskCommand, type ListRequest, type TaskCommand } from '../rules/parse-command.ts';
import { workspaceKeyOf, type InstallationIds } from '../../kit/workspace.ts';
import { runRequirePhotos } from '../flows/photo-settings.ts';

export type TaskCommandDeps = Pick<Deps, 'directory' | 'tasks' | 'log' | 'store' | 'access'>;

type RequirePhotos = Extract<TaskCommand, { kind: 'require-photos' }>['command'];
/** What the work is handed: a list request (as ever), or a photo-rule command. */
type TaskWork = ListRequest | { requirePhotos: RequirePhotos };

export const taskCommand = (deps: TaskCommandDeps) =>
  commandEntry<TaskWork>({
    command: '/task',
    kind: 'tasks.list',
    becomesWork: (text) => {
      const kind = parseTaskCommand(text).kind;
      return kind === 'list' || kind === 'require-photos';
    },
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
          return answer(
            renderCommandHelp(TASK_HELP, `${parsed.message}\nUsage: \`${parsed.usage ?? LIST_USAGE}\``),
          );
        case 'create':
          await ack();
          await openCreateTaskModal(deps, client, command.trigger_id, {
            ...(parsed.title ? { name: parsed.title } : {}),
            replyChannel: command.channel_id,
          });
          return answered();
        case 'list':
          return toWork(parsed.request);
        case 'require-photos':
          return toWork({ requirePhotos: parsed.command });
      }
    },
    async work({ client, command, respond, context }, request) {
      try {
        if ('requirePhotos' in request) {
          const ws = workspaceKeyOf(context as InstallationIds);
          const text = await runRequirePhotos(deps, client, ws, request.requirePhotos);
          return void (await respond({ response_type: 'ephemeral', text }));
        }
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
