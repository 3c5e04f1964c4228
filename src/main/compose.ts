/**
 * Builds Deps from their parts, the same way for main.ts, the tests' harness and the benchmarks: the shared
 * client (the relay's key), the person-bound client (every call carries the acting person's key), the access
 * feature and the feature services.
 */
import { randomBytes } from 'node:crypto';
import { isMainThread } from 'node:worker_threads';
import { WebClient } from '@slack/web-api';
import { workspaceKeyOf, type InstallationIds, type WorkspaceKey } from '../kit/workspace.ts';
import type { SlackAppOptions } from '../runtime/app.ts';
import type { ListenerApp } from '../runtime/listener-table.ts';
import {
  ACCESS_SECRET_INPUTS,
  actingPerson,
  actingPersonKey,
  actingScope,
  actingWorkspace,
  createAccess,
} from '../access/index.ts';
import {
  CONNECTION_SECRET_INPUTS,
  createConnections,
  createPlatformClients,
  WorkspaceNotConnectedError,
} from '../connections/index.ts';
import type { Config } from '../base/config.ts';
import type { BaseDeps, Clock, Deps } from '../base/deps.ts';
import type { Logger } from '../base/log.ts';
import {
  createMonitoringClient,
  createRoutedMonitoring,
  type MonitoringApi,
  type MonitoringClientOptions,
} from '../monitoring/index.ts';
import { createDirectory } from '../directory/index.ts';
import { createInstalls, installationAuthorize, refreshExchange } from '../installs/index.ts';
import { deriveMetadataKey, metadataSeal, type MetadataSeal } from '../kit/sealed-metadata.ts';
import { registerSurfaces } from './register.ts';
import {
  auditedMonitoring,
  auditVault,
  createAuditTrail,
  createMetricsEndpoint,
  requestChannel,
  type AuditWho,
  type MetricsEndpoint,
} from '../ops/index.ts';
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
  /** Where the Web API is when it is not config.slack.apiUrl (the stand-in): installations' tokens are refreshed there. */
  slackApiUrl?: string;
}

export interface Composed {
  deps: Deps;
  /** Registers every surface (the access gate first) on a Bolt app: pass as SlackAppOptions.register. */
  register(app: ListenerApp): void;
  /**
   * What every Slack app of these deps is given: `register`, the inputs holding secrets (never hashed), and the
   * seal of views' private_metadata.
   */
  slackOptions: Required<Pick<SlackAppOptions, 'register' | 'secretInputs' | 'metadataSeal'>> &
    Pick<SlackAppOptions, 'authorize' | 'metrics'>;
  /** /metrics (issue 42): the main thread's; a job thread's figures are asked for at each scrape. */
  metrics?: MetricsEndpoint;
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
/**
 * The workspace of the environment's bot token (auth.test, asked once when first needed): it keeps the default
 * relay and its store namespace when its admin sets a connection of its own (issue 39). None without a token.
 */
export function homeWorkspaceResolver(
  botToken: string | undefined,
  apiUrl: string,
): () => Promise<WorkspaceKey | undefined> {
  return async () => {
    if (!botToken) return undefined;
    const auth = await new WebClient(botToken, { slackApiUrl: apiUrl }).auth.test();
    const ids = {
      teamId: typeof auth.team_id === 'string' ? auth.team_id : undefined,
      enterpriseId: typeof auth.enterprise_id === 'string' ? auth.enterprise_id : undefined,
      isEnterpriseInstall: auth.is_enterprise_install === true,
    };
    return workspaceKeyOf(ids);
  };
}

/** The ids an installation is found by, from its key (`E…` an org-wide install, else a workspace). */
export function installationIdsOf(key: WorkspaceKey): InstallationIds {
  return key.startsWith('E') ? { enterpriseId: key, isEnterpriseInstall: true } : { teamId: key };
}

/** Who acts and where, for an audit entry: the request's person (their platform user when known), else the relay. */
async function auditWho(access: ReturnType<typeof createAccess>): Promise<AuditWho> {
  const person = actingPerson();
  const channel = requestChannel();
  if (!person) return { actor: 'relay', slackUser: null, platformUser: null, workspace: null, channel };
  const info = await access.vault?.info(person.teamId, person.userId).catch(() => null);
  return {
    actor: 'person',
    slackUser: person.userId,
    platformUser: info?.platformUser?.id ?? null,
    workspace: person.workspace ?? person.teamId,
    channel,
  };
}

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
    perInstallation: config.slack.oauth !== undefined,
  });
  // Installed with OAuth (issue 39): each request with its installation's token; nothing stored otherwise.
  const vault = access.vault;
  const installs = createInstalls({
    store,
    multi: config.slack.oauth !== undefined,
    dataKey: config.access.encryptionKey,
    previousKeys: config.access.previousEncryptionKeys,
    now: clock.now,
    log: log.child({ module: 'installs' }),
    ...(vault ? { removePeopleKeys: (teamId: string) => vault.removeWorkspace(teamId) } : {}),
  });
  if (config.slack.oauth)
    installs.useSlackApi(
      refreshExchange(config.slack.oauth, { slackApiUrl: opts.slackApiUrl ?? config.slack.apiUrl }),
    );
  // One platform connection per workspace (issue 39): the environment's is the default of every workspace
  // without its own; the person-bound client goes to the acting workspace's platform.
  const connections = createConnections({
    store,
    dataKey: config.access.encryptionKey,
    previousKeys: config.access.previousEncryptionKeys,
    // Installed by many workspaces with no MONITORING_* (outside local mode): no default; each admin connects.
    defaultConnection:
      config.slack.oauth && config.slack.mode !== 'local' && config.monitoring.kind === 'sandbox'
        ? undefined
        : // Extra client options may name another base URL (tests: a fault proxy in front of the sandbox).
          { baseUrl: opts.monitoring?.baseUrl ?? platform.baseUrl, key: platform.sharedKey },
    multi: config.slack.oauth !== undefined,
    now: clock.now,
  });
  const clients = createPlatformClients({
    connections,
    make: (baseUrl, apiKey) => createMonitoringClient({ log: mlog, ...opts.monitoring, baseUrl, apiKey }),
    personKey: actingPersonKey,
    sharedMode: config.access.mode === 'shared',
    workspace: actingWorkspace,
    linkedAt: async () => {
      const person = actingPerson();
      if (!person || !access.vault) return undefined;
      return (await access.vault.info(person.teamId, person.userId))?.connectedAt ?? null;
    },
  });
  const shared = client(platform.sharedKey);
  // The audit trail (issue 42): every write of both clients, and keys connected or removed in Slack.
  const audit = createAuditTrail({
    store,
    now: clock.now,
    log,
    retentionDays: config.ops.auditRetentionDays,
    who: () => auditWho(access),
  });
  if (access.vault) auditVault(access.vault, audit);
  const base: BaseDeps = {
    config,
    log,
    monitoring: auditedMonitoring(access.decorate(clients.personal), audit),
    sharedMonitoring: auditedMonitoring(shared, audit),
    scope: () => actingScope('nobody'),
    store,
    clock,
  };
  const deps: Deps = {
    ...base,
    ...createServices(base, { workspace: actingWorkspace, rootFor: (ws) => connections.relayRoot(ws) }),
    access,
    installs,
    connections,
    platformClients: clients,
    audit,
  };
  // Checking a pasted key: that key alone, no retries (the check must answer within Slack's 3 s).
  // A pasted person key is checked at the acting workspace's platform, where it will be used.
  const clientWithKey = (apiKey: string): MonitoringApi => {
    let made: MonitoringApi | undefined;
    return createRoutedMonitoring(
      async () => {
        const connection = await connections.effective(actingWorkspace());
        // No platform for this workspace yet: a key cannot be checked anywhere (an admin connects it first).
        if (!connection) throw new WorkspaceNotConnectedError();
        made ??= client(apiKey, { retry: { maxRetries: 0 }, baseUrl: connection.baseUrl });
        return made;
      },
      async () => made?.close(),
    );
  };
  // Checking a connection an admin enters: that URL and key alone, no retries (one call within Slack's 3 s).
  const clientFor = (baseUrl: string, apiKey: string): MonitoringApi =>
    client(apiKey, { baseUrl, retry: { maxRetries: 0 } });
  const register = (app: ListenerApp) => registerSurfaces(app, deps, { clientWithKey, clientFor });
  const metrics = isMainThread ? createMetricsEndpoint(config.ops.metrics) : undefined;
  return {
    deps,
    register,
    ...(metrics ? { metrics } : {}),
    slackOptions: {
      ...(metrics ? { metrics: metrics.route } : {}),
      register,
      secretInputs: [...ACCESS_SECRET_INPUTS, ...CONNECTION_SECRET_INPUTS],
      metadataSeal: metadataSealFor(config, log),
      ...(installs.multi ? { authorize: installationAuthorize(installs) } : {}),
    },
    async close() {
      await Promise.all([shared.close(), clients.close(), metrics?.close()]);
    },
  };
}
