/**
 * What Bolt hands the readings listeners that are answered on receipt only (a button that opens a modal, the
 * shortcut, the option list); declared entries take the argument types of src/kit/entry.ts.
 */
import type {
  AllMiddlewareArgs,
  BlockAction,
  BlockButtonAction,
  MessageShortcut,
  SlackActionMiddlewareArgs,
  SlackOptionsMiddlewareArgs,
  SlackShortcutMiddlewareArgs,
} from '@slack/bolt';

export type ButtonArgs = SlackActionMiddlewareArgs<BlockButtonAction> & AllMiddlewareArgs;
export type SuggestionArgs = SlackOptionsMiddlewareArgs<'block_suggestion'> & AllMiddlewareArgs;
export type MessageShortcutArgs = SlackShortcutMiddlewareArgs<MessageShortcut> & AllMiddlewareArgs;

/** A clicked button's value (a declared action entry is told of any block action; ours are buttons). */
export function buttonValue(action: BlockAction['actions'][number]): string | undefined {
  return 'value' in action ? action.value : undefined;
}
