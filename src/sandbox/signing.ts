/**
 * Pre-signed URLs served by the sandbox itself (export download, file download, import upload, avatars).
 * contract: authentication rule 4 — "authorised by their own signature"; no key is needed there.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

export function sign(secret: string, text: string): string {
  return createHmac('sha256', secret).update(text).digest('base64url');
}

export function verify(secret: string, text: string, signature: string): boolean {
  const expected = Buffer.from(sign(secret, text));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

function signed(path: string, extra: Record<string, string>, expires: string): string {
  const params = Object.keys(extra)
    .sort()
    .map((k) => `${k}=${extra[k]}`)
    .join('&');
  return `${path}|${params}|${expires}`;
}

/** `${base}${path}?…extra&expires=…&signature=…`; the signature covers path, extra parameters and expiry. */
export function presign(
  secret: string,
  base: string,
  path: string,
  expiresMs: number,
  extra: Record<string, string> = {},
): string {
  const expires = String(Math.floor(expiresMs / 1000));
  const query = new URLSearchParams({
    ...extra,
    expires,
    signature: sign(secret, signed(path, extra, expires)),
  });
  return `${base}${path}?${query.toString()}`;
}

/** 'ok' | 'expired' | 'bad' for a pre-signed request; `extraNames` are the signed extra parameters. */
export function checkPresigned(
  secret: string,
  path: string,
  query: Record<string, string>,
  nowMs: number,
  extraNames: string[] = [],
): 'ok' | 'expired' | 'bad' {
  const { expires, signature } = query;
  const extra: Record<string, string> = {};
  for (const name of extraNames) extra[name] = query[name] ?? '';
  if (!expires || !signature || !verify(secret, signed(path, extra, expires), signature)) return 'bad';
  return Number(expires) * 1000 < nowMs ? 'expired' : 'ok';
}
