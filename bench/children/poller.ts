/**
 * Poller benchmark, the relay under measurement (its own process, so its peak RSS is its own): the relay
 * wired like main.ts (sqlite store, monitoring client, directory), one channel subscribed to alerts and tasks
 * of every site, Slack writes discarded. env: BENCH_SANDBOX_URL, BENCH_API_KEY.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { pino } from 'pino';
import { loadConfig } from '../../src/base/config.ts';
import { systemClock, type BaseDeps } from '../../src/base/deps.ts';
import { createLogger } from '../../src/base/log.ts';
import { createMonitoringClient } from '../../src/monitoring/index.ts';
import { createAlertEngine } from '../../src/alerts/engine/alert-engine.ts';
import { alertStore } from '../../src/alerts/engine/alert-store.ts';
import { subscribeEverySite } from '../../src/alerts/rules/subscriptions.ts';
import { createServices } from '../../src/main/services.ts';
import { openStore } from '../../src/store/open-store.ts';
import { serveParent } from '../lib/child.ts';

const dir = await mkdtemp(join(tmpdir(), 'fieldline-poller-'));
const apiKey = process.env.BENCH_API_KEY ?? '';
const log = createLogger({
  level: 'info',
  secrets: [apiKey],
  destination: pino.destination({ dest: '/dev/null', sync: false }),
});
const config = loadConfig({
  STORE_URL: `sqlite://${join(dir, 'fieldline.sqlite')}`,
  SLACK_BOT_TOKEN: 'xoxb-bench',
  SLACK_SIGNING_SECRET: 'bench',
  // The relay acts for nobody: it polls with the shared key whatever the access mode; no people's keys here.
  ACCESS_MODE: 'shared',
});
const store = await openStore(config.store, { log });
const monitoring = createMonitoringClient({ baseUrl: process.env.BENCH_SANDBOX_URL ?? '', apiKey, log });
const base: BaseDeps = {
  config,
  log,
  monitoring,
  sharedMonitoring: monitoring,
  scope: () => 'relay',
  store,
  clock: systemClock,
};
const services = createServices(base);
const relay = createAlertEngine(
  { ...base, directory: services.directory },
  {
    slack: {
      post: async () => `${Date.now() / 1000}`,
      update: async () => undefined,
      join: async () => undefined,
    },
  },
);
await subscribeEverySite(alertStore(store), 'C0BENCH', { alerts: true, tasks: true }, Date.now());

function memory() {
  return { rss: process.memoryUsage().rss, maxRss: process.resourceUsage().maxRSS * 1024 };
}

serveParent(
  {
    memory,
    cycle: async () => {
      const started = performance.now();
      const report = await relay.runCycle();
      return {
        ms: performance.now() - started,
        outcome: report.outcome,
        calls: report.calls,
        error: report.error?.message,
        ...memory(),
      };
    },
  },
  async () => {
    await relay.stop();
    await monitoring.close();
    await store.close();
    await rm(dir, { recursive: true, force: true });
  },
);
