/**
 * Turns HTTP outcomes into MonitoringErrors: status + internalErrorCode → stable code, transport failures →
 * NETWORK / TIMEOUT with the (scrubbed) undici error as `cause`, Retry-After → retryAfterMs.
 * // contract: Errors — "Clients branch on HTTP status and internalErrorCode, never on the message text."
 */
import type { Readable } from 'node:stream';
import type { Dispatcher } from 'undici';
import { z } from 'zod';
import type { MonitoringErrorCode } from './api.ts';
import { MonitoringError, type scrubber } from './errors.ts';

export interface Where {
  method: string;
  path: string;
}
type Scrub = ReturnType<typeof scrubber>;

export type JsonResult = { ok: true; value: unknown } | { ok: false };
export interface ReadBody {
  text: string;
  json: JsonResult;
}

function parseJson(text: string): JsonResult {
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    return { ok: false };
  }
}

export function tooLargeError(where: Where, status: number, maxBytes: number): MonitoringError {
  return new MonitoringError(
    'BAD_RESPONSE',
    `${where.method} ${where.path}: answer larger than ${maxBytes} bytes`,
    { ...where, status },
  );
}

/** Reads the whole body as text (timeouts while streaming become TIMEOUT) and tries JSON. */
export async function readBody(
  res: Dispatcher.ResponseData,
  where: Where,
  signal: AbortSignal | undefined,
  scrub: Scrub,
  maxBytes = Infinity,
): Promise<ReadBody> {
  const tooLarge = () => tooLargeError(where, res.statusCode, maxBytes);
  const declared = Number(res.headers['content-length']);
  if (Number.isFinite(declared) && declared > maxBytes) {
    res.body.on('error', () => undefined).destroy();
    throw tooLarge();
  }
  let bytes: Buffer;
  try {
    bytes = await collect(res.body, maxBytes, tooLarge);
  } catch (err) {
    throw errorForTransport(err, where, signal, scrub);
  }
  return decodeBody(bytes, scrub);
}

/** An answer's bytes as text (the key scrubbed out) and, when it is JSON, its value. */
export function decodeBody(bytes: Buffer, scrub: Scrub): ReadBody {
  const text = scrub.text(bytes.toString('utf8'));
  return { text, json: parseJson(text) };
}

/**
 * The whole body in one buffer, from 'data' events (an async iterator costs a promise per chunk), copied once.
 * Bounded whatever the platform sends: past `maxBytes` reading stops and the connection is dropped.
 */
export function collect(body: Readable, maxBytes: number, tooLarge: () => Error): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    body.on('data', (chunk: Buffer | Uint8Array) => {
      size += chunk.length;
      if (size > maxBytes) body.destroy(tooLarge());
      else chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk));
    });
    body.on('end', () => resolve(chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, size)));
    body.on('error', reject);
    // closed without 'end' or 'error' (destroyed quietly): settled here so nothing waits for ever
    body.on('close', () => {
      if (!body.readableEnded && !body.errored) reject(new Error('the answer ended before it was complete'));
    });
  });
}

const TIMEOUT_CODES = new Set(['UND_ERR_CONNECT_TIMEOUT', 'UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT']);

export function errorForTransport(
  err: unknown,
  where: Where,
  signal: AbortSignal | undefined,
  scrub: Scrub,
): unknown {
  // The caller cancelled: that is not a platform failure; surface the caller's own reason.
  if (signal?.aborted) return signal.reason;
  if (err instanceof MonitoringError) return err;
  const errCode =
    err instanceof Error && 'code' in err && typeof err.code === 'string' ? err.code : undefined;
  const timedOut = errCode !== undefined && TIMEOUT_CODES.has(errCode);
  const code: MonitoringErrorCode = timedOut ? 'TIMEOUT' : 'NETWORK';
  const what = timedOut ? 'timed out' : 'could not reach the platform';
  return new MonitoringError(code, `${where.method} ${where.path} ${what}${errCode ? ` (${errCode})` : ''}`, {
    ...where,
    cause: scrub.error(err),
  });
}

/**
 * Retry-After is either delta-seconds or an HTTP date (RFC 9110 §10.2.3). Returns milliseconds from `now`,
 * or undefined when absent or unreadable.
 */
export function parseRetryAfter(header: string | string[] | undefined, now: number): number | undefined {
  const value = Array.isArray(header) ? header[0] : header;
  if (value === undefined || value.trim() === '') return undefined;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000;
  const at = Date.parse(trimmed);
  if (Number.isNaN(at)) return undefined;
  return Math.max(0, at - now);
}

function codeForStatus(status: number): MonitoringErrorCode {
  // contract: Errors table — 400 validation (incl. 02-001, 01-004), 401 record not accessible to the key's
  // user, 403 the gateway's {message: Forbidden} for a missing or unknown key, 409 conflict, 429 rate limit,
  // 500 server.
  if (status === 400) return 'VALIDATION';
  if (status === 401) return 'NO_ACCESS';
  if (status === 403) return 'BAD_KEY';
  // Not in the contract's table: an unknown record is what 401 already means to callers.
  if (status === 404) return 'NO_ACCESS';
  if (status === 409) return 'CONFLICT';
  if (status === 429) return 'RATE_LIMITED';
  if (status >= 500) return 'SERVER';
  return 'VALIDATION';
}

const DESCRIPTION: Record<string, string> = {
  VALIDATION: 'rejected the request as invalid',
  NO_ACCESS: 'refused access to that record',
  BAD_KEY: 'rejected the API key',
  CONFLICT: 'reported a conflict',
  RATE_LIMITED: 'is rate limiting this key',
  SERVER: 'failed',
};

const failureBody = z.looseObject({ internalErrorCode: z.string() });

export function errorForStatus(
  status: number,
  read: ReadBody,
  retryAfter: string | string[] | undefined,
  where: Where,
  now: number,
): MonitoringError {
  const code = codeForStatus(status);
  const body = read.json.ok ? read.json.value : read.text;
  // contract: Errors — failure body {message, internalErrorCode}; branch on internalErrorCode, not message.
  const parsed = failureBody.safeParse(body);
  const internalErrorCode = parsed.success ? parsed.data.internalErrorCode : undefined;
  const retryAfterMs = code === 'RATE_LIMITED' ? parseRetryAfter(retryAfter, now) : undefined;
  const detail = internalErrorCode ? ` (internalErrorCode ${internalErrorCode})` : '';
  return new MonitoringError(
    code,
    `${where.method} ${where.path}: the platform ${DESCRIPTION[code] ?? 'refused'} — HTTP ${status}${detail}`,
    { ...where, status, body, internalErrorCode, retryAfterMs },
  );
}
