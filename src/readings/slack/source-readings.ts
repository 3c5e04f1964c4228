/**
 * "Readings 24 h" and "Export CSV" on source cards and reading answers, and the choice between ambiguous
 * sources after /reading: each carries a data source id and a range.
 */
import type { ButtonArgs } from './listener-args.ts';
import { EXPIRED, valueOrExpired } from './expired-button.ts';
import { readingForSource, type ReadingFlowDeps } from './flows-readings.ts';
import { decodeSourceRange } from '../render/source-ids.ts';
import { buttonTarget } from './source-target.ts';
import { handOff } from '../../runtime/jobs/hand-off.ts';

/**
 * `exportIt`: what the button does; 'from-value' = as recorded in the value (the /reading choice). `kind`: the
 * job that reads the pages and answers (src/runtime/jobs/hand-off.ts).
 */
async function readingButton(
  args: ButtonArgs,
  deps: ReadingFlowDeps,
  exportIt: boolean | 'from-value',
  kind: string,
): Promise<void> {
  const { body, action, client, respond } = args;
  if (!(await handOff(args, kind))) return;
  const value = await valueOrExpired(respond, decodeSourceRange(action.value), EXPIRED.reading);
  if (!value) return;
  const wantsExport = exportIt === 'from-value' ? value.x === true : exportIt;
  await readingForSource(deps, buttonTarget(body, client), value.s, { spec: value.r, export: wantsExport });
}

/** "Readings 24 h" on a source card or reading answer. */
export const handleSourceReadings = (args: ButtonArgs, deps: ReadingFlowDeps) =>
  readingButton(args, deps, false, 'readings.source-readings');

/** "Export CSV" on a source card or reading answer. */
export const handleSourceExport = (args: ButtonArgs, deps: ReadingFlowDeps) =>
  readingButton(args, deps, true, 'readings.source-export');

/** A data source picked among several that matched `/reading <text>`: the range and export as asked. */
export const handleReadingPickSource = (args: ButtonArgs, deps: ReadingFlowDeps) =>
  readingButton(args, deps, 'from-value', 'readings.pick-source');
