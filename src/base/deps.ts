/**
 * What every Slack handler and background job receives. Built once by the composition root (src/main/); tests
 * build it with fakes or loopback servers. The feature services in `AppServices` are declared by
 * src/main/services.ts, so this bottom layer imports nothing above it.
 */
import type { Config } from './config.ts';
import type { Logger } from './log.ts';
import type { MonitoringApi } from '../monitoring/api.ts';
import type { Store } from '../store/store.ts';

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

/** Filled in by the composition root (src/main/services.ts): the feature services and access. */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface AppServices {}

export type Deps = BaseDeps & AppServices;
