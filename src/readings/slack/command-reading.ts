/**
 * /reading <source name or id> [range] [export]. Help, a range or a source it cannot read are answered in the ack;
 * reading the pages, the summary and the chart are the work, with what was parsed on receipt.
 */
import type { Deps } from '../../base/deps.ts';
import { answer, commandEntry, toWork } from '../../kit/entry.ts';
import { renderCommandHelp } from '../../kit/help/render-help.ts';
import { readingForQuery } from '../flows/readings.ts';
import { commandTarget } from '../flows/reply-target.ts';
import { READING_HELP } from '../render/readings-help.ts';
import { parseReadingArgs, ReadingRangeError, type ReadingArgs } from '../rules/range.ts';

const KIND = 'readings.reading';

/** What was parsed, and the range words as typed after the source name (kept in a "did you mean"). */
type ReadingWork = ReadingArgs & { typed: string };

/** What `/reading <text>` is: an answer in the ack (help, a range or source it cannot read), or the work. Pure. */
function readingCommandPlan(
  typed: string,
): { answer: ReturnType<typeof renderCommandHelp> } | { args: ReadingWork } {
  const text = typed.trim();
  if (text === '' || /^(help|\?|-h|--help)$/i.test(text)) return { answer: renderCommandHelp(READING_HELP) };
  let args;
  try {
    args = parseReadingArgs(text);
  } catch (err) {
    if (!(err instanceof ReadingRangeError)) throw err;
    return { answer: renderCommandHelp(READING_HELP, err.message) };
  }
  if (args.sourceQuery === '')
    return {
      answer: renderCommandHelp(READING_HELP, 'Which data source? Put its name or id before the range.'),
    };
  // parseReadingArgs reads the text with its spaces collapsed; the source name is the start of it
  const tail = text.replace(/\s+/g, ' ').slice(args.sourceQuery.length).trim();
  return { args: { ...args, typed: tail } };
}

const becomesWork = (text: string): boolean => 'args' in readingCommandPlan(text);

/** The job `/reading <text>` becomes, or undefined (answered in the ack); the door test asks it. */
export const readingCommandJob = (text: string): string | undefined => (becomesWork(text) ? KIND : undefined);

export const readingCommand = (deps: Pick<Deps, 'sources' | 'clock' | 'log' | 'monitoring' | 'store'>) =>
  commandEntry<ReadingWork>({
    command: '/reading',
    kind: KIND,
    becomesWork,
    receive({ command }) {
      const plan = readingCommandPlan(command.text);
      return 'answer' in plan ? answer(plan.answer) : toWork(plan.args);
    },
    async work({ command, client }, args) {
      await readingForQuery(deps, commandTarget(command, client), args.sourceQuery, {
        spec: args.range,
        export: args.export,
        ...(args.typed ? { typed: args.typed } : {}),
      });
    },
  });
