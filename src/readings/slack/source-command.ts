/** /source: search data sources (paged), `file <id>` to bring a platform file here, help. Thin: ack → service → render. */
import type { CommandArgs } from './listener-args.ts';
import { commandTarget } from './source-target.ts';
import type { BaseDeps, Deps } from '../../base/deps.ts';
import { sendPlatformFileToSlack } from '../../files/index.ts';
import { moreButtonValue } from '../../kit/more-cursor.ts';
import { escapeMrkdwn } from '../../kit/blocks/mrkdwn.ts';
import { fitMessage } from '../../kit/blocks/block-limits.ts';
import { renderSourceList } from '../render/source-list.ts';
import { reportError } from '../../kit/errors.ts';
import { handOff } from '../../runtime/jobs/hand-off.ts';
import { COMMAND_HELP } from '../../kit/help/commands.ts';
import { renderCommandHelp } from '../../kit/help/render-help.ts';

const help = COMMAND_HELP['/source'];

/** What `/source <text>` is: an answer in the ack (help, a wrong file id), or a job. Pure: the door asks it too. */
type SourcePlan =
  | { answer: ReturnType<typeof renderCommandHelp> }
  | { kind: 'files.platform-file'; fileId: string }
  | { kind: 'readings.source-search'; query: string };

function sourceCommandPlan(typed: string): SourcePlan {
  const text = typed.trim().replace(/\s+/g, ' ');
  if (text === '' || /^(help|\?|-h|--help)$/i.test(text)) return { answer: renderCommandHelp(help) };
  const file = /^file(?: (\S*))?$/i.exec(text);
  if (file && !file[1])
    return {
      answer: renderCommandHelp(help, 'Which file? Give the platform file id: `/source file <file id>`.'),
    };
  if (file?.[1] && !/^\d{1,20}$/.test(file[1])) {
    // platform file ids are numbers (GET /files/{fileId}, e.g. 8001): say so before any platform call
    return {
      answer: renderCommandHelp(
        help,
        `“${file[1].slice(0, 40)}” is not a file id: platform file ids are numbers, e.g. \`/source file 8001\`.`,
      ),
    };
  }
  return file?.[1]
    ? { kind: 'files.platform-file', fileId: file[1] }
    : { kind: 'readings.source-search', query: text };
}

/** The job `/source <text>` becomes, or undefined: answered in the ack (the door asks it: src/runtime/jobs/door.ts). */
export function sourceCommandJob(text: string): string | undefined {
  const plan = sourceCommandPlan(text);
  return 'kind' in plan ? plan.kind : undefined;
}

export async function handleSourceCommand(
  args: CommandArgs,
  deps: BaseDeps & Pick<Deps, 'sources' | 'store' | 'clock'>,
): Promise<void> {
  const { ack, command, client, respond } = args;
  const plan = sourceCommandPlan(command.text);
  if ('answer' in plan) return void (await ack(plan.answer));
  if (!(await handOff(args, plan.kind))) return;
  const target = commandTarget(command, client);
  try {
    if (plan.kind === 'files.platform-file') {
      // `/source file <fileId>` belongs to the file pipeline (services/file-transfer).
      const sent = await sendPlatformFileToSlack(deps, {
        client,
        fileId: plan.fileId,
        channel: command.channel_id,
      });
      if (!sent.ok)
        await respond({ response_type: 'ephemeral', text: `:warning: ${escapeMrkdwn(sent.reason)}` });
      return;
    }
    const text = plan.query;
    const page = await deps.sources.search(text, null);
    const more = await moreButtonValue(deps.store, text, page.next);
    await respond({
      response_type: 'ephemeral',
      ...fitMessage(renderSourceList(text, page, deps.clock.now(), true, more)),
    });
  } catch (err) {
    await reportError(deps, target, err, { command: '/source' });
  }
}
