/**
 * The guard for pre-signed URLs (export and file downloads, import PUT, upload form POST). Their addresses come
 * from the platform's answers, so a wrong or hostile answer could point them at this host or the internal
 * network (cloud metadata at 169.254.169.254, an admin port on loopback) and have fieldline fetch it and post the
 * content into Slack (SSRF). Every connection the pre-signed sender opens goes through `guardedConnector`:
 * - the address it connects to is the one checked (the checked DNS answer is handed to the socket, so a name
 *   cannot resolve to a public address for the check and a private one for the connection);
 * - only public unicast addresses pass (ipaddr.js's ranges: loopback, private, link-local — metadata included —,
 *   unique-local, CGNAT, multicast, reserved, 6to4/Teredo tunnels and the like are refused);
 * - except the configured platform's own origin, so a platform (or the sandbox) on a private address works.
 * Redirects are followed by the sender one hop at a time, each hop a new connection through the same guard.
 */
import { lookup as dnsLookup, type LookupAddress, type LookupOptions } from 'node:dns';
import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';
import { buildConnector } from 'undici';

/** Thrown (inside undici's connect) when a pre-signed URL leads to an address fieldline does not fetch from. */
export class UnsafeAddressError extends Error {
  override readonly name = 'UnsafeAddressError';
  readonly code = 'FIELDLINE_UNSAFE_ADDRESS';
}

/** True only for public unicast addresses (an IPv4-mapped IPv6 address is judged as the IPv4 address). */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  return ipaddr.process(address).range() === 'unicast';
}

function defaultPort(protocol: string): string {
  return protocol === 'https:' ? '443' : '80';
}

/** `scheme://host:port` with the port always written, for comparing origins. */
function originKey(protocol: string, hostname: string, port: string | number | null | undefined): string {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  const p = port === undefined || port === null || port === '' ? defaultPort(protocol) : String(port);
  return `${protocol}//${host}:${p}`;
}

export function urlOriginKey(url: URL): string {
  return originKey(url.protocol, url.hostname, url.port);
}

/**
 * The check that needs no DNS: scheme http(s), and a literal IP address must be public (net.connect does not
 * ask a lookup for literals). Returns the refusal, or null.
 */
export function refuseUrl(url: URL, trusted: ReadonlySet<string>): string | null {
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return `scheme ${url.protocol} is not http(s)`;
  if (url.username !== '' || url.password !== '') return 'the URL carries credentials';
  if (trusted.has(urlOriginKey(url))) return null;
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (isIP(host) !== 0 && !isPublicAddress(host)) return `address ${host} is not public`;
  return null;
}

type LookupCallback = (
  err: NodeJS.ErrnoException | null,
  address: string | LookupAddress[],
  family?: number,
) => void;

/** dns.lookup that answers only with public addresses, and fails when any answer is not public. */
function guardedLookup(hostname: string, options: LookupOptions, callback: LookupCallback): void {
  dnsLookup(hostname, { ...options, all: true }, (err, list) => {
    if (err) return callback(err, []);
    const bad = list.find((a) => !isPublicAddress(a.address));
    if (bad || list.length === 0) {
      return callback(
        new UnsafeAddressError(`${hostname} resolves to ${bad?.address ?? 'nothing'}, which is not public`),
        [],
      );
    }
    if (options.all) return callback(null, list);
    const first = list[0];
    callback(null, first?.address ?? '', first?.family);
  });
}

/**
 * An undici `connect` function: the platform's own origin connects as usual; every other origin must be a
 * public address, a literal checked here and a name through `guardedLookup`.
 */
export function guardedConnector(opts: { timeoutMs: number; trustedOrigins: ReadonlySet<string> }) {
  const plain = buildConnector({ timeout: opts.timeoutMs });
  const guarded = buildConnector({ timeout: opts.timeoutMs, lookup: guardedLookup });
  const connector: buildConnector.connector = (options, callback) => {
    const key = originKey(options.protocol, options.hostname, options.port);
    if (opts.trustedOrigins.has(key)) return plain(options, callback);
    const host = options.hostname.replace(/^\[|\]$/g, '');
    if (isIP(host) !== 0 && !isPublicAddress(host)) {
      callback(new UnsafeAddressError(`address ${host} is not public`), null);
      return;
    }
    guarded(options, callback);
  };
  return connector;
}

/** Finds an UnsafeAddressError however undici wrapped it. */
export function unsafeAddressIn(err: unknown, depth = 0): UnsafeAddressError | undefined {
  if (err instanceof UnsafeAddressError) return err;
  if (depth > 4 || err === null || typeof err !== 'object' || !('cause' in err)) return undefined;
  return unsafeAddressIn(err.cause, depth + 1);
}
