/**
 * The two file URLs Slack serves outside the Web API:
 * - the upload URL from files.getUploadURLExternal: POST raw bytes, or multipart/form-data as WebClient sends
 *   it (one file part, field `body`); answers `OK - <bytes>` like files.slack.com;
 * - url_private / url_private_download: only to `Authorization: Bearer <bot token>` (Slack: "requires an
 *   authorization header"); every request is recorded with its headers so tests can prove what was sent.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { bearerToken, sendJson } from './api.ts';
import { isMultipart, parseMultipart, readRaw } from './http-body.ts';
import type { Injections } from './inject.ts';
import type { MethodContext } from './methods/context.ts';

export interface FileRouteDeps {
  ctx: MethodContext;
  injections: Injections;
  botToken: string;
}

export async function handleUpload(
  req: IncomingMessage,
  res: ServerResponse,
  fileId: string,
  deps: FileRouteDeps,
): Promise<void> {
  const { state } = deps.ctx;
  const raw = await readRaw(req);
  const file = state.file(fileId);
  const injected = deps.injections.take('upload', undefined);
  const record = (status: number, response: Record<string, unknown>): void =>
    state.recordCall({
      method: 'upload',
      args: { file_id: fileId, bytes: raw.length, content_type: req.headers['content-type'] ?? '' },
      response,
      status,
      at: deps.ctx.now(),
    });
  if (injected) {
    record(injected.status, { ok: false, error: injected.error });
    const headers: Record<string, string> = injected.retryAfterSeconds
      ? { 'Retry-After': String(injected.retryAfterSeconds) }
      : {};
    sendJson(
      res,
      injected.status === 200 ? 500 : injected.status,
      { ok: false, error: injected.error },
      headers,
    );
    return;
  }
  if (!file || file.completed) {
    record(404, { ok: false, error: 'file_not_found' });
    sendJson(res, 404, { ok: false, error: 'file_not_found' });
    return;
  }
  let content = raw;
  if (isMultipart(req.headers['content-type'])) {
    const parts = await parseMultipart(req.headers, raw);
    content = parts.files[0]?.data ?? Buffer.alloc(0);
  }
  file.content = content;
  file.size = content.length;
  state.putFile(file, 'upload');
  record(200, { ok: true, bytes: content.length });
  res.writeHead(200, { 'Content-Type': 'text/plain; charset=utf-8' });
  res.end(`OK - ${content.length}`);
}

/** GET /files-pri/<team>-<fileId>/[download/]<name> */
export function handleFileDownload(
  req: IncomingMessage,
  res: ServerResponse,
  fileId: string,
  download: boolean,
  deps: FileRouteDeps,
): void {
  const { state } = deps.ctx;
  const file = state.file(fileId);
  const authorized = bearerToken(req) === deps.botToken;
  const injected = authorized && file ? deps.injections.take('file_download', undefined) : undefined;
  const status = !authorized ? 403 : !file || !file.completed ? 404 : injected ? injected.status : 200;
  state.fileRequests.push({
    fileId,
    path: req.url ?? '',
    headers: { ...req.headers },
    status,
    at: deps.ctx.now(),
  });
  if (status !== 200 || !file) {
    // Slack answers an unauthenticated url_private with an HTML login page, never the file.
    res.writeHead(status, { 'Content-Type': 'text/html; charset=utf-8' });
    res.end('<!DOCTYPE html><html><body>Sign in to Slack to see this file.</body></html>');
    return;
  }
  state.emitChange({ kind: 'file', action: 'download', file });
  res.writeHead(200, {
    'Content-Type': file.mimetype,
    'Content-Length': String(file.content.length),
    ...(download ? { 'Content-Disposition': `attachment; filename="${encodeURIComponent(file.name)}"` } : {}),
  });
  res.end(file.content);
}
