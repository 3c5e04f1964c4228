/**
 * Opaque paging cursors — contract: paging rule 2 "The cursor is opaque" and rule 5 "A malformed lastValue
 * gives 400". A cursor is base64url(JSON {k, p, c}) where c is an HMAC of the payload, so a hand-built or
 * edited cursor is rejected instead of silently paging from somewhere else.
 */
import { createHmac } from 'node:crypto';
import { HttpError } from './http.ts';

export type CursorKind = 'sources' | 'tasks' | 'readings';

function mac(secret: string, kind: CursorKind, scope: string, payload: unknown): string {
  return createHmac('sha256', secret)
    .update(`${kind}:${scope}:${JSON.stringify(payload)}`)
    .digest('base64url')
    .slice(0, 12);
}

/**
 * `scope` binds the cursor to what must stay the same between pages: the textSearch value (paging rule 3
 * "the same value is sent on every page") or the meterId. A cursor reused with another scope is malformed.
 */
export function encodeCursor(secret: string, kind: CursorKind, scope: string, payload: unknown): string {
  return Buffer.from(JSON.stringify({ k: kind, p: payload, c: mac(secret, kind, scope, payload) })).toString(
    'base64url',
  );
}

const malformed = () => new HttpError(400, 'Malformed lastValue.', '02-001');

export function decodeCursor(secret: string, kind: CursorKind, scope: string, text: string): unknown {
  if (!/^[A-Za-z0-9_-]+$/.test(text)) throw malformed();
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
  } catch {
    throw malformed();
  }
  if (
    typeof parsed !== 'object' ||
    parsed === null ||
    !('k' in parsed) ||
    !('p' in parsed) ||
    !('c' in parsed)
  )
    throw malformed();
  if (parsed.k !== kind || parsed.c !== mac(secret, kind, scope, parsed.p)) throw malformed();
  return parsed.p;
}

/** A cursor whose payload is `{[field]: number}` (tasks: the last id, readings: the last timestamp). */
export function decodeNumberCursor(
  secret: string,
  kind: CursorKind,
  scope: string,
  text: string,
  field: string,
): number {
  const payload = decodeCursor(secret, kind, scope, text);
  const value: unknown =
    typeof payload === 'object' && payload !== null ? Reflect.get(payload, field) : undefined;
  if (typeof value !== 'number') throw malformed();
  return value;
}
