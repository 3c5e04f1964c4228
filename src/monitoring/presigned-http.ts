/**
 * The sender for pre-signed URLs (downloads, import PUT, signed-upload form). Its powers are deliberately
 * small:
 * - it never sees the API key and accepts no headers from callers, so it cannot send `x-api-key` or
 *   `Authorization` // contract: Authentication rule 4 — do not send them to pre-signed URLs;
 * - it connects only to public addresses, or to the platform's own origin (./guarded-fetch.ts);
 * - it follows at most MAX_REDIRECTS redirects of a GET, each hop checked again;
 * - it reads at most `maxBytes` of an answer.
 */
import { Agent, type Dispatcher } from 'undici';
import { MonitoringError, scrubber } from './errors.ts';
import { guardedConnector, refuseUrl, unsafeAddressIn, urlOriginKey } from './guarded-fetch.ts';
import { poolOptions, transport, type TransportOptions } from './http.ts';
import { withRetry } from './retry.ts';
import { errorForTransport, readBody } from './status.ts';

const MAX_REDIRECTS = 3;
/** Above every caller's own limit (exports 200 MB, files 100 MB): a backstop for an answer without end. */
const MAX_PRESIGNED_BYTES = 256 * 1024 * 1024;

export interface PresignedRequest {
  method: 'GET' | 'PUT' | 'POST';
  url: string;
  body?: Uint8Array | string;
  /** The only header a caller can choose. There is intentionally no way to pass others. */
  contentType?: string;
  signal?: AbortSignal | undefined;
  /** Which statuses count as success (default: any 2xx). */
  accept?: (status: number) => boolean;
  /** The code of a refused answer. */
  failCode: (status: number) => MonitoringError['code'];
  /** Only idempotent GETs are retried. */
  retry?: boolean;
}

export interface PresignedResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: AsyncIterable<Uint8Array>;
}

export interface PresignedHttp {
  send(req: PresignedRequest): Promise<PresignedResponse>;
  close(): Promise<void>;
}

export interface PresignedOptions extends TransportOptions {
  /** The platform's base URL: its origin is the one non-public origin allowed (the sandbox on loopback). */
  platformUrl?: string;
  maxBytes?: number;
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

/** The body, failing once more than `max` bytes have come. */
async function* capped(body: AsyncIterable<Uint8Array>, max: number, where: string) {
  let size = 0;
  for await (const chunk of body) {
    size += chunk.length;
    if (size > max)
      throw new MonitoringError('BAD_RESPONSE', `${where}: answer larger than ${max} bytes`, { path: where });
    yield chunk;
  }
}

function header(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

export function createPresignedHttp(opts: PresignedOptions): PresignedHttp {
  const trusted = new Set<string>(opts.platformUrl ? [urlOriginKey(new URL(opts.platformUrl))] : []);
  const maxBytes = opts.maxBytes ?? MAX_PRESIGNED_BYTES;
  const t = transport(
    opts,
    (timeouts) =>
      new Agent({
        ...poolOptions(timeouts),
        connect: guardedConnector({ timeoutMs: timeouts.connectMs, trustedOrigins: trusted }),
      }),
  );
  const scrub = scrubber('');

  const unsafe = (url: URL, method: string, why: string) =>
    new MonitoringError('UNSAFE_URL', `${method} ${url.origin}${url.pathname} refused: ${why}`, {
      method,
      path: url.origin + url.pathname,
    });

  async function hop(req: PresignedRequest, url: URL): Promise<Dispatcher.ResponseData> {
    // The signature lives in the query string: errors name the origin and path only.
    const where = { method: req.method, path: url.origin + url.pathname };
    const refused = refuseUrl(url, trusted);
    if (refused) throw unsafe(url, req.method, refused);
    const headers: Record<string, string> = {};
    if (req.contentType !== undefined) headers['content-type'] = req.contentType;
    try {
      return await t.dispatcher.request({
        origin: url.origin,
        path: url.pathname + url.search,
        method: req.method,
        headers,
        body: req.body,
        signal: req.signal,
        headersTimeout: t.timeouts.headersMs,
        bodyTimeout: t.timeouts.bodyMs,
      });
    } catch (err) {
      const blocked = unsafeAddressIn(err);
      if (blocked && !req.signal?.aborted) throw unsafe(url, req.method, blocked.message);
      throw errorForTransport(err, where, req.signal, scrub);
    }
  }

  /** A Location that is not a URL is refused like any other unsafe hop, not thrown as a TypeError. */
  function redirectTarget(location: string, from: URL, method: string): URL {
    try {
      return new URL(location, from);
    } catch {
      throw unsafe(from, method, 'the redirect Location is not a URL');
    }
  }

  async function once(req: PresignedRequest): Promise<PresignedResponse> {
    let url: URL;
    try {
      url = new URL(req.url);
    } catch {
      throw new MonitoringError('UNSAFE_URL', `${req.method}: the pre-signed URL is not a URL`);
    }
    let res = await hop(req, url);
    // A GET may be redirected (storage moving an object); each hop is checked like the first.
    for (let redirects = 0; req.method === 'GET' && REDIRECTS.has(res.statusCode); redirects += 1) {
      const location = header(res.headers.location);
      // Without a Location the 3xx is the answer (refused below with its body read).
      if (location === undefined) break;
      await res.body.dump().catch(() => undefined);
      if (redirects >= MAX_REDIRECTS) throw unsafe(url, req.method, `more than ${MAX_REDIRECTS} redirects`);
      url = redirectTarget(location, url, req.method);
      res = await hop(req, url);
    }
    const where = { method: req.method, path: url.origin + url.pathname };
    const accept = req.accept ?? ((s: number) => s >= 200 && s < 300);
    t.log?.debug({ ...where, status: res.statusCode }, 'pre-signed call');
    if (accept(res.statusCode)) {
      const declared = Number(header(res.headers['content-length']));
      if (Number.isFinite(declared) && declared > maxBytes) {
        res.body.on('error', () => undefined).destroy();
        throw new MonitoringError(
          'BAD_RESPONSE',
          `${where.path}: answer larger than ${maxBytes} bytes`,
          where,
        );
      }
      return { status: res.statusCode, headers: res.headers, body: capped(res.body, maxBytes, where.path) };
    }
    const read = await readBody(res, where, req.signal, scrub, 1024 * 1024);
    const code = req.failCode(res.statusCode);
    throw new MonitoringError(code, `${req.method} ${where.path} answered ${res.statusCode}`, {
      ...where,
      status: res.statusCode,
      body: read.json.ok ? read.json.value : read.text,
    });
  }

  return {
    send(req) {
      return withRetry(() => once(req), {
        method: req.method,
        policy: { ...t.policy, methods: req.retry === true ? [req.method] : [] },
        sleep: t.sleep,
        random: t.random,
        signal: req.signal,
      });
    },
    close: () => (t.owned ? t.dispatcher.close() : Promise.resolve()),
  };
}
