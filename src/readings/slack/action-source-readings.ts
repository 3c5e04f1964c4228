/**
 * "Readings 24 h" and "Export CSV" on source cards and reading answers, and the choice between ambiguous
 * sources after /reading: each carries a data source id and a range. Reading the pages and answering is the work.
 */
import { actionEntry, toWork, type Entry } from '../../kit/entry.ts';
import { EXPIRED, valueOrExpired } from '../flows/expired-button.ts';
import { buttonValue } from '../flows/listener-args.ts';
import { readingForSource, type ReadingFlowDeps } from '../flows/readings.ts';
import { buttonTarget } from '../flows/reply-target.ts';
import { decodeSourceRange, prefixPattern, READING_ACTION, SOURCE_ACTION } from '../render/source-ids.ts';

/** `exportIt`: what the button does; 'from-value' = as recorded in the value (the /reading choice). */
function readingButton(
  deps: ReadingFlowDeps,
  match: string | RegExp,
  kind: string,
  exportIt: boolean | 'from-value',
): Entry {
  return actionEntry<undefined>({
    match,
    kind,
    receive: () => toWork(undefined),
    async work({ body, action, client, respond }) {
      const value = await valueOrExpired(respond, decodeSourceRange(buttonValue(action)), EXPIRED.reading);
      if (!value) return;
      const wantsExport = exportIt === 'from-value' ? value.x === true : exportIt;
      await readingForSource(deps, buttonTarget(body, client), value.s, {
        spec: value.r,
        export: wantsExport,
      });
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
