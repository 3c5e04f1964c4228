/**
 * The console's request bodies, checked with zod at the boundary (the browser is as untrusted as any client).
 * Unknown keys pass through; missing or mistyped ones answer 400 with the zod message.
 */
import { z } from 'zod';

const id = z.string().min(1).max(255);
const option = z.union([z.string(), z.record(z.string(), z.unknown())]);
/** the browser tab the request comes from: the modal it opens shows there (./owners.ts) */
const tab = z.string().min(1).max(64).optional();

export const commandBody = z.looseObject({
  user: id,
  channel: id,
  text: z.string().min(2).max(4000),
  tab,
});
export const messageBody = z.looseObject({
  user: id,
  channel: id,
  text: z.string().min(1).max(40_000),
  threadTs: z.string().optional(),
});
export const actionBody = z.looseObject({
  user: id,
  tab,
  actionId: id,
  blockId: z.string().optional(),
  channel: z.string().optional(),
  ts: z.string().optional(),
  viewId: z.string().optional(),
  values: z.record(z.string(), z.unknown()).optional(),
  value: z.string().optional(),
  selectedOption: option.optional(),
  selectedOptions: z.array(option).optional(),
  selectedDate: z.string().optional(),
  selectedUser: z.string().optional(),
});
export const suggestBody = z.looseObject({
  user: id,
  actionId: id,
  blockId: z.string().optional(),
  value: z.string().max(500),
  viewId: z.string().optional(),
  channel: z.string().optional(),
  ts: z.string().optional(),
  values: z.record(z.string(), z.unknown()).optional(),
});
export const submitBody = z.looseObject({
  user: id,
  tab,
  viewId: id,
  values: z.record(z.string(), z.unknown()).optional(),
});
export const closeBody = z.looseObject({
  user: id,
  viewId: id,
  values: z.record(z.string(), z.unknown()).optional(),
});
export const shortcutBody = z.looseObject({
  user: id,
  tab,
  callbackId: id,
  channel: z.string().optional(),
  ts: z.string().optional(),
});
export const homeBody = z.looseObject({ user: id });
/** A file attached in the composer: its bytes as base64 (the route reads bodies up to SHARE_BODY_LIMIT). */
export const shareBody = z.looseObject({
  user: id,
  channel: id,
  threadTs: z.string().optional(),
  text: z.string().max(40_000).optional(),
  name: z.string().min(1).max(255),
  mimetype: z.string().max(255).optional(),
  contentBase64: z.string().max(20_000_000),
});
/** A file chosen in a modal's file_input: uploaded as the person, shared nowhere (Slack's file_input does so). */
export const uploadBody = z.looseObject({
  user: id,
  name: z.string().min(1).max(255),
  mimetype: z.string().max(255).optional(),
  contentBase64: z.string().max(20_000_000),
});
export const inviteBody = z.looseObject({ user: id, channel: id, text: z.string().max(4000) });

export type CommandBody = z.infer<typeof commandBody>;
export type MessageBody = z.infer<typeof messageBody>;
export type ActionBody = z.infer<typeof actionBody>;
export type SuggestBody = z.infer<typeof suggestBody>;
export type SubmitBody = z.infer<typeof submitBody>;
export type ShortcutBody = z.infer<typeof shortcutBody>;
export type ShareBody = z.infer<typeof shareBody>;
export type InviteBody = z.infer<typeof inviteBody>;
export type UploadBody = z.infer<typeof uploadBody>;
