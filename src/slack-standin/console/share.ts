/**
 * Two things a person does in Slack's composer that are not app commands: attaching a file (a `file_share`
 * message in the conversation; in a DM with the app Slack delivers it as a `message` event with subtype
 * `file_share`), and `/invite @app` (the app becomes a member, so it may post there).
 */
import type { Standin } from '../index.ts';
import { fileJson } from '../methods/files.ts';
import { storeBotMessage } from '../methods/message-content.ts';
import type { JsonObject } from '../types.ts';
import { channelFor, escapeTyped, outcome, type Outcome } from './interact.ts';
import type { InviteBody, ShareBody, UploadBody } from './schemas.ts';

/** Slack's own limit is 1 GB; the console keeps a file small enough to send as JSON. */
const MAX_SHARE_BYTES = 10 * 1024 * 1024;
/** The console route's body limit for a share (base64 grows bytes by a third). */
export const SHARE_BODY_LIMIT = Math.ceil((MAX_SHARE_BYTES * 4) / 3) + 64 * 1024;

export async function shareFile(standin: Standin, body: ShareBody): Promise<Outcome> {
  const channelId = channelFor(standin, body.user, body.channel);
  const channel = standin.state.channel(channelId);
  if (!channel) return { status: 404, failure: 'channel_not_found' };
  const content = Buffer.from(body.contentBase64, 'base64');
  if (content.length > MAX_SHARE_BYTES) return { status: 413, failure: 'file_too_large' };
  const file = standin.addFile({
    name: body.name,
    content,
    user: body.user,
    ...(body.mimetype ? { mimetype: body.mimetype } : {}),
  });
  const text = escapeTyped(body.text ?? '');
  const message = standin.addMessage({
    channel: channelId,
    text,
    user: body.user,
    files: [file.id],
    ...(body.threadTs ? { thread_ts: body.threadTs } : {}),
  });
  // The app subscribes to message.im only: a share elsewhere reaches it when someone acts on the message.
  if (!channel.is_im) return { status: 200 };
  const stored = standin.state.file(file.id) ?? file;
  const event: JsonObject = {
    type: 'message',
    subtype: 'file_share',
    channel: channelId,
    channel_type: 'im',
    user: body.user,
    ts: message.ts,
    text,
    files: [fileJson(stored)],
    ...(body.threadTs ? { thread_ts: body.threadTs } : {}),
  };
  return outcome(await standin.driver.event(event));
}

/** A modal's file_input: the file is uploaded as the person and shared nowhere; the view's state holds it. */
export async function uploadFile(
  standin: Standin,
  body: UploadBody,
): Promise<{ file: JsonObject } | Outcome> {
  if (!standin.state.users.some((u) => u.id === body.user)) return { status: 404, failure: 'user_not_found' };
  const content = Buffer.from(body.contentBase64, 'base64');
  // Slack: "There is a 10MB file size limit" on file_input.
  if (content.length > FILE_INPUT_MAX_BYTES) return { status: 413, failure: 'file_too_large' };
  const file = standin.addFile({
    name: body.name,
    content,
    user: body.user,
    ...(body.mimetype ? { mimetype: body.mimetype } : {}),
  });
  return { file: fileJson(standin.state.file(file.id) ?? file) };
}

const FILE_INPUT_MAX_BYTES = 10 * 1024 * 1024;

function note(standin: Standin, channel: string, user: string, text: string): void {
  storeBotMessage(standin.state, {
    channel,
    content: { text },
    via: 'command_ack',
    extra: { ephemeralTo: user },
  });
}

/** `/invite @fieldline` (or `<@U0BOT>`): the app's bot user joins the channel, as when invited in Slack. */
export async function invite(standin: Standin, body: InviteBody): Promise<Outcome> {
  const channelId = channelFor(standin, body.user, body.channel);
  const channel = standin.state.channel(channelId);
  if (!channel) return { status: 404, failure: 'channel_not_found' };
  const bot = standin.state.users.find((u) => u.is_bot);
  const wanted = body.text
    .trim()
    .replace(/^\/invite\s*/i, '')
    .trim();
  const names = bot ? [`@${bot.name}`, `@${bot.real_name ?? bot.name}`, `<@${bot.id}>`] : [];
  if (wanted === '') {
    note(standin, channelId, body.user, 'Who should join? Type `/invite @' + (bot?.name ?? 'app') + '`.');
    return { status: 200 };
  }
  if (channel.is_im) {
    note(standin, channelId, body.user, 'You can’t invite anyone to a direct message.');
    return { status: 200 };
  }
  if (!bot || !names.some((n) => n.toLowerCase() === wanted.toLowerCase())) {
    note(
      standin,
      channelId,
      body.user,
      `This local workspace can only invite the app (@${bot?.name ?? 'app'}).`,
    );
    return { status: 200 };
  }
  if (channel.is_member) {
    note(standin, channelId, body.user, `@${bot.name} is already in this channel.`);
    return { status: 200 };
  }
  standin.addChannel({ ...channel, is_member: true });
  standin.addMessage({
    channel: channelId,
    user: body.user,
    text: `added an integration to this channel: ${bot.real_name ?? bot.name}`,
  });
  return { status: 200 };
}
