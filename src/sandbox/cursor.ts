/**
 * Opaque paging cursors — contract: paging rule 2 "The cursor is opaque" and rule 5 "A malformed lastValue
 * gives 400". A cursor is base64url(JSON {k, p, c}) where c is an HMAC of the payload, so a hand-built or
 * edited cursor is rejected instead of silently paging from somewhere else.
 */
import { createHmac } from 'node:crypto';
import { HttpError } from './http.ts';

export type CursorKind = 'sources' | 'tasks' | 'readings';

function mac(secret: string, kind: CursorKind, payload: unknown): string {
  return createHmac('sha256', secret).update(`${kind}:${JSON.stringify(payload)}`).digest('base64url').slice(0, 12);
}

export function encodeCursor(secret: string, kind: CursorKind, payload: unknown): string {
  return Buffer.from(JSON.stringify({ k: kind, p: payload, c: mac(secret, kind, payload) })).toString('base64url');
}

const malformed = () => new HttpError(400, 'Malformed lastValue.', '02-001');

export function decodeCursor(secret: string, kind: CursorKind, text: string): unknown {
  if (!/^[A-Za-z0-9_-]+$/.test(text)) throw malformed();
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
  } catch {
    throw malformed();
  }
  if (typeof parsed !== 'object' || parsed === null || !('k' in parsed) || !('p' in parsed) || !('c' in parsed)) throw malformed();
  if (parsed.k !== kind || parsed.c !== mac(secret, kind, parsed.p)) throw malformed();
  return parsed.p;
}
