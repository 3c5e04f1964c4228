/**
 * Who may drive /_sandbox/ over HTTP. The admin surface has no key (it mints keys, injects faults, resets the
 * world), and local mode may run next to real credentials, so:
 * - only loopback `Host` values are served (a DNS-rebinding page names its own host);
 * - a request from a browser page of another origin is refused (`Origin` / `Sec-Fetch-Site`);
 * - every state-changing request carries the run's token in `x-sandbox-admin-token` (a plain cross-origin
 *   form or text/plain POST cannot set a header), and so does every read of what carries credentials (the
 *   request log: issue 37), whose key headers are shown only as fingerprints (`credentialFingerprint`).
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

const ADMIN_TOKEN_HEADER = 'x-sandbox-admin-token';

export function newAdminToken(): string {
  return randomBytes(24).toString('base64url');
}

function hostnameOf(host: string | undefined): string | null {
  if (!host) return null;
  try {
    return new URL(`http://${host}`).hostname.toLowerCase();
  } catch {
    return null;
  }
}

function isLoopbackHost(host: string | undefined): boolean {
  const name = hostnameOf(host);
  if (name === null) return false;
  return name === 'localhost' || name === '[::1]' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(name);
}

function header(req: IncomingMessage, name: string): string | undefined {
  const v = req.headers[name];
  return Array.isArray(v) ? v[0] : v;
}

/** What the request log shows of a key or Authorization value: enough to tell keys apart, not to use one. */
export function credentialFingerprint(value: string): string {
  return `[redacted sha256:${createHash('sha256').update(value).digest('hex').slice(0, 12)}]`;
}

/** Why the request is refused, or null. `tokenForReads`: a GET of this path needs the token too. */
export function adminRefusal(
  req: IncomingMessage,
  token: string,
  opts: { tokenForReads?: boolean } = {},
): string | null {
  const host = header(req, 'host');
  if (!isLoopbackHost(host)) return 'the sandbox admin answers only on a loopback host';
  const origin = header(req, 'origin');
  if (origin !== undefined && origin !== `http://${host}`) return 'cross-origin requests are refused';
  const site = header(req, 'sec-fetch-site');
  if (site !== undefined && site !== 'same-origin' && site !== 'none')
    return 'cross-site requests are refused';
  const method = (req.method ?? 'GET').toUpperCase();
  const reads = method === 'GET' || method === 'HEAD';
  if (reads && !opts.tokenForReads) return null;
  const given = Buffer.from(header(req, ADMIN_TOKEN_HEADER) ?? '');
  const expected = Buffer.from(token);
  if (given.length !== expected.length || !timingSafeEqual(given, expected))
    return reads
      ? `reading the request log needs the run's ${ADMIN_TOKEN_HEADER} header`
      : `state-changing admin requests need the run's ${ADMIN_TOKEN_HEADER} header`;
  return null;
}
