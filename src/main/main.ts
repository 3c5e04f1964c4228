/**
 * The composition root: the only place besides config.ts that touches process.env, and the one place that
 * builds the logger, store, monitoring client, services and Slack app and wires them together.
 *
 * Modes (see README): Slack over HTTP or Socket Mode when Slack variables are set; otherwise (or with
 * `--local`) local mode — the Slack stand-in with its web console takes Slack's place. Without
 * MONITORING_* variables the embedded monitoring sandbox takes the platform's place.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { ConfigError, loadConfig, type Config } from '../base/config.ts';
import { systemClock, type Deps } from '../base/deps.ts';
import { createLifecycle, type Lifecycle } from '../base/lifecycle.ts';
import { createLogger, type Logger } from '../base/log.ts';
import { composeDeps, homeWorkspaceResolver, installationIdsOf, type Composed } from './compose.ts';
import { startAlertBackground } from '../alerts/index.ts';
import { removeRoundsWorkspace, startRoundsScheduler } from '../rounds/index.ts';
import { createSlackApp, type SlackApp } from '../runtime/app.ts';
import { removeInstallationJobs } from '../runtime/jobs/installation-jobs.ts';
import { setUpJobs, type JobsSetup } from './jobs-setup.ts';
import { installPages } from './install-pages.ts';
import { refreshExchange, type RouteHandler } from '../installs/index.ts';
import { openStore } from '../store/open-store.ts';
import type { Store } from '../store/store.ts';

/**
 * Local mode keeps people's keys only for the run: without FIELDLINE_ENCRYPTION_KEY it makes up a data key (the
 * seeded people are linked again at every start).
 */
function accessConfig(config: Config): Config['access'] {
  if (config.access.encryptionKey || config.slack.mode !== 'local') return config.access;
  return { ...config.access, encryptionKey: randomBytes(32) };
}

/**
 * Local mode lets you try the install flow (issue 39): fieldline makes up OAuth credentials shared with the Slack
 * stand-in only, and the seeded workspace is installed with the made-up bot token from the start.
 */
function localOAuth(config: Config): Config['slack'] {
  if (config.slack.mode !== 'local') return config.slack;
  const oauth = {
    clientId: `${randomBytes(5).readUIntBE(0, 5)}.${randomBytes(5).readUIntBE(0, 5)}`,
    clientSecret: randomBytes(16).toString('hex'),
    stateSecret: randomBytes(24).toString('hex'),
  };
  return { ...config.slack, oauth };
}

/** Shutdown must finish within this, whatever hangs (the orchestrator's SIGKILL usually follows at 10 s+). */
const SHUTDOWN_LIMIT_MS = 9_000;

function readConfig(): Config {
  try {
    return loadConfig(process.env, { forceLocal: process.argv.includes('--local') });
  } catch (err) {
    if (!(err instanceof ConfigError)) throw err;
    // One line per problem, naming the variable; no stack trace.
    for (const problem of err.problems) process.stderr.write(`${problem}\n`);
    process.exit(1);
  }
}

/** The platform: where it is, the shared key (the relay's), and in local demos the sandbox's per-user keys. */
interface Platform {
  baseUrl: string;
  sharedKey: string;
  /** Embedded sandbox only: keys of seeded platform users, linked to local Slack users automatically. */
  userKeys?: { ana: string; ben: string };
  /** Embedded sandbox only: this start's id (its demo world is new on every start). */
  sandboxRunId?: string;
}

async function platformFor(config: Config, log: Logger, lifecycle: Lifecycle): Promise<Platform> {
  if (config.monitoring.kind === 'remote')
    return { baseUrl: config.monitoring.baseUrl, sharedKey: config.monitoring.apiKey };
  // Loaded only when used: production deployments never load the sandbox or the stand-in.
  const { startSandbox } = await import('../sandbox/index.ts');
  const sandbox = await startSandbox({
    host: '127.0.0.1',
    port: 0,
    live: true,
    log: log.child({ module: 'sandbox' }),
  });
  lifecycle.onStop('resources', 'sandbox', () => sandbox.close());
  log.info({ url: sandbox.url }, 'no MONITORING_BASE_URL: using the embedded monitoring sandbox (demo data)');
  return {
    baseUrl: sandbox.url,
    sharedKey: sandbox.keys.full,
    userKeys: sandbox.userKeys,
    sandboxRunId: randomUUID(),
  };
}

/** Local mode over the embedded sandbox keeps a store of this sandbox run only (see src/main/local/local-store.ts). */
async function openStoreFor(config: Config, log: Logger, platform: Platform): Promise<Store> {
  const opts = { log, keyPrefix: config.storePrefix };
  if (config.slack.mode !== 'local' || !platform.sandboxRunId) return openStore(config.store, opts);
  const { openLocalStore } = await import('./local/local-store.ts');
  const local = await openLocalStore(config.store, opts, platform.sandboxRunId);
  if (local.cleaned)
    log.info(
      { keptAs: local.keptAs },
      'local mode: the embedded sandbox is new, so fieldline starts from a clean local store',
    );
  return local.store;
}

/** The running Slack app and how to reach Slack (background work builds its own WebClient from these). */
interface SlackConnection {
  slack: SlackApp;
  botToken: string;
  /** Web API base ending in `/`. */
  apiUrl: string;
}

/** The job queue and runner for a Slack app reached with this token (issue 18; see ./jobs-setup.ts). */
type JobsFor = (botToken: string, slackApiUrl: string) => JobsSetup;

async function startSlack(
  deps: Deps,
  surfaces: Composed['slackOptions'],
  platform: Platform,
  lifecycle: Lifecycle,
  jobsFor: JobsFor,
): Promise<SlackConnection> {
  const { config, log } = deps;
  const jobsWith = (botToken: string, apiUrl: string) => {
    const jobs = jobsFor(botToken, apiUrl);
    // After the app (phase 'intake') has finished its jobs.
    lifecycle.onStop('resources', 'job thread', () => jobs.close());
    return jobs;
  };
  const slackConfig = config.slack;
  // The install pages (OAuth): made once the app's own URL is known (local mode's redirect goes there).
  let pages: RouteHandler | undefined;
  const routes = slackConfig.oauth
    ? (req: IncomingMessage, res: ServerResponse) => pages?.(req, res) ?? false
    : undefined;
  if (slackConfig.mode === 'local') {
    // Local mode: fieldline makes up its own Slack credentials and shares them with the stand-in only.
    const signingSecret = randomBytes(24).toString('hex');
    const botToken = `xoxb-local-${randomBytes(12).toString('hex')}`;
    // SLACK_APP_TOKEN with `--local`: the app reaches the stand-in over Socket Mode with that token.
    const appToken = slackConfig.appToken;
    const { startStandin } = await import('../slack-standin/index.ts');
    const standin = await startStandin({
      port: config.port === 0 ? 0 : config.port + 1,
      signingSecret,
      botToken,
      log: log.child({ module: 'standin' }),
      ...(appToken ? { appToken, socketMode: true } : {}),
      ...(slackConfig.oauth ? { oauth: slackConfig.oauth } : {}),
    });
    if (slackConfig.oauth) {
      deps.installs.useSlackApi(refreshExchange(slackConfig.oauth, { slackApiUrl: standin.apiUrl }));
      // The seeded workspace is installed from the start, with the token fieldline made up for it.
      const { installSeededWorkspace } = await import('./local/install-seeded.ts');
      await installSeededWorkspace(deps, { token: botToken, userId: standin.botUserId });
    }
    lifecycle.onStop('resources', 'slack stand-in', () => standin.close());
    const slack = createSlackApp(deps, {
      mode: appToken ? 'socket' : 'http',
      port: config.port,
      host: '127.0.0.1',
      signingSecret,
      botToken,
      appToken,
      slackApiUrl: standin.apiUrl,
      rootRedirect: standin.baseUrl,
      ...(routes ? { routes } : {}),
      ...surfaces,
      jobQueue: jobsWith(botToken, standin.apiUrl).jobQueue,
    });
    lifecycle.onStop('intake', 'slack app', () => slack.stop());
    const { port } = await slack.start();
    standin.setAppUrl(`http://127.0.0.1:${port}/slack/events`);
    if (slackConfig.oauth)
      // localhost, as printed: the install's state cookie is set for the host the page was opened on.
      pages = installPages(deps, {
        credentials: slackConfig.oauth,
        slackApiUrl: standin.apiUrl,
        ...(standin.authorizeUrl ? { authorizationUrl: standin.authorizeUrl } : {}),
        redirectUri: `http://localhost:${port}/slack/oauth_redirect`,
      });
    const { setupLocalWorkspace } = await import('./local/index.ts');
    await setupLocalWorkspace(deps, standin, platform.userKeys, {
      ...(slackConfig.oauth ? { installUrl: `http://localhost:${port}/slack/install` } : {}),
    });
    process.stdout.write(`\nOpen http://localhost:${standin.port}/ to use fieldline locally\n\n`);
    return { slack, botToken, apiUrl: standin.apiUrl };
  }
  // loadConfig guarantees a bot token outside local mode.
  const botToken = slackConfig.botToken ?? '';
  const slack = createSlackApp(deps, {
    mode: slackConfig.mode,
    port: config.port,
    signingSecret: slackConfig.signingSecret,
    botToken,
    appToken: slackConfig.appToken,
    slackApiUrl: slackConfig.apiUrl,
    ...(routes ? { routes } : {}),
    ...surfaces,
    jobQueue: jobsWith(botToken, slackConfig.apiUrl).jobQueue,
  });
  lifecycle.onStop('intake', 'slack app', () => slack.stop());
  if (slackConfig.oauth)
    pages = installPages(deps, { credentials: slackConfig.oauth, slackApiUrl: slackConfig.apiUrl });
  await slack.start();
  return { slack, botToken, apiUrl: slackConfig.apiUrl };
}

/**
 * Background work (the relays: one per platform connection, issue 39) starts here and registers its stop in phase
 * 'work'. A relay acts for nobody in particular: it polls and posts with its connection's key. The bot token's
 * own workspace keeps the default relay; a workspace with its own connection posts with its installation's token.
 * A workspace that leaves (installs' onRemoved) has its relay stopped and its relay records deleted, and its
 * waiting jobs deleted from the queue.
 */
async function startBackground(deps: Deps, slack: SlackConnection, lifecycle: Lifecycle): Promise<void> {
  deps.connections.setHome(homeWorkspaceResolver(slack.botToken, slack.apiUrl));
  const relays = await startAlertBackground(
    deps,
    {
      slack: { botToken: slack.botToken, apiUrl: slack.apiUrl },
      async slackFor(workspace) {
        const found = await deps.installs.find(installationIdsOf(workspace));
        return found ? { botToken: found.botToken, apiUrl: slack.apiUrl } : undefined;
      },
      installed: () => deps.installs.keys(),
    },
    lifecycle,
  );
  deps.installs.onRemoved((key) => relays.remove(key));
  deps.installs.onRemoved((key) => deps.directory.removeWorkspace(key));
  // Its jobs still waiting are deleted (in Redis: from every replica's queue); running ones meet the run-time guard.
  deps.installs.onRemoved((key) => removeInstallationJobs(slack.slack.jobs, key, deps.log));
  // Rounds and handovers (issue 40): every replica ticks; each due slot is claimed in the store, posted once.
  startRoundsScheduler(
    deps,
    {
      async slackFor(workspace) {
        const found = await deps.installs.find(installationIdsOf(workspace));
        return found
          ? { botToken: found.botToken, apiUrl: slack.apiUrl }
          : { botToken: slack.botToken, apiUrl: slack.apiUrl };
      },
    },
    lifecycle,
  );
  deps.installs.onRemoved((key) => removeRoundsWorkspace(deps.store, key));
}

async function main(): Promise<void> {
  const config = readConfig();
  const secrets = [
    config.slack.botToken,
    config.slack.signingSecret,
    config.slack.appToken,
    config.slack.oauth?.clientSecret,
    config.slack.oauth?.stateSecret,
    config.monitoring.kind === 'remote' ? config.monitoring.apiKey : undefined,
    config.ops.metrics.token,
    ...[config.access.encryptionKey, ...config.access.previousEncryptionKeys].flatMap((key) =>
      key ? [key.toString('base64'), key.toString('hex')] : [],
    ),
  ].filter((s): s is string => s !== undefined);
  const log = createLogger({ level: config.logLevel, secrets, pretty: process.stdout.isTTY === true });
  const lifecycle = createLifecycle(log);

  let shuttingDown = false;
  const shutdown = (reason: string, code: number) => {
    if (shuttingDown) return;
    shuttingDown = true;
    log.info({ reason }, 'stopping');
    setTimeout(() => {
      log.error('shutdown took too long; exiting anyway');
      process.exit(1);
    }, SHUTDOWN_LIMIT_MS).unref();
    void lifecycle.stopAll().then(() => {
      log.info('stopped');
      log.flush();
      process.exit(code);
    });
  };
  process.once('SIGTERM', () => shutdown('SIGTERM', 0));
  process.once('SIGINT', () => shutdown('SIGINT', 0));
  process.on('unhandledRejection', (err) => log.error({ err }, 'unhandled rejection'));

  try {
    const platform = await platformFor(config, log, lifecycle);
    const store = await openStoreFor(config, log, platform);
    lifecycle.onStop('resources', 'store', () => store.close());
    const composed = composeDeps({
      config: { ...config, slack: localOAuth(config), access: accessConfig(config) },
      log,
      store,
      clock: systemClock,
      platform,
    });
    // Registered after the sandbox, so the clients close before it.
    lifecycle.onStop('resources', 'monitoring clients', () => composed.close());
    // METRICS_PORT: /metrics on a port of its own (issue 42; src/ops/metrics-http.ts).
    const metricsPort = await composed.metrics?.listen();
    if (metricsPort) log.info({ port: metricsPort.port }, 'metrics served on their own port');
    const deps = composed.deps;
    const jobsFor: JobsFor = (botToken, slackApiUrl) =>
      setUpJobs({
        config: deps.config,
        log,
        store,
        platform: { baseUrl: platform.baseUrl, sharedKey: platform.sharedKey },
        botToken,
        slackApiUrl,
        secrets: [...secrets, botToken],
        pretty: process.stdout.isTTY === true,
      });
    const slack = await startSlack(deps, composed.slackOptions, platform, lifecycle, jobsFor);
    await startBackground(deps, slack, lifecycle);
    log.info(
      { slack: config.slack.mode, monitoring: config.monitoring.kind, store: config.store.kind },
      'fieldline started',
    );
  } catch (err) {
    log.fatal({ err }, 'fieldline could not start');
    shutdown('startup failed', 1);
  }
}

await main();
