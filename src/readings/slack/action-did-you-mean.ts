/**
 * "Did you mean Main Energy Meter?" under a /reading that named no source: runs the same request with that name.
 * The value is no authority: it carries only words the person could have typed, and the clicker's own key resolves
 * the name again (one match answers, several offer a choice, none says so).
 */
import { ephemeralNote } from '../../kit/blocks/ephemeral-note.ts';
import { safeName } from '../../kit/blocks/mrkdwn.ts';
import { actionEntry, toWork } from '../../kit/entry.ts';
import { EXPIRED, valueOrExpired } from '../flows/expired-button.ts';
import { buttonValue } from '../flows/listener-args.ts';
import { readingForQuery, type ReadingFlowDeps } from '../flows/readings.ts';
import { buttonTarget } from '../flows/reply-target.ts';
import { correctedCommand } from '../render/reading-suggest.ts';
import { decodeNameRange, prefixPattern, READING_ACTION } from '../render/source-ids.ts';

export const readingDidYouMean = (deps: ReadingFlowDeps) =>
  actionEntry<undefined>({
    match: prefixPattern(READING_ACTION.didYouMean),
    kind: 'readings.did-you-mean',
    receive: () => toWork(undefined),
    async work({ body, action, client, respond }) {
      const value = await valueOrExpired(respond, decodeNameRange(buttonValue(action)), EXPIRED.reading);
      if (!value) return;
      // The offer gives way to what was chosen (a second click would ask twice).
      await respond({
        ...ephemeralNote(`Running \`${safeName(correctedCommand(value.n, value.t), 400)}\`…`),
        replace_original: true,
      });
      await readingForQuery(deps, buttonTarget(body, client), value.n, {
        spec: value.r,
        export: value.x === true,
        ...(value.t ? { typed: value.t } : {}),
      });
    },
  });
