/**
 * Who may use the console. It types commands and clicks buttons as any workspace member, and local mode may
 * run with real platform credentials, so a web page elsewhere must not drive or read it:
 * - only loopback `Host` values are served, reads included (a DNS-rebinding page names its own host);
 * - a request from a page of another origin is refused (`Origin` / `Sec-Fetch-Site`);
 * - every state-changing request carries the run's token in `x-console-token` (embedded in the page; a plain
 *   cross-origin form or text/plain POST cannot set a header).
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

const CONSOLE_TOKEN_HEADER = 'x-console-token';

export function newConsoleToken(): string {
  return randomBytes(24).toString('base64url');
}

function header(req: IncomingMessage, name: string): string | undefined {
  const v = req.headers[name];
  return Array.isArray(v) ? v[0] : v;
}

function isLoopbackHost(host: string | undefined): boolean {
  if (!host) return false;
  let name: string;
  try {
    name = new URL(`http://${host}`).hostname.toLowerCase();
  } catch {
    return false;
  }
  return name === 'localhost' || name === '[::1]' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(name);
}

/** Why a console request is refused (403), or null. `changes`: the request changes state (POST). */
export function consoleRefusal(req: IncomingMessage, token: string, changes: boolean): string | null {
  const host = header(req, 'host');
  if (!isLoopbackHost(host)) return 'the console answers only on a loopback host';
  const origin = header(req, 'origin');
  if (origin !== undefined && origin !== `http://${host}`) return 'cross-origin requests are refused';
  const site = header(req, 'sec-fetch-site');
  if (site !== undefined && site !== 'same-origin' && site !== 'none')
    return 'cross-site requests are refused';
  if (!changes) return null;
  const given = Buffer.from(header(req, CONSOLE_TOKEN_HEADER) ?? '');
  const expected = Buffer.from(token);
  if (given.length !== expected.length || !timingSafeEqual(given, expected))
    return 'console requests need the token of the page (reload it)';
  return null;
}
