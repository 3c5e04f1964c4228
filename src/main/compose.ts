/**
 * Builds Deps from their parts, the same way for main.ts, the tests' harness and the benchmarks: the shared
 * client (the relay's key), the person-bound client (every call carries the acting person's key), the access
 * feature and the feature services.
 */
import { randomBytes } from 'node:crypto';
import type { SlackAppOptions } from '../runtime/app.ts';
import type { ListenerApp } from '../runtime/listener-table.ts';
import { ACCESS_SECRET_INPUTS, actingPersonKey, actingScope, createAccess } from '../access/index.ts';
import type { Config } from '../base/config.ts';
import type { BaseDeps, Clock, Deps } from '../base/deps.ts';
import type { Logger } from '../base/log.ts';
import {
  createMonitoringClient,
  type MonitoringApi,
  type MonitoringClientOptions,
} from '../monitoring/index.ts';
import { createDirectory } from '../directory/index.ts';
import { deriveMetadataKey, metadataSeal, type MetadataSeal } from '../kit/sealed-metadata.ts';
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
  /**
   * What every Slack app of these deps is given: `register`, the inputs holding secrets (never hashed), and the
   * seal of views' private_metadata.
   */
  slackOptions: Required<Pick<SlackAppOptions, 'register' | 'secretInputs' | 'metadataSeal'>>;
  close(): Promise<void>;
}

/**
 * What the relay runs with: it acts for nobody in particular, so it polls and posts with the shared key and keeps
 * its own site cache (scope "relay"). Local mode's setup uses the same.
 */
export function alertDeps(deps: Deps, scope = 'relay'): Deps {
  const base = { ...deps, monitoring: deps.sharedMonitoring, scope: () => scope };
  return { ...base, directory: createDirectory(base, base.scope) };
}

/**
 * The private_metadata seal (src/kit/sealed-metadata.ts), keyed from a secret the configuration already holds —
 * FIELDLINE_ENCRYPTION_KEY (local mode makes one up in main.ts), else the signing secret, else the bot token — so
 * every replica and job thread of one configuration derives the same key, and a modal opened on one submits on
 * another. Keys being rotated out (FIELDLINE_ENCRYPTION_KEY_PREVIOUS) still open what they sealed.
 */
export function metadataSealFor(config: Config, log: Logger): MetadataSeal {
  const { encryptionKey, previousEncryptionKeys } = config.access;
  const secret = encryptionKey ?? config.slack.signingSecret ?? config.slack.botToken;
  if (secret === undefined) {
    // No secret at all (a bare local-mode config outside main.ts): views submit only to this process.
    log.warn('no secret to derive the private_metadata key from: using a key of this process only');
    return metadataSeal([deriveMetadataKey(randomBytes(32))]);
  }
  const previous = encryptionKey ? previousEncryptionKeys : [];
  return metadataSeal([secret, ...previous].map((s) => deriveMetadataKey(s)));
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
    log: log.child({ module: 'access' }),
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
  const register = (app: ListenerApp) => registerSurfaces(app, deps, { clientWithKey });
  return {
    deps,
    register,
    slackOptions: {
      register,
      secretInputs: ACCESS_SECRET_INPUTS,
      metadataSeal: metadataSealFor(config, log),
    },
    async close() {
      await Promise.all([shared.close(), personal.close()]);
    },
  };
}
