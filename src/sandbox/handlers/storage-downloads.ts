/** Pre-signed downloads served by the sandbox: files, exports, avatar images. No key is checked or needed. */
import type { RequestContext, Route } from '../context.ts';
import type { Reply } from '../http.ts';
import { checkPresigned } from '../signing.ts';

/** S3-style XML error, as a storage service would answer. */
export function storageError(status: number, code: string, message: string): Reply {
  return {
    status,
    headers: { 'content-type': 'application/xml' },
    raw: `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code><Message>${message}</Message></Error>`,
  };
}

export function signatureProblem(ctx: RequestContext, extra: string[] = []): Reply | null {
  const verdict = checkPresigned(ctx.state.secret, ctx.path, ctx.query, ctx.state.now(), extra);
  if (verdict === 'bad')
    return storageError(403, 'SignatureDoesNotMatch', 'The request signature does not match.');
  if (verdict === 'expired') return storageError(403, 'AccessDenied', 'Request has expired');
  return null;
}

const SIGNED = ['expires', 'signature'];
const PNG_1X1 =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

const noSuchKey = () => storageError(404, 'NoSuchKey', 'The specified key does not exist.');

/** A pre-signed GET: a bad or expired signature is refused before `serve` runs. */
function signedDownload(path: string, serve: (ctx: RequestContext) => Reply): Route {
  return {
    method: 'GET',
    path,
    query: SIGNED,
    presigned: true,
    handle: (ctx) => signatureProblem(ctx) ?? serve(ctx),
  };
}

export const downloadFile = signedDownload('/_storage/files/{fileId}', ({ state, params }) => {
  const file = state.world.files.get(params.fileId ?? '');
  if (!file) return noSuchKey();
  return {
    status: 200,
    headers: {
      'content-type': file.contentType,
      'content-length': String(file.bytes.length),
      'content-disposition': `attachment; filename="${file.name.replace(/"/g, '')}"`,
    },
    raw: file.bytes,
  };
});

export const downloadExport = signedDownload('/_storage/exports/{name}', ({ state, params }) => {
  const file = state.exports.get((params.name ?? '').replace(/\.csv$/, ''));
  if (!file) return noSuchKey();
  return { status: 200, headers: { 'content-type': 'text/csv; charset=utf-8' }, raw: file.csv };
});

export const downloadAvatar = signedDownload('/_storage/avatars/{name}', () => ({
  status: 200,
  headers: { 'content-type': 'image/png' },
  raw: Buffer.from(PNG_1X1, 'base64'),
}));
