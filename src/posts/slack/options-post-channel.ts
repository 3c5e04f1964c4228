/**
 * Options for the post modal's platform-channel picker (block_suggestion). Slack waits 3 s for options, so the
 * answer is bounded: a slow platform yields an explanatory empty list instead of a timeout.
 */
import type { AllMiddlewareArgs, SlackOptionsMiddlewareArgs } from '@slack/bolt';
import type { Deps } from '../../base/deps.ts';
import { filterChannels } from '../service/posts-service.ts';
import { within } from '../../kit/time-budget.ts';
import { channelOption } from '../render/post-modal.ts';

const ANSWER_WITHIN_MS = 2_500;

export type PostOptionsArgs = SlackOptionsMiddlewareArgs<'block_suggestion'> & AllMiddlewareArgs;

export async function handlePostChannelOptions(
  { ack, options }: PostOptionsArgs,
  deps: Pick<Deps, 'posts' | 'log'>,
): Promise<void> {
  try {
    const channels = await within(deps.posts.channels.list(), ANSWER_WITHIN_MS);
    if (!channels) deps.log.warn('post channel options: the platform did not answer in time');
    const matches = filterChannels(channels ?? [], options.value ?? '');
    await ack({ options: matches.map((c) => channelOption(c.value ?? c.channelId, c.label)) });
  } catch (err) {
    deps.log.warn({ err }, 'post channel options unavailable');
    await ack({ options: [] });
  }
}
