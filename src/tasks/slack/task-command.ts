/** /task: create (modal), new <title>, list …, help. Thin: ack → parse → service → render. */
import type { AllMiddlewareArgs, SlackCommandMiddlewareArgs } from '@slack/bolt';
import type { Deps } from '../../base/deps.ts';
import { reportError } from '../../kit/errors.ts';
import { handOff } from '../../runtime/jobs/hand-off.ts';
import { COMMAND_HELP } from '../../kit/help/commands.ts';
import { renderCommandHelp } from '../../kit/help/render-help.ts';
import { openCreateTaskModal } from './task-create-open.ts';
import { runTaskList } from './task-list.ts';
import { LIST_USAGE, parseTaskCommand } from './task-parse.ts';

const help = COMMAND_HELP['/task'];

export type TaskCommandDeps = Pick<Deps, 'directory' | 'tasks' | 'log'>;

const LIST_JOB = 'tasks.list';

/** The job `/task <text>` becomes (a list), or undefined: answered in the ack or by a modal. Pure: the door asks it. */
export function taskCommandJob(text: string): string | undefined {
  return parseTaskCommand(text).kind === 'list' ? LIST_JOB : undefined;
}

export async function handleTaskCommand(
  args: SlackCommandMiddlewareArgs & AllMiddlewareArgs,
  deps: TaskCommandDeps,
): Promise<void> {
  const { ack, command, client, respond } = args;
  const parsed = parseTaskCommand(command.text);
  switch (parsed.kind) {
    case 'help':
      await ack(renderCommandHelp(help));
      return;
    case 'unknown':
      await ack(
        renderCommandHelp(
          help,
          `I don't know \`/task ${parsed.text.slice(0, 80)}\`. Here is what /task can do:`,
        ),
      );
      return;
    case 'invalid':
      await ack(renderCommandHelp(help, `${parsed.message}\nUsage: \`${LIST_USAGE}\``));
      return;
    case 'create':
      await ack();
      await openCreateTaskModal(deps, client, command.trigger_id, {
        ...(parsed.title ? { name: parsed.title } : {}),
        replyChannel: command.channel_id,
      });
      return;
    case 'list':
      // The list is read and rendered as a job, after the ack (src/runtime/jobs/hand-off.ts).
      if (!(await handOff(args, LIST_JOB))) return;
      try {
        const reply = await runTaskList(deps, client, command.user_id, parsed.request);
        await respond({ response_type: 'ephemeral', ...reply });
      } catch (err) {
        await reportError(
          deps,
          { client, channel: command.channel_id, user: command.user_id, responseUrl: command.response_url },
          err,
        );
      }
      return;
  }
}
