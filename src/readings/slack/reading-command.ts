/** /reading <source name or id> [range] [export]. Thin: ack → parse → flow (after ack) → render. */
import type { CommandArgs } from './listener-args.ts';
import { commandTarget } from './source-target.ts';
import type { Deps } from '../../deps.ts';
import { handOff } from '../../kit/jobs/hand-off.ts';
import { parseReadingArgs, ReadingRangeError } from '../rules/range.ts';
import { readingForQuery } from './flows-readings.ts';
import { COMMAND_HELP } from '../../kit/help/commands.ts';
import { renderCommandHelp } from '../../kit/help/render-help.ts';

const help = COMMAND_HELP['/reading'];

export async function handleReadingCommand(
  listenerArgs: CommandArgs,
  deps: Pick<Deps, 'sources' | 'clock' | 'log' | 'monitoring'>,
): Promise<void> {
  const { ack, command, client } = listenerArgs;
  const text = command.text.trim();
  if (text === '' || /^(help|\?|-h|--help)$/i.test(text)) {
    await ack(renderCommandHelp(help));
    return;
  }
  let args;
  try {
    args = parseReadingArgs(text);
  } catch (err) {
    if (!(err instanceof ReadingRangeError)) throw err;
    await ack(renderCommandHelp(help, err.message));
    return;
  }
  if (args.sourceQuery === '') {
    await ack(renderCommandHelp(help, 'Which data source? Put its name or id before the range.'));
    return;
  }
  // Reading pages, the summary and the chart are a job's work (src/kit/jobs/hand-off.ts).
  if (!(await handOff(listenerArgs, 'readings.reading'))) return;
  const target = commandTarget(command, client);
  await readingForQuery(deps, target, args.sourceQuery, { spec: args.range, export: args.export });
}
