/**
 * "Readings 24 h" and "Export CSV" on source cards and reading answers, the choice between ambiguous sources after
 * /reading, and "Share in channel" under a private answer: each carries a data source id and a range (no
 * authority: the clicker's own key reads them again). Reading the pages and answering is the work.
 */
import { ephemeralNote } from '../../kit/blocks/ephemeral-note.ts';
import { actionEntry, toWork, type Entry } from '../../kit/entry.ts';
import { EXPIRED, valueOrExpired } from '../flows/expired-button.ts';
import { buttonValue } from '../flows/listener-args.ts';
import { readingForSource, type ReadingFlowDeps } from '../flows/readings.ts';
import { buttonTarget } from '../flows/reply-target.ts';
import { decodeSourceRange, prefixPattern, READING_ACTION, SOURCE_ACTION } from '../render/source-ids.ts';

/**
 * `exportIt`: what the button does; 'from-value' = as recorded in the value (the /reading choice, a share).
 * `share`: the person chose to post the answer in the conversation they clicked in (Slack's signed container).
 */
function readingButton(
  deps: ReadingFlowDeps,
  match: string | RegExp,
  kind: string,
  exportIt: boolean | 'from-value',
  share = false,
): Entry {
  return actionEntry<undefined>({
    match,
    kind,
    receive: () => toWork(undefined),
    async work({ body, action, client, respond }) {
      const value = await valueOrExpired(respond, decodeSourceRange(buttonValue(action)), EXPIRED.reading);
      if (!value) return;
      const wantsExport = exportIt === 'from-value' ? value.x === true : exportIt;
      const answered = await readingForSource(deps, buttonTarget(body, client), value.s, {
        spec: value.r,
        export: wantsExport,
        ...(share ? { sharedBy: body.user.id } : {}),
      });
      // The private answer gives way to a line saying it is shared (a second click would post it twice).
      if (share && answered)
        await respond({ ...ephemeralNote('You shared this in the channel.'), replace_original: true });
    },
  });
}

/** "Readings 24 h" on a source card or reading answer. */
export const sourceReadings = (deps: ReadingFlowDeps) =>
  readingButton(deps, SOURCE_ACTION.readings, 'readings.source-readings', false);

/** "Export CSV" on a source card or reading answer. */
export const sourceExport = (deps: ReadingFlowDeps) =>
  readingButton(deps, SOURCE_ACTION.export, 'readings.source-export', true);

/** A data source picked among several that matched `/reading <text>`: the range and export as asked. */
export const readingPickSource = (deps: ReadingFlowDeps) =>
  readingButton(deps, prefixPattern(READING_ACTION.pickSource), 'readings.pick-source', 'from-value');

/** "Share in channel" under an answer only its asker saw (a conversation shared with another organisation). */
export const readingShare = (deps: ReadingFlowDeps) =>
  readingButton(deps, READING_ACTION.share, 'readings.share', 'from-value', true);
