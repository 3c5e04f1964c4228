/** "Details" on a /source result: the data source card, ephemeral, below the list. */
import type { App, BlockButtonAction } from '@slack/bolt';
import type { Deps } from '../../deps.ts';
import { renderSourceDetail } from '../render/source-detail.ts';
import { prefixPattern, SOURCE_ACTION } from '../render/source-ids.ts';
import { reportError } from '../../kit/errors.ts';
import { buttonTarget } from './source-target.ts';

export function registerSourceDetails(app: App, deps: Deps): void {
  app.action<BlockButtonAction>(
    prefixPattern(SOURCE_ACTION.details),
    async ({ ack, body, action, client, respond }) => {
      await ack();
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
    },
  );
}
