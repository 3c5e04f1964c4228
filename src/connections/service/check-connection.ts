/**
 * Checks a connection an admin enters with one platform call (GET /tasks, limit 1: the relay reads that list),
 * made with that URL and key alone, before anything is kept. The answer names the field to fix.
 */
import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';
import { isMonitoringError, type MonitoringApi } from '../../monitoring/index.ts';

export type CheckResult = { ok: true } | { ok: false; field: 'baseUrl' | 'key'; text: string; code: string };

const isPublic = (address: string) =>
  ipaddr.isValid(address) && ipaddr.process(address).range() === 'unicast';

/**
 * A platform on a private or loopback address is accepted only where the default platform is on one too (local
 * mode, tests): otherwise an admin's URL could make fieldline call into its own network.
 */
export async function addressAllowed(baseUrl: string, defaultBaseUrl: string | undefined): Promise<boolean> {
  const hostOf = (u: string) => new URL(u).hostname.replace(/^\[|\]$/g, '');
  const resolve = async (host: string): Promise<string[]> =>
    isIP(host) !== 0 ? [host] : (await lookup(host, { all: true })).map((a) => a.address);
  try {
    const addresses = await resolve(hostOf(baseUrl));
    if (addresses.length > 0 && addresses.every(isPublic)) return true;
    if (!defaultBaseUrl) return false;
    const defaults = await resolve(hostOf(defaultBaseUrl));
    return defaults.some((a) => !isPublic(a));
  } catch {
    // No such name: the check call would fail anyway; say so there.
    return true;
  }
}

export async function checkConnection(candidate: MonitoringApi, signal: AbortSignal): Promise<CheckResult> {
  try {
    await candidate.tasks.listPage({ limit: 1 }, null, signal);
    return { ok: true };
  } catch (err) {
    if (signal.aborted)
      return { ok: false, field: 'baseUrl', code: 'TIMEOUT', text: 'No answer from that URL in time.' };
    if (!isMonitoringError(err))
      return { ok: false, field: 'baseUrl', code: 'UNKNOWN', text: 'The check failed; try again.' };
    switch (err.code) {
      case 'BAD_KEY':
        // contract: Authentication rule 2 — a missing or unrecognised key gets 403 from the gateway.
        return { ok: false, field: 'key', code: err.code, text: 'The platform does not recognise this key.' };
      case 'NO_ACCESS':
        return {
          ok: false,
          field: 'key',
          code: err.code,
          text: 'This key may not read tasks; the relay needs a key that sees the plant’s sites.',
        };
      case 'RATE_LIMITED':
        return {
          ok: false,
          field: 'key',
          code: err.code,
          text: 'The platform is rate limiting this key: try again in a minute.',
        };
      case 'NETWORK':
      case 'TIMEOUT':
        return { ok: false, field: 'baseUrl', code: err.code, text: 'Nothing answered at that URL.' };
      default:
        return {
          ok: false,
          field: 'baseUrl',
          code: err.code,
          text: 'That URL does not answer like the monitoring platform’s API.',
        };
    }
  }
}
