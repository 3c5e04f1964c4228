/** What the Home tab's button listeners receive (block_actions from the Home view). */
import type { AllMiddlewareArgs, BlockAction, SlackActionMiddlewareArgs } from '@slack/bolt';

export type HomeActionArgs = SlackActionMiddlewareArgs<BlockAction> & AllMiddlewareArgs;
