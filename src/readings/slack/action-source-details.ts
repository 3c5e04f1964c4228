/** "Details" on a /source result: the data source card, ephemeral, below the list. Loading the source is the work. */
import type { Deps } from '../../base/deps.ts';
import { actionEntry, toWork } from '../../kit/entry.ts';
import { reportError } from '../../kit/errors.ts';
import { buttonValue } from '../flows/listener-args.ts';
import { buttonTarget } from '../flows/reply-target.ts';
import { renderSourceDetail } from '../render/source-detail.ts';
import { prefixPattern, SOURCE_ACTION } from '../render/source-ids.ts';

export const sourceDetails = (deps: Pick<Deps, 'sources' | 'clock' | 'log'>) =>
  actionEntry<undefined>({
    match: prefixPattern(SOURCE_ACTION.details),
    kind: 'readings.source-details',
    receive: () => toWork(undefined),
    async work({ body, action, client, respond }) {
      try {
        const source = await deps.sources.load(buttonValue(action) ?? '');
        await respond({
          response_type: 'ephemeral',
          replace_original: false,
          ...renderSourceDetail(source, deps.clock.now()),
        });
      } catch (err) {
        await reportError(deps, buttonTarget(body, client), err, { action: SOURCE_ACTION.details });
      }
    },
  });
