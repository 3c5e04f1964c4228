/** Shared fixtures for the monitoring client's unit tests: a MockAgent with no network and a recording sleep. */
import { MockAgent, type Interceptable } from 'undici';
import {
  createMonitoringClient,
  type MonitoringApi,
  type MonitoringClientOptions,
} from '../../src/monitoring/index.ts';

export const KEY = 'k3y-Secret-For-Tests-0123456789abcdef';
export const BASE = 'https://platform.test';
export const STORAGE = 'https://storage.test';

export interface MockSetup {
  agent: MockAgent;
  platform: Interceptable;
  storage: Interceptable;
  client: MonitoringApi;
  /** Every wait the retry policy asked for, in order. */
  sleeps: number[];
  /** Requests that reached the mock, in order. */
  calls(): {
    method: string;
    path: string;
    query: Record<string, string>;
    headers: Record<string, string>;
    body: string | null;
    origin: string;
  }[];
}

export function setup(overrides: Partial<MonitoringClientOptions> = {}): MockSetup {
  const agent = new MockAgent({ enableCallHistory: true });
  agent.disableNetConnect();
  const sleeps: number[] = [];
  const client = createMonitoringClient({
    baseUrl: BASE,
    apiKey: KEY,
    dispatcher: agent,
    sleep: async (ms) => {
      sleeps.push(ms);
    },
    random: () => 0.5,
    clock: { now: () => Date.parse('2025-03-01T12:00:00Z') },
    ...overrides,
  });
  return {
    agent,
    platform: agent.get(BASE),
    storage: agent.get(STORAGE),
    client,
    sleeps,
    calls: () =>
      (agent.getCallHistory()?.calls() ?? []).map((c) => ({
        method: c.method,
        path: c.path,
        query: c.searchParams,
        origin: c.origin,
        headers: Object.fromEntries(
          Object.entries(c.headers ?? {}).map(([k, v]) => [
            k.toLowerCase(),
            Array.isArray(v) ? v.join(',') : v,
          ]),
        ),
        body: bodyText(c.body),
      })),
  };
}

export const json = { 'content-type': 'application/json' };

/** A relative reading range: the last seven days, whole days. */
export const LAST_7_DAYS = {
  mode: 'relative',
  startHour: '00:00:00',
  endHour: '23:59:59',
  startOffset: '7 days',
  endOffset: '0 days',
} as const;

/** Runs `fn` and returns what it threw (fails the test when it does not throw). */
export async function caught(fn: () => Promise<unknown>): Promise<unknown> {
  try {
    await fn();
  } catch (err) {
    return err;
  }
  throw new Error('expected a failure, got success');
}

export async function collect<T>(iterable: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const item of iterable) out.push(item);
  return out;
}

/** Call history keeps string bodies as strings and byte bodies as Uint8Array. */
function bodyText(body: unknown): string | null {
  if (typeof body === 'string') return body;
  if (body instanceof Uint8Array) return Buffer.from(body).toString('utf8');
  return null;
}

/** A data-source list row / full record with the fields the contract says are always present. */
export function sourceRecord(id: string, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    id,
    name: `Source ${id}`,
    type: { id: '1', name: 'Meter' },
    applying: { id: '1', name: 'Sensor' },
    site: { id: 's1', name: 'Porto', channelId: 'ch1' },
    tzTimezoneName: 'Europe/Lisbon',
    validationStatus: { id: 20, name: 'Valid' },
    isShared: false,
    ...extra,
  };
}
