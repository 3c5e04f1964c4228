/**
 * Contract-test fixture: the real sandbox on loopback, the client pointed at it, and a raw sender for the
 * requests the typed client refuses to build (to show both readings of the contract agree on the answer).
 * The client and the sandbox share no code; only the tests see both.
 */
import { request } from 'undici';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { startSandbox, type Sandbox, type SourceView } from '../../../src/sandbox/index.ts';
import { createMonitoringClient, type MonitoringApi } from '../../../src/monitoring/index.ts';

export interface Contract {
  sb: Sandbox;
  client: MonitoringApi;
  /** The key that may touch one site only. */
  limited: MonitoringApi;
  /** An unknown key. */
  stranger: MonitoringApi;
  close(): Promise<void>;
}

export async function startContract(): Promise<Contract> {
  const sb = await startSandbox({ seed: { days: 3 } });
  const make = (apiKey: string) =>
    createMonitoringClient({
      baseUrl: sb.url,
      apiKey,
      // Retries without waiting: the retry count is still observable in the sandbox's request log.
      sleep: async () => undefined,
      random: () => 0,
    });
  const client = make(sb.keys.full);
  const limited = make(sb.keys.limited);
  const stranger = make('not-a-sandbox-key-000');
  return {
    sb,
    client,
    limited,
    stranger,
    async close() {
      await Promise.all([client.close(), limited.close(), stranger.close()]);
      await sb.close();
    },
  };
}

/**
 * Registers the suite's lifecycle (one sandbox + clients per file, admin state reset before each test) and
 * returns the contract, usable inside tests once `beforeAll` has run.
 */
export function useContract(): Contract {
  let current: Contract | undefined;
  beforeAll(async () => {
    current = await startContract();
  });
  afterAll(() => current?.close());
  beforeEach(() => current?.sb.admin.reset());
  const get = (): Contract => {
    if (!current) throw new Error('the contract fixture is used before beforeAll ran');
    return current;
  };
  return {
    get sb() {
      return get().sb;
    },
    get client() {
      return get().client;
    },
    get limited() {
      return get().limited;
    },
    get stranger() {
      return get().stranger;
    },
    close: () => get().close(),
  };
}

/** Relative time mode (contract section 3): whole days from `startOffset` ago until now. */
export function recentDays(startOffset: string) {
  return {
    mode: 'relative',
    startHour: '00:00:00',
    endHour: '23:59:59',
    startOffset,
    endOffset: '0 days',
  } as const;
}

export function sourceOf(sb: Sandbox, pick: (s: SourceView) => boolean): SourceView {
  const found = sb.admin.state.sources.find(pick);
  if (!found) throw new Error('the sandbox seed has no such source');
  return found;
}

export const kind = (k: string) => (s: SourceView) => s.kind === k;

export interface RawAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
  json: unknown;
}

/** A request built by hand, for the rule checks the client would refuse to send. */
export async function raw(
  sb: Sandbox,
  method: 'GET' | 'POST' | 'PATCH' | 'PUT',
  path: string,
  opts: { key?: string | null; body?: unknown; rawBody?: string; headers?: Record<string, string> } = {},
): Promise<RawAnswer> {
  const headers: Record<string, string> = { ...opts.headers };
  const key = opts.key === undefined ? sb.keys.full : opts.key;
  if (key !== null) headers['x-api-key'] = key;
  let body: string | undefined = opts.rawBody;
  if (opts.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(opts.body);
  }
  const url = path.startsWith('http') ? path : sb.url + path;
  const res = await request(url, { method, headers, body });
  const text = await res.body.text();
  let json: unknown = undefined;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: res.statusCode, headers: res.headers, text, json };
}

export async function textOf(body: AsyncIterable<Uint8Array>): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks).toString('utf8');
}

/** Requests the sandbox received on the platform API since the last clearRequests(). */
export function apiRequests(sb: Sandbox) {
  return sb.admin.requests().filter((r) => r.kind === 'api');
}
