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
import { loadConfig, type StoreUrl } from '../src/base/config.ts';
import { actAs, actingPersonFor, type KeyVault } from '../src/access/index.ts';
import { composeDeps } from '../src/main/compose.ts';
import { systemClock, type Clock, type Deps } from '../src/base/deps.ts';
import { linkLocalPeople } from '../src/main/local/link-people.ts';
import { createLogger, type Logger } from '../src/base/log.ts';
import type { MonitoringClientOptions } from '../src/monitoring/index.ts';
import {
  startSandbox,
  type Sandbox,
  type SeedOptions,
  type StartSandboxOptions,
} from '../src/sandbox/index.ts';
import {
  startStandin,
  TEAM,
  type Driver,
  type Standin,
  type StandinOptions,
} from '../src/slack-standin/index.ts';
import { createSlackApp, type SlackApp } from '../src/runtime/app.ts';
import { openStore } from '../src/store/open-store.ts';
import { setUpJobs } from '../src/main/jobs-setup.ts';
import { installPages } from '../src/main/install-pages.ts';
import { installSeededWorkspace } from '../src/main/local/install-seeded.ts';
import { requireRedisUrl } from './setup/redis-url.ts';

export interface HarnessOptions {
  seed?: SeedOptions;
  /**
   * Default 'memory'. 'redis' uses the tests' Redis (test/setup/redis.ts; guard with `skipIf(!redisUrl())`) with a
   * key prefix of its own; 'sqlite' a temp file.
   */
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
  /**
   * Who is linked to which platform key before the test starts. 'everyone' (default): each seeded member acts with
   * a key of their own that sees every site (the feature tests' world); 'local': exactly local mode's links (Ana:
   * every site, Ben: Chicago Works only, nobody else); 'none': nobody.
   */
  links?: 'everyone' | 'local' | 'none';
  /**
   * 'http' (default): the stand-in POSTs signed requests to the app. 'socket': the app connects with the stand-in's
   * app-level token and the driver sends envelopes over its Socket Mode connections.
   */
  slackMode?: 'http' | 'socket';
  /**
   * The job queue between acks and work (issue 18). Default: in-process on the app's own event loop (so fakes
   * injected here reach the work). `runner: 'thread'` runs jobs in a worker thread built from the config, like
   * main.ts; with `store: 'redis'` the engine is BullMQ. Limits default to the config's.
   */
  /**
   * Installed with OAuth (issue 39), as local mode is: the stand-in offers its workspaces and organisation
   * (`standin.workspaces`), the seeded workspace is installed from the start, the app serves /slack/install.
   * `tokenLifetimeSeconds` turns token rotation on.
   */
  oauth?: { tokenLifetimeSeconds?: number };
  jobs?: {
    runner?: 'thread' | 'event-loop';
    concurrency?: number;
    maxWaiting?: number;
    lockSeconds?: number;
  };
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
  /** The store's file with store: 'sqlite'. */
  storePath?: string;
  /** The store's key prefix (a second store over the same file or Redis sees the same keys). */
  storePrefix: string;
  /** Runs `fn` as the Slack person `user` would (their key, their rights): for calling services directly. */
  asPerson<T>(user: string, fn: () => Promise<T>): Promise<T>;
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
  if (kind === 'redis') return { kind: 'redis', url: requireRedisUrl() };
  if (kind === 'sqlite') return { kind: 'sqlite', path: join(dir, 'fieldline.sqlite') };
  return { kind: 'memory' };
}

export async function startHarness(given: HarnessOptions = {}): Promise<Harness> {
  // The access-oauth project (vitest.config.ts) runs tests that name no shape against an OAuth installation.
  const opts = process.env.FIELDLINE_TEST_SHAPE === 'oauth' && !given.oauth ? { ...given, oauth: {} } : given;
  const signingSecret = randomBytes(16).toString('hex');
  const botToken = `xoxb-harness-${randomBytes(8).toString('hex')}`;
  const appToken = `xapp-1-harness-${randomBytes(8).toString('hex')}`;
  const sandbox = await startSandbox({
    ingestionDelayMs: 0,
    ...(opts.seed ? { seed: opts.seed } : {}),
    ...opts.sandbox,
  });
  const oauth = opts.oauth
    ? {
        clientId: '1000000001.2000000002',
        clientSecret: randomBytes(16).toString('hex'),
        stateSecret: randomBytes(24).toString('hex'),
      }
    : undefined;
  const { log, lines } = memoryLogger(opts.logLevel ?? 'debug', [
    ...(oauth ? [oauth.clientSecret, oauth.stateSecret] : []),
    signingSecret,
    botToken,
    appToken,
    sandbox.keys.full,
    sandbox.keys.limited,
  ]);
  const socket = opts.slackMode === 'socket';
  const standin = await startStandin({
    signingSecret,
    botToken,
    appToken,
    socketMode: socket,
    ...(oauth
      ? {
          oauth: {
            clientId: oauth.clientId,
            clientSecret: oauth.clientSecret,
            ...(opts.oauth?.tokenLifetimeSeconds
              ? { tokenLifetimeSeconds: opts.oauth.tokenLifetimeSeconds }
              : {}),
          },
        }
      : {}),
    ...opts.standin,
  });

  const dir = await mkdtemp(join(tmpdir(), 'fieldline-harness-'));
  const loaded = loadConfig({ STORE_URL: 'memory://', ...opts.configOverrides });
  const encryptionKey = loaded.access.encryptionKey ?? randomBytes(32);
  const config = {
    ...loaded,
    access: { ...loaded.access, encryptionKey },
    ...(oauth ? { slack: { ...loaded.slack, oauth } } : {}),
  };
  const keyPrefix = `fieldline-test:${randomUUID()}:`;
  const store = await openStore(storeUrl(opts.store, dir), { log, keyPrefix });
  const composed = composeDeps({
    config,
    log,
    store,
    clock: opts.clock ?? systemClock,
    platform: { baseUrl: sandbox.url, sharedKey: sandbox.keys.full },
    monitoring: { retry: { baseDelayMs: 10, maxDelayMs: 50 }, ...opts.monitoring },
    slackApiUrl: standin.apiUrl,
  });
  const deps = composed.deps;
  // The bot token's own workspace keeps the default relay's records (issue 39), as main.ts learns by auth.test.
  deps.connections.setHome(async () => TEAM.id);
  if (oauth) await installSeededWorkspace(deps, { token: botToken, userId: standin.botUserId });
  await linkPeople(deps.access.vault, sandbox, opts.links ?? 'everyone');
  const jobsConfig = {
    ...config.jobs,
    runner: opts.jobs?.runner ?? 'event-loop',
    ...(opts.jobs?.concurrency ? { concurrency: opts.jobs.concurrency } : {}),
    ...(opts.jobs?.maxWaiting ? { maxWaiting: opts.jobs.maxWaiting } : {}),
    ...(opts.jobs?.lockSeconds ? { lockSeconds: opts.jobs.lockSeconds } : {}),
  } as const;
  const jobs = setUpJobs({
    // BullMQ only when a test asks for jobs with the Redis store; other Redis tests keep the in-process queue.
    config: {
      ...config,
      store: opts.jobs ? storeUrl(opts.store, dir) : { kind: 'memory' },
      storePrefix: keyPrefix,
      jobs: jobsConfig,
    },
    log,
    store,
    platform: { baseUrl: sandbox.url, sharedKey: sandbox.keys.full },
    botToken,
    slackApiUrl: standin.apiUrl,
    secrets: [signingSecret, botToken, sandbox.keys.full],
    pretty: false,
    logFile: process.env.HARNESS_THREAD_LOG ?? '/dev/null',
  });
  const app = createSlackApp(deps, {
    jobQueue: jobs.jobQueue,
    ...composed.slackOptions,
    mode: socket ? 'socket' : 'http',
    appToken,
    port: 0,
    host: '127.0.0.1',
    signingSecret,
    botToken,
    slackApiUrl: standin.apiUrl,
    retryConfig: { retries: 2, factor: 1, minTimeout: 20, maxTimeout: 100 },
    drainMs: 2_000,
    ...(oauth
      ? {
          routes: installPages(deps, {
            credentials: oauth,
            slackApiUrl: standin.apiUrl,
            ...(standin.authorizeUrl ? { authorizationUrl: standin.authorizeUrl } : {}),
          }),
        }
      : {}),
  });
  const { port } = await app.start();
  // A job thread compiles and builds its app first: tests start once it can take jobs.
  await jobs.ready();
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
    storePrefix: keyPrefix,
    asPerson: (user, fn) =>
      actAs(actingPersonFor(deps.access.deps, { teamId: TEAM.id, userId: user }, app.app.client), fn),
    ...(opts.store === 'sqlite' ? { storePath: join(dir, 'fieldline.sqlite') } : {}),
    async stop() {
      if (stopped) return;
      stopped = true;
      await app.stop();
      await jobs.close();
      await composed.close();
      if (opts.store === 'redis') await clearPrefix(keyPrefix);
      await store.close();
      await standin.close();
      await sandbox.close();
      await rm(dir, { recursive: true, force: true });
      // Every flow through the harness is checked against Slack's published Web API arguments (when ../shared
      // has the spec): an undocumented argument or method fails the test that made it.
      const outsideSpec = standin.specProblems();
      if (outsideSpec.length > 0)
        throw new Error(`Web API calls outside Slack's published spec: ${JSON.stringify(outsideSpec)}`);
    },
  };
}

/** Seeded Slack members → the platform user with their email (Eve and Nia have none: the operator's). */
const EVERYONE: Record<string, string> = {
  U0ANA: '501',
  U0BEN: '502',
  U0CHL: '511',
  U0DAV: '504',
  U0EVE: '513',
  U0NIA: '513',
};

async function linkPeople(vault: KeyVault | null, sandbox: Sandbox, links: HarnessOptions['links']) {
  if (!vault || links === 'none') return;
  if (links === 'local') return void (await linkLocalPeople(vault, sandbox.userKeys));
  for (const [slackUser, platformUser] of Object.entries(EVERYONE))
    await vault.save(TEAM.id, slackUser, sandbox.admin.mintKey({ userId: platformUser }));
}

async function clearPrefix(prefix: string): Promise<void> {
  const { createClient } = await import('@redis/client');
  const client = createClient({ url: requireRedisUrl() });
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
