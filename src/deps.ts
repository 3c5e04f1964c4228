/**
 * What every Slack handler and background job receives. Built once by main.ts (the composition root);
 * tests build it with fakes or loopback servers. Feature services live in src/services/ and are added to
 * `Services` there.
 */
import type { Config } from './config.ts';
import type { Logger } from './log.ts';
import type { MonitoringApi } from './monitoring/api.ts';
import type { Store } from './store/store.ts';
import type { Services } from './services.ts';

export interface Clock {
  /** Epoch milliseconds. */
  now(): number;
}
export const systemClock: Clock = { now: () => Date.now() };

export interface BaseDeps {
  config: Config;
  log: Logger;
  monitoring: MonitoringApi;
  store: Store;
  clock: Clock;
}

export type Deps = BaseDeps & Services;
