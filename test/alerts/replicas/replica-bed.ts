/**
 * Test bed for several replicas: the monitoring sandbox and the Slack stand-in in this process, and fieldline
 * replicas as separate OS processes sharing one Redis under a key prefix of this run. Each replica reaches the
 * sandbox through its own counting proxy, so the test sees which replica polls.
 */
import { randomUUID } from 'node:crypto';
import { createClient } from '@redis/client';
import { startSandbox, type Sandbox } from '../../../src/sandbox/index.ts';
import { startStandin, type Standin } from '../../../src/slack-standin/index.ts';
import { waitFor } from '../../harness.ts';
import { deleteKeys } from '../../fixtures/redis-keys.ts';
import { startCountingProxy, type CountingProxy } from './counting-proxy.ts';
import { startReplica, type Replica } from './replica-process.ts';

export const LEASE_TTL_SECONDS = 2;
export const POLL_INTERVAL_SECONDS = 1;

export interface ReplicaBed {
  sandbox: Sandbox;
  standin: Standin;
  redisUrl: string;
  prefix: string;
  /** Every replica started, alive or killed. */
  replicas: Replica[];
  proxyOf(replica: Replica): CountingProxy;
  /** Starts one more replica (with its own proxy). */
  spawn(name: string): Promise<Replica>;
  alive(): Replica[];
  /** Waits until exactly one live replica says it leads, and returns it. */
  leader(timeoutMs?: number): Promise<Replica>;
  /** Reads a value the app stored (keyv's JSON envelope) under `<prefix><key>`. */
  stored<T>(key: string): Promise<T | undefined>;
  stop(): Promise<void>;
}

export interface ReplicaBedOptions {
  /** The Redis the replicas share: the tests' (test/setup/redis-url.ts) or a dedicated redis-server. */
  redisUrl: string;
  /** Delay added by each proxy to every platform call (stretches cycles). */
  proxyDelayMs?: number;
  env?: Record<string, string>;
}

export async function startReplicaBed(opts: ReplicaBedOptions): Promise<ReplicaBed> {
  const redisUrl = opts.redisUrl;
  const prefix = `fieldline-test:${randomUUID()}:`;
  const sandbox = await startSandbox({ host: '127.0.0.1', port: 0, ingestionDelayMs: 0 });
  const standin = await startStandin({});
  const redis = createClient({
    url: redisUrl,
    socket: { reconnectStrategy: (n: number) => Math.min(50 * n, 500) },
  });
  redis.on('error', () => undefined);
  await redis.connect();
  const replicas: Replica[] = [];
  const proxies = new Map<Replica, CountingProxy>();
  const unclaimed: CountingProxy[] = [];

  const env = (proxy: CountingProxy): Record<string, string> => ({
    SLACK_BOT_TOKEN: standin.botToken,
    SLACK_SIGNING_SECRET: standin.signingSecret,
    SLACK_API_URL: standin.apiUrl,
    MONITORING_BASE_URL: proxy.url,
    MONITORING_API_KEY: sandbox.keys.full,
    STORE_URL: redisUrl,
    STORE_PREFIX: prefix,
    POLL_INTERVAL_SECONDS: String(POLL_INTERVAL_SECONDS),
    LEASE_TTL_SECONDS: String(LEASE_TTL_SECONDS),
    ALERT_PENDING_SECONDS: '0',
    ...opts.env,
  });

  const bed: ReplicaBed = {
    sandbox,
    standin,
    redisUrl,
    prefix,
    replicas,
    proxyOf(replica) {
      const proxy = proxies.get(replica);
      if (!proxy) throw new Error(`no proxy for ${replica.name}`);
      return proxy;
    },
    async spawn(name) {
      const proxy = await startCountingProxy(sandbox.url, { delayMs: opts.proxyDelayMs });
      unclaimed.push(proxy);
      const replica = await startReplica(name, env(proxy));
      unclaimed.splice(unclaimed.indexOf(proxy), 1);
      proxies.set(replica, proxy);
      replicas.push(replica);
      return replica;
    },
    alive: () => replicas.filter((r) => !r.exited()),
    async leader(timeoutMs = 10_000) {
      return waitFor(
        () => {
          const leaders = bed.alive().filter((r) => r.leader());
          return leaders.length === 1 ? leaders[0] : undefined;
        },
        { timeoutMs, intervalMs: 10, message: 'exactly one leader' },
      );
    },
    async stored<T>(key: string) {
      const raw = await redis.get(`${prefix}${key}`);
      if (raw === null) return undefined;
      const parsed = JSON.parse(raw) as { value?: T };
      return parsed.value;
    },
    async stop() {
      await Promise.all(replicas.map((r) => r.kill('SIGKILL')));
      await Promise.all([...proxies.values(), ...unclaimed].map((p) => p.close()));
      await deleteKeys(redis, prefix);
      await redis.close();
      await standin.close();
      await sandbox.close();
    },
  };
  return bed;
}
