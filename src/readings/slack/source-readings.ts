/**
 * "Readings 24 h" and "Export CSV" on source cards and reading answers, and the choice between ambiguous
 * sources after /reading: each carries a data source id and a range.
 */
import type { AllMiddlewareArgs, App, BlockButtonAction, SlackActionMiddlewareArgs } from '@slack/bolt';
import type { Deps } from '../../deps.ts';
import { readingForSource } from './flows-readings.ts';
import { decodeSourceRange, prefixPattern, READING_ACTION, SOURCE_ACTION } from '../render/source-ids.ts';
import { buttonTarget } from './source-target.ts';

type Args = SlackActionMiddlewareArgs<BlockButtonAction> & AllMiddlewareArgs;

/** `exportIt`: what the button does; 'from-value' = as recorded in the value (the /reading choice). */
function handler(deps: Deps, exportIt: boolean | 'from-value') {
  return async ({ ack, body, action, client, respond }: Args): Promise<void> => {
    await ack();
    const value = decodeSourceRange(action.value);
    if (!value) {
      await respond({
        response_type: 'ephemeral',
        replace_original: false,
        text: 'That button has expired: ask again with `/reading`.',
      });
      return;
    }
    const wantsExport = exportIt === 'from-value' ? value.x === true : exportIt;
    await readingForSource(deps, buttonTarget(body, client), value.s, { spec: value.r, export: wantsExport });
  };
}

export function registerSourceReadings(app: App, deps: Deps): void {
  app.action<BlockButtonAction>(SOURCE_ACTION.readings, handler(deps, false));
  app.action<BlockButtonAction>(SOURCE_ACTION.export, handler(deps, true));
  app.action<BlockButtonAction>(prefixPattern(READING_ACTION.pickSource), handler(deps, 'from-value'));
}
