/**
 * "Readings 24 h" and "Export CSV" on source cards and reading answers, and the choice between ambiguous
 * sources after /reading: each carries a data source id and a range.
 */
import type { ButtonArgs } from './listener-args.ts';
import { EXPIRED, valueOrExpired } from './expired-button.ts';
import { readingForSource, type ReadingFlowDeps } from './flows-readings.ts';
import { decodeSourceRange } from '../render/source-ids.ts';
import { buttonTarget } from './source-target.ts';

/** `exportIt`: what the button does; 'from-value' = as recorded in the value (the /reading choice). */
async function readingButton(
  { ack, body, action, client, respond }: ButtonArgs,
  deps: ReadingFlowDeps,
  exportIt: boolean | 'from-value',
): Promise<void> {
  await ack();
  const value = await valueOrExpired(respond, decodeSourceRange(action.value), EXPIRED.reading);
  if (!value) return;
  const wantsExport = exportIt === 'from-value' ? value.x === true : exportIt;
  await readingForSource(deps, buttonTarget(body, client), value.s, { spec: value.r, export: wantsExport });
}

/** "Readings 24 h" on a source card or reading answer. */
export const handleSourceReadings = (args: ButtonArgs, deps: ReadingFlowDeps) =>
  readingButton(args, deps, false);

/** "Export CSV" on a source card or reading answer. */
export const handleSourceExport = (args: ButtonArgs, deps: ReadingFlowDeps) =>
  readingButton(args, deps, true);

/** A data source picked among several that matched `/reading <text>`: the range and export as asked. */
export const handleReadingPickSource = (args: ButtonArgs, deps: ReadingFlowDeps) =>
  readingButton(args, deps, 'from-value');
