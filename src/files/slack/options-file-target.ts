/** Options for the upload modal's site/data-source picker (block_suggestion), answered within Slack's 3 s. */
import type { AllMiddlewareArgs, SlackOptionsMiddlewareArgs } from '@slack/bolt';
import type { BaseDeps } from '../../base/deps.ts';
import { filterTargets, listUploadTargets } from '../service/upload-targets.ts';
import { within } from '../../kit/time-budget.ts';
import { truncate } from '../../kit/blocks/mrkdwn.ts';

const ANSWER_WITHIN_MS = 2_500;

export type FileOptionsArgs = SlackOptionsMiddlewareArgs<'block_suggestion'> & AllMiddlewareArgs;

export async function handleFileTargetOptions(
  { ack, options }: FileOptionsArgs,
  deps: BaseDeps,
): Promise<void> {
  try {
    const targets = await within(listUploadTargets(deps), ANSWER_WITHIN_MS);
    if (!targets) deps.log.warn('upload target options: the platform did not answer in time');
    const matches = filterTargets(targets ?? [], options.value ?? '');
    await ack({
      options: matches.map((t) => ({
        text: { type: 'plain_text', text: truncate(t.label, 75) },
        value: t.value,
      })),
    });
  } catch (err) {
    deps.log.warn({ err }, 'upload target options unavailable');
    await ack({ options: [] });
  }
}
