/** "More" under /source results: the next page, with the same search text and the cursor verbatim. */
import type { ButtonArgs } from './listener-args.ts';
import { EXPIRED, valueOrExpired } from './expired-button.ts';
import type { Deps } from '../../base/deps.ts';
import { moreButtonValue, readMoreButton } from '../../kit/more-cursor.ts';
import { SOURCE_ACTION } from '../render/source-ids.ts';
import { fitMessage } from '../../kit/blocks/block-limits.ts';
import { renderSourceList } from '../render/source-list.ts';
import { reportError } from '../../kit/errors.ts';
import { buttonTarget } from './source-target.ts';
import { handOff } from '../../runtime/jobs/hand-off.ts';

export async function handleSourceMore(
  args: ButtonArgs,
  deps: Pick<Deps, 'sources' | 'store' | 'clock' | 'log'>,
): Promise<void> {
  const { body, action, client, respond } = args;
  // The stored cursor and the next page are a job's work (src/runtime/jobs/hand-off.ts).
  if (!(await handOff(args, 'readings.source-more'))) return;
  const stored = await readMoreButton(deps.store, action.value);
  const more = await valueOrExpired(respond, stored, EXPIRED.sourceMore);
  if (!more) return;
  try {
    const page = await deps.sources.search(more.t, more.c);
    const next = await moreButtonValue(deps.store, more.t, page.next);
    await respond({
      response_type: 'ephemeral',
      replace_original: false,
      ...fitMessage(renderSourceList(more.t, page, deps.clock.now(), false, next)),
    });
  } catch (err) {
    await reportError(deps, buttonTarget(body, client), err, { action: SOURCE_ACTION.more });
  }
}
