/**
 * What every Slack handler and background job receives. Built once by main.ts (the composition root);
 * tests build it with fakes or loopback servers. Feature services live in src/services/ and are added to
 * `Services` there.
 */
import type { Config } from './config.ts';
import type { Logger } from './log.ts';
import type { MonitoringApi } from '../monitoring/api.ts';
import type { Store } from '../store/store.ts';
import type { Services } from '../main/services.ts';
import type { Access } from '../access/index.ts';

export interface Clock {
  /** Epoch milliseconds. */
  now(): number;
}
export const systemClock: Clock = { now: () => Date.now() };

export interface BaseDeps {
  config: Config;
  log: Logger;
  /**
   * The acting person's platform client: every call carries the key of the person whose Slack request is being
   * handled (access/), and fails outside any request. Use it for everything done for a person.
   */
  monitoring: MonitoringApi;
  /** The shared MONITORING_API_KEY: the relay (polling, relay messages) and the readiness probe only. */
  sharedMonitoring: MonitoringApi;
  /**
   * Whose view of the platform `monitoring` gives right now (the acting person's, or the relay's): a cache of
   * platform data is kept per scope, so one person's listing is never shown to another.
   */
  scope(): string;
  store: Store;
  clock: Clock;
}

export type Deps = BaseDeps & Services & { access: Access };
