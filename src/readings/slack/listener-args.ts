/** What Bolt hands each readings listener, by kind: the named handlers take these and only the deps they use. */
import type {
  AllMiddlewareArgs,
  BlockButtonAction,
  MessageShortcut,
  SlackActionMiddlewareArgs,
  SlackCommandMiddlewareArgs,
  SlackEventMiddlewareArgs,
  SlackOptionsMiddlewareArgs,
  SlackShortcutMiddlewareArgs,
  SlackViewMiddlewareArgs,
  ViewSubmitAction,
} from '@slack/bolt';

export type CommandArgs = SlackCommandMiddlewareArgs & AllMiddlewareArgs;
export type ButtonArgs = SlackActionMiddlewareArgs<BlockButtonAction> & AllMiddlewareArgs;
export type SubmitArgs = SlackViewMiddlewareArgs<ViewSubmitAction> & AllMiddlewareArgs;
export type SuggestionArgs = SlackOptionsMiddlewareArgs<'block_suggestion'> & AllMiddlewareArgs;
export type MessageShortcutArgs = SlackShortcutMiddlewareArgs<MessageShortcut> & AllMiddlewareArgs;
export type MessageEventArgs = SlackEventMiddlewareArgs<'message'> & AllMiddlewareArgs;
