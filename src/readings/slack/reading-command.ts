/** /reading <source name or id> [range] [export]. Thin: ack → parse → flow (after ack) → render. */
import type { CommandArgs } from './listener-args.ts';
import { commandTarget } from './source-target.ts';
import type { Deps } from '../../base/deps.ts';
import { handOff } from '../../runtime/jobs/hand-off.ts';
import { parseReadingArgs, ReadingRangeError, type ReadingArgs } from '../rules/range.ts';
import { readingForQuery } from './flows-readings.ts';
import { COMMAND_HELP } from '../../kit/help/commands.ts';
import { renderCommandHelp } from '../../kit/help/render-help.ts';

const help = COMMAND_HELP['/reading'];

/** What `/reading <text>` is: an answer in the ack (help, a range or source it cannot read), or the job. Pure. */
function readingCommandPlan(
  typed: string,
): { answer: ReturnType<typeof renderCommandHelp> } | { kind: 'readings.reading'; args: ReadingArgs } {
  const text = typed.trim();
  if (text === '' || /^(help|\?|-h|--help)$/i.test(text)) return { answer: renderCommandHelp(help) };
  let args;
  try {
    args = parseReadingArgs(text);
  } catch (err) {
    if (!(err instanceof ReadingRangeError)) throw err;
    return { answer: renderCommandHelp(help, err.message) };
  }
  if (args.sourceQuery === '')
    return { answer: renderCommandHelp(help, 'Which data source? Put its name or id before the range.') };
  return { kind: 'readings.reading', args };
}

/** The job `/reading <text>` becomes, or undefined: answered in the ack (the door asks it: src/runtime/jobs/door.ts). */
export function readingCommandJob(text: string): string | undefined {
  const plan = readingCommandPlan(text);
  return 'kind' in plan ? plan.kind : undefined;
}

export async function handleReadingCommand(
  listenerArgs: CommandArgs,
  deps: Pick<Deps, 'sources' | 'clock' | 'log' | 'monitoring'>,
): Promise<void> {
  const { ack, command, client } = listenerArgs;
  const plan = readingCommandPlan(command.text);
  if ('answer' in plan) return void (await ack(plan.answer));
  // Reading pages, the summary and the chart are a job's work (src/runtime/jobs/hand-off.ts).
  if (!(await handOff(listenerArgs, plan.kind))) return;
  const target = commandTarget(command, client);
  const { args } = plan;
  await readingForQuery(deps, target, args.sourceQuery, { spec: args.range, export: args.export });
}
