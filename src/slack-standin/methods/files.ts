/**
 * files.info and the three-step upload as @slack/web-api 8's filesUploadV2 drives it:
 * files.getUploadURLExternal({filename, length, alt_txt?}) → POST the bytes to upload_url (multipart, field
 * `body`) → files.completeUploadExternal({files: JSON [{id, title}], channel_id?, thread_ts?, initial_comment?,
 * blocks?}).
 */
import { extname } from 'node:path';
import { TEAM } from '../seed.ts';
import type { JsonObject, StoredFile } from '../types.ts';
import {
  ApiError,
  isJsonObject,
  optionalString,
  requireString,
  type MethodContext,
  type MethodHandler,
} from './context.ts';
import { botAuthor, messageContent, storeMethodPost } from './message-content.ts';
import { resolveChannel } from './chat.ts';

const MIME: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  svg: 'image/svg+xml',
  pdf: 'application/pdf',
  csv: 'text/csv',
  txt: 'text/plain',
  json: 'application/json',
  zip: 'application/zip',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

export function mimeFor(name: string): { mimetype: string; filetype: string } {
  const ext = extname(name).slice(1).toLowerCase();
  return { mimetype: MIME[ext] ?? 'application/octet-stream', filetype: ext === '' ? 'binary' : ext };
}

/** A new file record with Slack-shaped URLs (`files-pri/<team>-<file>/<name>`), served by the stand-in. */
export function newFile(
  ctx: MethodContext,
  init: {
    name: string;
    title?: string;
    content?: Buffer;
    user?: string;
    mimetype?: string;
    alt_text?: string;
  },
): StoredFile {
  const id = ctx.state.newId('F');
  const name = init.name;
  const encoded = encodeURIComponent(name);
  const base = `${ctx.baseUrl()}files-pri/${TEAM.id}-${id}`;
  const user = init.user ?? botAuthor().user;
  const types = mimeFor(name);
  return {
    id,
    name,
    title: init.title ?? name,
    mimetype: init.mimetype ?? types.mimetype,
    filetype: types.filetype,
    size: init.content?.length ?? 0,
    user,
    created: Math.floor(ctx.now() / 1000),
    content: init.content ?? Buffer.alloc(0),
    url_private: `${base}/${encoded}`,
    url_private_download: `${base}/download/${encoded}`,
    permalink: `${ctx.baseUrl()}files/${user}/${id}/${encoded}`,
    ...(init.alt_text ? { alt_text: init.alt_text } : {}),
    completed: init.content !== undefined,
    channels: [],
  };
}

export function fileJson(f: StoredFile): JsonObject {
  const { content: _content, completed: _completed, ...rest } = f;
  return {
    ...rest,
    mode: 'hosted',
    is_external: false,
    is_public: f.channels.length > 0,
    timestamp: f.created,
  };
}

export function fileJsonFor(ctx: MethodContext): (id: string) => JsonObject {
  return (id) => {
    const f = ctx.state.file(id);
    return f ? fileJson(f) : { id };
  };
}

const info: MethodHandler = (args, ctx) => {
  const f = ctx.state.file(requireString(args, 'file'));
  if (!f || !f.completed) throw new ApiError('file_not_found');
  return { ok: true, file: fileJson(f), comments: [], response_metadata: { next_cursor: '' } };
};

const getUploadURLExternal: MethodHandler = (args, ctx) => {
  const filename = requireString(args, 'filename');
  const length = Number(args.length);
  if (!Number.isInteger(length) || length < 0) throw new ApiError('invalid_arguments', { missing: 'length' });
  const altText = optionalString(args, 'alt_txt'); // the documented name (not alt_text)
  const f = newFile(ctx, { name: filename, ...(altText ? { alt_text: altText } : {}) });
  f.size = length;
  ctx.state.putFile(f, 'add');
  return { ok: true, upload_url: `${ctx.baseUrl()}upload/v1/${f.id}`, file_id: f.id };
};

const completeUploadExternal: MethodHandler = (args, ctx) => {
  const list = args.files;
  if (!Array.isArray(list) || list.length === 0)
    throw new ApiError('invalid_arguments', { missing: 'files' });
  const files = list.map((entry: unknown) => {
    const id = isJsonObject(entry) && typeof entry.id === 'string' ? entry.id : '';
    const f = ctx.state.file(id);
    if (!f) throw new ApiError('file_not_found');
    if (f.content.length === 0 && f.size > 0) throw new ApiError('upload_not_completed', { file_id: id });
    if (isJsonObject(entry) && typeof entry.title === 'string' && entry.title !== '') f.title = entry.title;
    return f;
  });
  const channelArg = optionalString(args, 'channel_id') ?? optionalString(args, 'channels');
  const channel = channelArg !== undefined ? resolveChannel(ctx, channelArg) : undefined;
  const comment = optionalString(args, 'initial_comment');
  const content = messageContent({ text: comment ?? '', blocks: args.blocks }, ctx.validator, false);
  for (const f of files) {
    f.completed = true;
    if (channel && !f.channels.includes(channel.id)) f.channels.push(channel.id);
    ctx.state.putFile(f, 'complete');
  }
  if (channel) {
    const message = storeMethodPost(ctx.state, args, {
      channel: channel.id,
      content,
      via: 'files.completeUploadExternal',
      extra: { files: files.map((f) => f.id) },
    });
    // files.info reports where a file was shared (apps read the message ts from `shares`).
    const kind = channel.is_private ? 'private' : 'public';
    for (const f of files) {
      const share = {
        ts: message.ts,
        channel_name: channel.name,
        ...(message.thread_ts ? { thread_ts: message.thread_ts } : {}),
      };
      f.shares = { ...f.shares, [kind]: { ...f.shares?.[kind], [channel.id]: [share] } };
    }
  }
  return { ok: true, files: files.map((f) => ({ id: f.id, title: f.title })) };
};

export const fileMethods: Record<string, MethodHandler> = {
  'files.info': info,
  'files.getUploadURLExternal': getUploadURLExternal,
  'files.completeUploadExternal': completeUploadExternal,
};
