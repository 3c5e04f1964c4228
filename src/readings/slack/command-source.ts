/**
 * /source: search data sources (paged), `file <id>` to bring a platform file here, help. Help and a wrong file id
 * are answered in the ack; the search, or the file, is the work.
 */
import type { BaseDeps, Deps } from '../../base/deps.ts';
import { bringPlatformFile } from '../../files/index.ts';
import { fitMessage } from '../../kit/blocks/block-limits.ts';
import { escapeMrkdwn } from '../../kit/blocks/mrkdwn.ts';
import { answer, commandEntry, toWork } from '../../kit/entry.ts';
import { reportError } from '../../kit/errors.ts';
import { renderCommandHelp } from '../../kit/help/render-help.ts';
import { moreButtonValue } from '../../kit/more-cursor.ts';
import { commandTarget } from '../flows/reply-target.ts';
import { SOURCE_HELP } from '../render/readings-help.ts';
import { renderSourceList } from '../render/source-list.ts';

// One declaration per command, so one job kind for both works of /source (the search and `file <id>`).
const KIND = 'readings.source';

/** The work `/source <text>` asks for: a platform file to bring here, or a search. */
type SourceWork = { file: string } | { query: string };

/** What `/source <text>` is: an answer in the ack (help, a wrong file id), or the work. Pure: the door asks it too. */
function sourceCommandPlan(
  typed: string,
): { answer: ReturnType<typeof renderCommandHelp> } | { work: SourceWork } {
  const text = typed.trim().replace(/\s+/g, ' ');
  if (text === '' || /^(help|\?|-h|--help)$/i.test(text)) return { answer: renderCommandHelp(SOURCE_HELP) };
  const file = /^file(?: (\S*))?$/i.exec(text);
  if (file && !file[1])
    return {
      answer: renderCommandHelp(
        SOURCE_HELP,
        'Which file? Give the platform file id: `/source file <file id>`.',
      ),
    };
  if (file?.[1] && !/^\d{1,20}$/.test(file[1])) {
    // platform file ids are numbers (GET /files/{fileId}, e.g. 8001): say so before any platform call
    return {
      answer: renderCommandHelp(
        SOURCE_HELP,
        `“${file[1].slice(0, 40)}” is not a file id: platform file ids are numbers, e.g. \`/source file 8001\`.`,
      ),
    };
  }
  return { work: file?.[1] ? { file: file[1] } : { query: text } };
}

const becomesWork = (text: string): boolean => 'work' in sourceCommandPlan(text);

/** The job `/source <text>` becomes, or undefined (answered in the ack); the door test asks it. */
export const sourceCommandJob = (text: string): string | undefined => (becomesWork(text) ? KIND : undefined);

export const sourceCommand = (deps: BaseDeps & Pick<Deps, 'sources' | 'store' | 'clock'>) =>
  commandEntry<SourceWork>({
    command: '/source',
    kind: KIND,
    becomesWork,
    receive({ command }) {
      const plan = sourceCommandPlan(command.text);
      return 'answer' in plan ? answer(plan.answer) : toWork(plan.work);
    },
    async work({ command, client, respond }, asked) {
      try {
        if ('file' in asked) {
          // `/source file <fileId>` belongs to the file pipeline (src/files); in a conversation shared with
          // another organisation it goes to the person's DM, with a private offer to share it here.
          const { result, privateNote } = await bringPlatformFile(deps, {
            client,
            fileId: asked.file,
            channel: command.channel_id,
            channelName: command.channel_name,
            user: command.user_id,
          });
          if (!result.ok)
            await respond({ response_type: 'ephemeral', text: `:warning: ${escapeMrkdwn(result.reason)}` });
          else if (privateNote) await respond({ response_type: 'ephemeral', ...privateNote });
          return;
        }
        const page = await deps.sources.search(asked.query, null);
        const more = await moreButtonValue(deps.store, asked.query, page.next);
        await respond({
          response_type: 'ephemeral',
          ...fitMessage(renderSourceList(asked.query, page, deps.clock.now(), true, more)),
        });
      } catch (err) {
        await reportError(deps, commandTarget(command, client), err, { command: '/source' });
      }
    },
  });
