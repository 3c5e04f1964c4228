/** "Details" on a /source result: the data source card, ephemeral, below the list. */
import type { ButtonArgs } from './listener-args.ts';
import type { Deps } from '../../base/deps.ts';
import { renderSourceDetail } from '../render/source-detail.ts';
import { SOURCE_ACTION } from '../render/source-ids.ts';
import { reportError } from '../../kit/errors.ts';
import { buttonTarget } from './source-target.ts';
import { handOff } from '../../runtime/jobs/hand-off.ts';

export async function handleSourceDetails(
  args: ButtonArgs,
  deps: Pick<Deps, 'sources' | 'clock' | 'log'>,
): Promise<void> {
  const { body, action, client, respond } = args;
  // Loading the source is a job's work (src/runtime/jobs/hand-off.ts).
  if (!(await handOff(args, 'readings.source-details'))) return;
  try {
    const source = await deps.sources.load(action.value ?? '');
    await respond({
      response_type: 'ephemeral',
      replace_original: false,
      ...renderSourceDetail(source, deps.clock.now()),
    });
  } catch (err) {
    await reportError(deps, buttonTarget(body, client), err, { action: SOURCE_ACTION.details });
  }
}
