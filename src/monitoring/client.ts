/**
 * createMonitoringClient: the composition of one HTTP core (platform + pre-signed senders, retry policy,
 * timeouts) and one module per resource. Everything with side effects is injectable.
 */
import type { Dispatcher } from 'undici';
import type { Logger } from '../base/log.ts';
import type { MonitoringApi } from './api.ts';
import type { ResourceContext } from './context.ts';
import { csvResource } from './csv.ts';
import { dataSourcesResource } from './data-sources.ts';
import { devicesResource } from './devices.ts';
import { downloadResource } from './download.ts';
import { invalidArgument } from './errors.ts';
import { filesResource } from './files.ts';
import { createPlatformHttp, type ApiKeySource, type Timeouts } from './http.ts';
import { createPresignedHttp } from './presigned-http.ts';
import { postsResource } from './posts.ts';
import { readingsQueryResource } from './readings.ts';
import type { RetryPolicy, Sleep } from './retry.ts';
import { tasksResource } from './tasks.ts';

export interface MonitoringClientOptions {
  /** Platform base URL, e.g. https://api.example.com/prod (a trailing slash is ignored). */
  baseUrl: string;
  /** A fixed key, or a source asked once per call (see ApiKeySource). */
  apiKey: ApiKeySource;
  log?: Logger;
  /**
   * Replaces the keep-alive pools (tests: undici MockAgent). Not closed by close(). It also carries the pre-signed
   * calls, which then bypass the address guard (./guarded-fetch.ts): production wiring (compose.ts) never sets it.
   */
  dispatcher?: Dispatcher;
  retry?: Partial<RetryPolicy>;
  timeouts?: Partial<Timeouts>;
  clock?: { now(): number };
  sleep?: Sleep;
  /** Jitter source in [0, 1). */
  random?: () => number;
}

export function createMonitoringClient(opts: MonitoringClientOptions): MonitoringApi {
  if (typeof opts.apiKey === 'string' ? opts.apiKey.trim() === '' : typeof opts.apiKey !== 'function')
    throw invalidArgument('apiKey', 'is required');
  let base: URL;
  try {
    base = new URL(opts.baseUrl);
  } catch {
    throw invalidArgument('baseUrl', 'must be an absolute URL');
  }
  if (base.search !== '' || base.hash !== '')
    throw invalidArgument('baseUrl', 'must not carry a query or fragment');
  const shared = {
    dispatcher: opts.dispatcher,
    timeouts: opts.timeouts,
    retry: opts.retry,
    sleep: opts.sleep,
    random: opts.random,
    clock: opts.clock,
    log: opts.log,
  };
  const reported = new Set<string>();
  const ctx: ResourceContext = {
    http: createPlatformHttp({ ...shared, baseUrl: opts.baseUrl, apiKey: opts.apiKey }),
    // Built without the key: it has no way to send it.
    presigned: createPresignedHttp({ ...shared, platformUrl: opts.baseUrl }),
    now: opts.clock ? () => opts.clock?.now() ?? Date.now() : Date.now,
    contractViolation(what, detail) {
      // once per endpoint: a platform that breaks a rule breaks it on every call
      if (reported.has(what)) return;
      reported.add(what);
      opts.log?.warn(
        { module: 'monitoring', what, ...detail },
        'platform answer breaks the contract; made safe',
      );
    },
  };
  return {
    dataSources: dataSourcesResource(ctx),
    readings: { ...readingsQueryResource(ctx), ...csvResource(ctx) },
    tasks: tasksResource(ctx),
    posts: postsResource(ctx),
    files: filesResource(ctx),
    devices: devicesResource(ctx),
    download: downloadResource(ctx),
    async close() {
      await Promise.all([ctx.http.close(), ctx.presigned.close()]);
    },
  };
}
