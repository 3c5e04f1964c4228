/**
 * Builds Deps from their parts, the same way for main.ts, the tests' harness and the benchmarks: the shared
 * client (the relay's key), the person-bound client (every call carries the acting person's key), the access
 * feature and the feature services.
 */
import type { ListenerApp } from '../runtime/listener-table.ts';
import { actingPersonKey, actingScope, createAccess } from '../access/index.ts';
import type { Config } from '../base/config.ts';
import type { BaseDeps, Clock, Deps } from '../base/deps.ts';
import type { Logger } from '../base/log.ts';
import {
  createMonitoringClient,
  type MonitoringApi,
  type MonitoringClientOptions,
} from '../monitoring/index.ts';
import { createDirectory } from '../directory/index.ts';
import { registerSurfaces } from './register.ts';
import { createServices } from './services.ts';
import type { Store } from '../store/store.ts';

export interface ComposeOptions {
  config: Config;
  log: Logger;
  store: Store;
  clock: Clock;
  platform: { baseUrl: string; sharedKey: string };
  /** Extra client options (tests: quick retries, injected dispatcher). */
  monitoring?: Partial<MonitoringClientOptions>;
}

export interface Composed {
  deps: Deps;
  /** Registers every surface (the access gate first) on a Bolt app: pass as SlackAppOptions.register. */
  register(app: ListenerApp): void;
  close(): Promise<void>;
}

/**
 * What the relay runs with: it acts for nobody in particular, so it polls and posts with the shared key and keeps
 * its own site cache (scope "relay"). Local mode's setup uses the same.
 */
export function relayDeps(deps: Deps, scope = 'relay'): Deps {
  const base = { ...deps, monitoring: deps.sharedMonitoring, scope: () => scope };
  return { ...base, directory: createDirectory(base, base.scope) };
}

export function composeDeps(opts: ComposeOptions): Composed {
  const { config, log, store, clock, platform } = opts;
  const mlog = log.child({ module: 'monitoring' });
  const client = (apiKey: MonitoringClientOptions['apiKey'], extra: Partial<MonitoringClientOptions> = {}) =>
    createMonitoringClient({ baseUrl: platform.baseUrl, log: mlog, ...opts.monitoring, ...extra, apiKey });
  const access = createAccess({
    config: config.access,
    sharedKey: platform.sharedKey,
    store,
    now: clock.now,
  });
  const shared = client(platform.sharedKey);
  const personal = client(actingPersonKey);
  const base: BaseDeps = {
    config,
    log,
    monitoring: access.decorate(personal),
    sharedMonitoring: shared,
    scope: () => actingScope('nobody'),
    store,
    clock,
  };
  const deps: Deps = { ...base, ...createServices(base), access };
  // Checking a pasted key: that key alone, no retries (the check must answer within Slack's 3 s).
  const clientWithKey = (apiKey: string): MonitoringApi => client(apiKey, { retry: { maxRetries: 0 } });
  return {
    deps,
    register: (app) => registerSurfaces(app, deps, { clientWithKey }),
    async close() {
      await Promise.all([shared.close(), personal.close()]);
    },
  };
}
