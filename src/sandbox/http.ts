/** HTTP plumbing shared by the handlers: error class, JSON replies, body reading. */
import type { IncomingMessage, ServerResponse } from 'node:http';

export interface Reply {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
  /** Raw bytes/text instead of JSON. */
  raw?: Buffer | string;
}

/** A failure answered with the contract's error body {message, internalErrorCode}. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly internalErrorCode: string | null = '02-001',
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }

  body(): Record<string, string> {
    return this.internalErrorCode === null
      ? { message: this.message }
      : { message: this.message, internalErrorCode: this.internalErrorCode };
  }
}

/**
 * contract: errors — "When the underlying error carries structured detail (every schema-validation failure
 * does), the body becomes the generic pair message `Internal server error.` with internalErrorCode 02-001,
 * while the real status is kept." `why` is kept for the sandbox's own log only.
 */
export class ValidationError extends HttpError {
  constructor(readonly why: string) {
    super(400, 'Internal server error.', '02-001');
  }
}

export const forbidden = () => new HttpError(403, 'Forbidden', null);
export const noAccess = (what = 'record') =>
  new HttpError(401, `Unauthorized: the key may not access this ${what}.`);
export const serverError = () => new HttpError(500, 'Internal server error.', '02-001');

export const ok = (data: unknown): Reply => ({ status: 200, body: { data } });

export function send(res: ServerResponse, reply: Reply): void {
  if (res.headersSent) return;
  const headers = { ...(reply.headers ?? {}) };
  if (reply.raw !== undefined) {
    res.writeHead(reply.status, headers);
    res.end(reply.raw);
    return;
  }
  if (reply.body === undefined) {
    res.writeHead(reply.status, headers);
    res.end();
    return;
  }
  const text = JSON.stringify(reply.body);
  res.writeHead(reply.status, { 'content-type': 'application/json; charset=utf-8', ...headers });
  res.end(text);
}

export function readBody(req: IncomingMessage, limit = 110 * 1024 * 1024): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        reject(new HttpError(413, 'Payload too large'));
        req.destroy();
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

/** Parses a JSON body; an unparseable body is a 400 (contract: errors — "unparseable body"). */
export function parseJson(bytes: Buffer): unknown {
  if (bytes.length === 0) return undefined;
  try {
    return JSON.parse(bytes.toString('utf8'));
  } catch {
    throw new ValidationError('unparseable JSON body');
  }
}
