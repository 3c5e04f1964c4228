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

export const downloadFile: Route = {
  method: 'GET',
  path: '/_storage/files/{fileId}',
  query: SIGNED,
  presigned: true,
  handle(ctx) {
    const problem = signatureProblem(ctx);
    if (problem) return problem;
    const file = ctx.state.world.files.get(ctx.params.fileId ?? '');
    if (!file) return storageError(404, 'NoSuchKey', 'The specified key does not exist.');
    return {
      status: 200,
      headers: {
        'content-type': file.contentType,
        'content-length': String(file.bytes.length),
        'content-disposition': `attachment; filename="${file.name.replace(/"/g, '')}"`,
      },
      raw: file.bytes,
    };
  },
};

export const downloadExport: Route = {
  method: 'GET',
  path: '/_storage/exports/{name}',
  query: SIGNED,
  presigned: true,
  handle(ctx) {
    const problem = signatureProblem(ctx);
    if (problem) return problem;
    const file = ctx.state.exports.get((ctx.params.name ?? '').replace(/\.csv$/, ''));
    if (!file) return storageError(404, 'NoSuchKey', 'The specified key does not exist.');
    return { status: 200, headers: { 'content-type': 'text/csv; charset=utf-8' }, raw: file.csv };
  },
};

export const downloadAvatar: Route = {
  method: 'GET',
  path: '/_storage/avatars/{name}',
  query: SIGNED,
  presigned: true,
  handle(ctx) {
    return (
      signatureProblem(ctx) ?? {
        status: 200,
        headers: { 'content-type': 'image/png' },
        raw: Buffer.from(PNG_1X1, 'base64'),
      }
    );
  },
};
