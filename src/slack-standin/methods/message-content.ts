/**
 * The message parts every posting path shares (chat.*, response_url, files.completeUploadExternal): text,
 * blocks and attachments checked against Slack's rules, and the message JSON Slack answers with.
 */
import { BOT_ID, BOT_USER_ID, APP_ID, TEAM } from '../seed.ts';
import { blockTextLength, MAX_MESSAGE_BLOCK_TEXT } from '../limits.ts';
import type { BlockKitValidator } from '../block-kit.ts';
import type { StandinState } from '../state.ts';
import { normalizeBlocks } from '../normalize.ts';
import type { JsonObject, StoredMessage } from '../types.ts';
import { ApiError, optionalString, validationError } from './context.ts';

/** Slack truncates message text beyond 40,000 characters. */
export const MAX_MESSAGE_TEXT = 40_000;

export interface MessageContent {
  text: string;
  blocks?: unknown[];
  attachments?: unknown[];
}

/** Checks text/blocks/attachments; `requireSome` = Slack's no_text when all are missing. */
export function messageContent(
  args: JsonObject,
  validator: BlockKitValidator,
  requireSome = true,
): MessageContent {
  const text = typeof args.text === 'string' ? args.text.slice(0, MAX_MESSAGE_TEXT) : '';
  const content: MessageContent = { text };
  if (args.blocks !== undefined && args.blocks !== null && args.blocks !== '') {
    if (!Array.isArray(args.blocks))
      throw validationError('invalid_blocks_format', ['blocks must be a JSON array']);
    const problems = validator.validateBlocks(args.blocks, 'message');
    if (problems.length > 0) throw validationError('invalid_blocks', problems);
    if (blockTextLength(args.blocks) > MAX_MESSAGE_BLOCK_TEXT) throw new ApiError('msg_blocks_too_long');
    if (args.blocks.length > 0) content.blocks = normalizeBlocks(args.blocks);
  }
  if (Array.isArray(args.attachments) && args.attachments.length > 0) content.attachments = args.attachments;
  if (requireSome && text === '' && !content.blocks && !content.attachments) throw new ApiError('no_text');
  return content;
}

/** A stored message as Slack returns it in `message` fields and interactivity payloads. */
export function messageJson(
  m: StoredMessage,
  fileJson: (id: string) => JsonObject = (id) => ({ id }),
): JsonObject {
  const json: JsonObject = { type: 'message', text: m.text, user: m.user, ts: m.ts, team: TEAM.id };
  if (m.bot_id) Object.assign(json, { bot_id: m.bot_id, app_id: APP_ID });
  if (m.blocks) json.blocks = m.blocks;
  if (m.attachments) json.attachments = m.attachments;
  if (m.thread_ts) json.thread_ts = m.thread_ts;
  if (m.edited) json.edited = m.edited;
  if (m.metadata) json.metadata = m.metadata;
  if (m.files) Object.assign(json, { files: m.files.map(fileJson), upload: true });
  return json;
}

export function botAuthor(): Pick<StoredMessage, 'user' | 'bot_id'> {
  return { user: BOT_USER_ID, bot_id: BOT_ID };
}

/**
 * Stores a message the bot sent by `via` (a Web API method, response_url, a command's ack), in the thread
 * `threadTs` when given; `extra` carries what only some paths set (ephemeralTo, files, metadata, …).
 */
export function storeBotMessage(
  state: StandinState,
  post: {
    channel: string;
    content: MessageContent;
    via: string;
    threadTs?: string | undefined;
    extra?: Partial<StoredMessage>;
  },
): StoredMessage {
  return state.addMessage({
    channel: post.channel,
    ts: state.nextTs(),
    ...botAuthor(),
    ...post.content,
    ...post.extra,
    via: post.via,
    ...(post.threadTs ? { thread_ts: post.threadTs } : {}),
  });
}

/** A bot post made by a Web API method, in the thread the method's `thread_ts` argument names (if any). */
export function storeMethodPost(
  state: StandinState,
  args: JsonObject,
  post: Omit<Parameters<typeof storeBotMessage>[1], 'threadTs'>,
): StoredMessage {
  return storeBotMessage(state, { ...post, threadTs: optionalString(args, 'thread_ts') });
}
