/**
 * The test bed every Slack feature test uses: the monitoring sandbox, the Slack stand-in and fieldline's Slack
 * app in HTTP mode, each on a loopback port and wired together exactly like local mode — the app's WebClient
 * talks to the stand-in, the stand-in's driver sends signed requests to the app, the monitoring client talks to
 * the sandbox.
 *
 *   const h = await startHarness();
 *   const res = await h.driver.command({ command: '/task', text: 'help' });
 *   await waitFor(() => h.standin.messages().find((m) => m.text.includes('done')));
 *   await h.stop();
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { loadConfig, type StoreUrl } from '../src/config.ts';
import { systemClock, type BaseDeps, type Clock, type Deps } from '../src/deps.ts';
import { createLogger, type Logger } from '../src/log.ts';
import { createMonitoringClient, type MonitoringClientOptions } from '../src/monitoring/index.ts';
import {
  startSandbox,
  type Sandbox,
  type SeedOptions,
  type StartSandboxOptions,
} from '../src/sandbox/index.ts';
import { createServices } from '../src/services.ts';
import { startStandin, type Driver, type Standin, type StandinOptions } from '../src/slack-standin/index.ts';
import { createSlackApp, type SlackApp } from '../src/kit/app.ts';
import { openStore } from '../src/store/open-store.ts';

export interface HarnessOptions {
  seed?: SeedOptions;
  /** Default 'memory'. 'redis' uses 127.0.0.1:6379 with a key prefix of its own; 'sqlite' a temp file. */
  store?: 'memory' | 'sqlite' | 'redis';
  /** Environment-style overrides for loadConfig, e.g. { POLL_INTERVAL_SECONDS: '5', TASK_STATUS_IDS: 'Done=20' }. */
  configOverrides?: Record<string, string>;
  /** Extra sandbox options (live mode, clock, ingestion delay — default 0). */
  sandbox?: Partial<StartSandboxOptions>;
  /** Extra stand-in options (clock, driver timeout, schema path). */
  standin?: Partial<StandinOptions>;
  /** Monitoring client overrides (retry policy, sleep, timeouts). Default: quick retries for tests. */
  monitoring?: Partial<MonitoringClientOptions>;
  clock?: Clock;
  /** Log level of the captured logs (Harness.logs). Default 'debug'. */
  logLevel?: string;
}

export interface Harness {
  sandbox: Sandbox;
  standin: Standin;
  driver: Driver;
  app: SlackApp;
  deps: Deps;
  /** The app's base URL, e.g. http://127.0.0.1:41234 (POST /slack/events, GET /healthz, GET /readyz). */
  url: string;
  /** Every log line the app wrote, as parsed JSON objects. */
  logs: Record<string, unknown>[];
  /** Raw log text (for "never printed" assertions). */
  logText(): string;
  stop(): Promise<void>;
}

/** A logger writing JSON lines into memory. */
export function memoryLogger(level: string, secrets: string[] = []): { log: Logger; lines: string[] } {
  const lines: string[] = [];
  const destination = new Writable({
    write(chunk: Buffer | string, _encoding, callback) {
      lines.push(String(chunk));
      callback();
    },
  });
  return { log: createLogger({ level, secrets, destination }), lines };
}

function storeUrl(kind: HarnessOptions['store'], dir: string): StoreUrl {
  if (kind === 'redis') return { kind: 'redis', url: 'redis://127.0.0.1:6379' };
  if (kind === 'sqlite') return { kind: 'sqlite', path: join(dir, 'fieldline.sqlite') };
  return { kind: 'memory' };
}

export async function startHarness(opts: HarnessOptions = {}): Promise<Harness> {
  const signingSecret = randomBytes(16).toString('hex');
  const botToken = `xoxb-harness-${randomBytes(8).toString('hex')}`;
  const sandbox = await startSandbox({
    ingestionDelayMs: 0,
    ...(opts.seed ? { seed: opts.seed } : {}),
    ...opts.sandbox,
  });
  const { log, lines } = memoryLogger(opts.logLevel ?? 'debug', [
    signingSecret,
    botToken,
    sandbox.keys.full,
    sandbox.keys.limited,
  ]);
  const standin = await startStandin({ signingSecret, botToken, ...opts.standin });

  const dir = await mkdtemp(join(tmpdir(), 'fieldline-harness-'));
  const config = loadConfig({ STORE_URL: 'memory://', ...opts.configOverrides });
  const keyPrefix = `fieldline-test:${randomUUID()}:`;
  const store = await openStore(storeUrl(opts.store, dir), { log, keyPrefix });
  const monitoring = createMonitoringClient({
    baseUrl: sandbox.url,
    apiKey: sandbox.keys.full,
    log: log.child({ module: 'monitoring' }),
    retry: { baseDelayMs: 10, maxDelayMs: 50 },
    ...opts.monitoring,
  });
  const base: BaseDeps = { config, log, monitoring, store, clock: opts.clock ?? systemClock };
  const deps: Deps = { ...base, ...createServices(base) };
  const app = createSlackApp(deps, {
    mode: 'http',
    port: 0,
    host: '127.0.0.1',
    signingSecret,
    botToken,
    slackApiUrl: standin.apiUrl,
    retryConfig: { retries: 2, factor: 1, minTimeout: 20, maxTimeout: 100 },
    drainMs: 2_000,
  });
  const { port } = await app.start();
  const url = `http://127.0.0.1:${port}`;
  standin.setAppUrl(`${url}/slack/events`);

  let stopped = false;
  return {
    sandbox,
    standin,
    driver: standin.driver,
    app,
    deps,
    url,
    get logs() {
      return lines.flatMap((line) => {
        try {
          const parsed: unknown = JSON.parse(line);
          return parsed !== null && typeof parsed === 'object' ? [parsed as Record<string, unknown>] : [];
        } catch {
          return [];
        }
      });
    },
    logText: () => lines.join(''),
    async stop() {
      if (stopped) return;
      stopped = true;
      await app.stop();
      await monitoring.close();
      if (opts.store === 'redis') await clearPrefix(keyPrefix);
      await store.close();
      await standin.close();
      await sandbox.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

async function clearPrefix(prefix: string): Promise<void> {
  const { createClient } = await import('@redis/client');
  const client = createClient({ url: 'redis://127.0.0.1:6379' });
  await client.connect();
  for await (const keys of client.scanIterator({ MATCH: `${prefix}*`, COUNT: 500 })) {
    if (keys.length > 0) await client.del(keys);
  }
  await client.close();
}

/**
 * Polls until `predicate` returns something truthy (handlers keep working after their ack), and returns it.
 * Throws with `message` (or the predicate's source) when it does not happen within `timeoutMs`.
 */
export async function waitFor<T>(
  predicate: () => T | undefined | null | false | Promise<T | undefined | null | false>,
  opts: { timeoutMs?: number; intervalMs?: number; message?: string } = {},
): Promise<T> {
  const timeoutMs = opts.timeoutMs ?? 5_000;
  const intervalMs = opts.intervalMs ?? 25;
  const deadline = Date.now() + timeoutMs;
  let lastError: unknown;
  for (;;) {
    try {
      const value = await predicate();
      if (value) return value;
    } catch (err) {
      lastError = err;
    }
    if (Date.now() >= deadline) {
      const what = opts.message ?? predicate.toString().slice(0, 200);
      throw new Error(`waitFor: not true within ${timeoutMs} ms: ${what}`, { cause: lastError });
    }
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}
