/**
 * "More" under /source results: the next page, with the same search text and the cursor verbatim. The stored
 * cursor and the next page are the work.
 */
import type { Deps } from '../../base/deps.ts';
import { fitMessage } from '../../kit/blocks/block-limits.ts';
import { actionEntry, toWork } from '../../kit/entry.ts';
import { reportError } from '../../kit/errors.ts';
import { moreButtonValue, readMoreButton } from '../../kit/more-cursor.ts';
import { EXPIRED, valueOrExpired } from '../flows/expired-button.ts';
import { buttonValue } from '../flows/listener-args.ts';
import { buttonTarget } from '../flows/reply-target.ts';
import { SOURCE_ACTION } from '../render/source-ids.ts';
import { renderSourceList } from '../render/source-list.ts';

export const sourceMore = (deps: Pick<Deps, 'sources' | 'store' | 'clock' | 'log'>) =>
  actionEntry<undefined>({
    match: SOURCE_ACTION.more,
    kind: 'readings.source-more',
    receive: () => toWork(undefined),
    async work({ body, action, client, respond }) {
      const stored = await readMoreButton(deps.store, buttonValue(action));
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
    },
  });
