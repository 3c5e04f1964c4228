/**
 * The one file that touches HTTP. Two senders with deliberately different powers:
 * - `createPlatformHttp` talks to the platform: it holds the API key and adds `x-api-key` to every call.
 * - `createPresignedHttp` (./presigned-http.ts) talks to pre-signed URLs (downloads, import PUT, signed-upload
 *   form). It never sees the key and accepts no headers from callers, so it cannot send `x-api-key`.
 * Both map every failure to a MonitoringError with a stable code (./status.ts).
 */
import { Pool, type Dispatcher } from 'undici';
import type { Logger } from '../base/log.ts';
import { observePlatformCall } from '../base/metrics.ts';
import { MonitoringError, scrubber } from './errors.ts';
import { exchange, type Answer } from './exchange.ts';
import { decodeBody, errorForStatus, errorForTransport } from './status.ts';
import {
  DEFAULT_RETRY_POLICY,
  realSleep,
  withRetry,
  type HttpMethod,
  type RetryPolicy,
  type Sleep,
} from './retry.ts';

export interface Timeouts {
  connectMs: number;
  /** Until response headers arrive. GET /export works synchronously for about 30 s, so it asks for more. */
  headersMs: number;
  /** Longest silence while the body streams. */
  bodyMs: number;
  /** One platform call from sending to the last byte of its answer (a body that trickles cannot hold it). */
  totalMs: number;
}
export const DEFAULT_TIMEOUTS: Timeouts = {
  connectMs: 10_000,
  headersMs: 20_000,
  bodyMs: 30_000,
  totalMs: 90_000,
};

/** Connections per platform origin (and per pre-signed origin): a burst queues instead of opening sockets. */
export const MAX_CONNECTIONS = 16;
/** Largest platform JSON answer read (a full GET /reading page is a few MB). */
const MAX_ANSWER_BYTES = 32 * 1024 * 1024;

type Scrub = ReturnType<typeof scrubber>;

export interface TransportOptions {
  dispatcher?: Dispatcher | undefined;
  timeouts?: Partial<Timeouts> | undefined;
  retry?: Partial<RetryPolicy> | undefined;
  sleep?: Sleep | undefined;
  random?: (() => number) | undefined;
  clock?: { now(): number } | undefined;
  log?: Logger | undefined;
}

export interface Transport {
  dispatcher: Dispatcher;
  owned: boolean;
  timeouts: Timeouts;
  policy: RetryPolicy;
  sleep: Sleep;
  random: () => number;
  now: () => number;
  log: Logger | undefined;
}

export function transport(opts: TransportOptions, make: (t: Timeouts) => Dispatcher): Transport {
  const timeouts = { ...DEFAULT_TIMEOUTS, ...opts.timeouts };
  const clock = opts.clock;
  return {
    dispatcher: opts.dispatcher ?? make(timeouts),
    owned: opts.dispatcher === undefined,
    timeouts,
    policy: { ...DEFAULT_RETRY_POLICY, ...opts.retry },
    sleep: opts.sleep ?? realSleep,
    random: opts.random ?? Math.random,
    now: clock ? () => clock.now() : Date.now,
    log: opts.log?.child({ module: 'monitoring' }),
  };
}

export function poolOptions(t: Timeouts) {
  return {
    connections: MAX_CONNECTIONS,
    connect: { timeout: t.connectMs },
    headersTimeout: t.headersMs,
    bodyTimeout: t.bodyMs,
    keepAliveTimeout: 30_000,
  };
}

// ───────────────────────── platform calls ─────────────────────────

export interface PlatformRequest {
  method: HttpMethod;
  /** Path below the base URL, starting with '/', segments already encoded. */
  path: string;
  /** Undefined values are left out. Values are sent verbatim (percent-encoded, spaces as %20). */
  query?: Record<string, string | undefined>;
  /** A JSON body; only then is Content-Type: application/json sent. */
  json?: unknown;
  signal?: AbortSignal | undefined;
  /** Per-call policy changes (for example: do not retry a 500 that is expected). */
  retry?: Partial<RetryPolicy>;
  headersTimeoutMs?: number;
}

export interface PlatformHttp {
  /** Sends the request (retrying per policy) and returns the parsed JSON body of a 2xx answer. */
  send(req: PlatformRequest): Promise<unknown>;
  close(): Promise<void>;
}

/** `?k=v&…` of the defined values (percent-encoded, spaces as %20), or '' when there are none. */
export function encodeQuery(query: Record<string, string | undefined> | undefined): string {
  let out = '';
  if (query === undefined) return out;
  for (const key of Object.keys(query)) {
    const value = query[key];
    if (value === undefined) continue;
    out += `${out === '' ? '?' : '&'}${encodeURIComponent(key)}=${encodeURIComponent(value)}`;
  }
  return out;
}

/**
 * Where the key of a call comes from: a fixed key (the relay's shared key) or a source asked once per call (the
 * acting person's key). A source that throws stops the call before anything is sent.
 */
export type ApiKeySource = string | (() => string | Promise<string>);

export function createPlatformHttp(
  opts: TransportOptions & { baseUrl: string; apiKey: ApiKeySource },
): PlatformHttp {
  const base = new URL(opts.baseUrl);
  const origin = base.origin;
  const prefix = base.pathname.replace(/\/+$/, '');
  const t = transport(opts, (timeouts) => new Pool(origin, poolOptions(timeouts)));
  const keySource = opts.apiKey;

  // One scrubber per key, not per call (a key source usually answers the same key).
  let scrubs: { key: string; scrub: Scrub } | undefined;
  const scrubFor = (key: string): Scrub =>
    scrubs?.key === key ? scrubs.scrub : (scrubs = { key, scrub: scrubber(key) }).scrub;

  async function once(req: PlatformRequest, attempt: number, apiKey: string): Promise<unknown> {
    const scrub = scrubFor(apiKey);
    // contract: Authentication rule 1 — every call carries x-api-key; calls with a JSON body also carry
    // Content-Type: application/json (and only those).
    const headers: Record<string, string> = { 'x-api-key': apiKey, accept: 'application/json' };
    let body: string | undefined;
    if (req.json !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(req.json);
    }
    const where = { method: req.method, path: req.path };
    const started = t.now();
    const timer = performance.now();
    const limits = {
      totalMs: Math.max(t.timeouts.totalMs, req.headersTimeoutMs ?? 0),
      maxBytes: MAX_ANSWER_BYTES,
    };
    let answer: Answer;
    try {
      const request = {
        origin,
        path: prefix + req.path + encodeQuery(req.query),
        method: req.method,
        headers,
        body,
        headersTimeout: req.headersTimeoutMs ?? t.timeouts.headersMs,
        bodyTimeout: t.timeouts.bodyMs,
      };
      answer = await exchange(t.dispatcher, request, where, limits, req.signal);
    } catch (err) {
      observePlatformCall(req.method, req.path, 'transport', (performance.now() - timer) / 1_000);
      throw errorForTransport(err, where, req.signal, scrub);
    }
    const { status } = answer;
    observePlatformCall(req.method, req.path, status, (performance.now() - timer) / 1_000);
    // no log object is built unless debug lines are written
    if (t.log?.isLevelEnabled('debug'))
      t.log.debug({ ...where, status, attempt, ms: t.now() - started }, 'monitoring call');
    const read = decodeBody(answer.bytes, scrub);
    if (status < 200 || status >= 300) {
      throw errorForStatus(status, read, answer.headers['retry-after'], where, t.now());
    }
    if (!read.json.ok) {
      throw new MonitoringError('BAD_RESPONSE', `${req.method} ${req.path}: 2xx answer is not JSON`, {
        ...where,
        status,
        body: read.text,
      });
    }
    return read.json.value;
  }

  return {
    async send(req) {
      const apiKey = typeof keySource === 'string' ? keySource : await keySource();
      return withRetry((attempt) => once(req, attempt, apiKey), {
        method: req.method,
        policy: req.retry ? { ...t.policy, ...req.retry } : t.policy,
        sleep: t.sleep,
        random: t.random,
        signal: req.signal,
        onRetry: ({ retry, delayMs, err }) =>
          t.log?.warn(
            { method: req.method, path: req.path, code: err.code, retry, delayMs },
            'monitoring retry',
          ),
      });
    },
    close: () => (t.owned ? t.dispatcher.close() : Promise.resolve()),
  };
}

/** Reads and discards a body so the connection returns to the pool. */
export async function drain(body: AsyncIterable<Uint8Array>): Promise<void> {
  for await (const _chunk of body) void _chunk;
}
