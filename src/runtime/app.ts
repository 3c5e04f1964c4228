/**
 * The Bolt app: HTTP mode (our server + ./signed-receiver.ts, signatures verified) or Socket Mode (a pool of
 * connections, ./socket-pool.ts, plus a small server for /healthz and /readyz). Handlers run after ack (`processBeforeResponse: false`); an
 * in-flight counter lets stop() wait for them before the store and client are closed.
 */
import { App, type Authorize } from '@slack/bolt';
import type { WebClientOptions } from '@slack/web-api';
import type { BaseDeps } from '../base/deps.ts';
import { slackLogger } from '../base/log.ts';
import { guardBlockLimits } from '../kit/blocks/guard-client.ts';
import type { MetadataSeal } from '../kit/sealed-metadata.ts';
import { installSealedViews, sealOrOwn } from './sealed-views.ts';
import { decodeCommandText } from './command-text.ts';
import { installDeliveryDedupe, signedRequestProperties } from './dedupe.ts';
import { installErrorHandler } from '../kit/error-handler.ts';
import {
  createHttpServer,
  listen,
  MAX_BODY_BYTES,
  type HttpServerOptions,
  type RunningServer,
} from './http-server.ts';
import { SignedRequestReceiver } from './signed-receiver.ts';
import { SocketPoolReceiver } from './socket-pool.ts';
import { createListenerTable, type ListenerApp } from './listener-table.ts';
import { acceptResponseUrlOrigin, respondVia, responseUrlOriginOf } from '../kit/reply/response-url.ts';
import { slackFetch } from '../kit/slack-fetch.ts';
import { createDoor } from './jobs/door.ts';
import { withJobQueue } from './jobs/hand-off.ts';
import { DEFAULT_LIMITS, type JobQueue, type JobRunner } from './jobs/job-queue.ts';
import { createLocalQueue } from './jobs/local-queue.ts';
import { workEvent } from './jobs/slack-job.ts';

export interface SlackAppOptions {
  /** 'jobs': no receiver at all: the app only runs jobs (a job thread, ./jobs/thread-runner.ts). */
  mode: 'http' | 'socket' | 'jobs';
  /** 0 = any free port (tests). */
  port: number;
  host?: string;
  /** Required in HTTP mode. */
  signingSecret?: string;
  botToken: string;
  /** Required in Socket Mode. */
  appToken?: string;
  /** Socket Mode connections kept open, 2–10 (default 2): a refresh of one never leaves the app unreachable. */
  socketConnections?: number;
  /**
   * Web API base ending in `/` (the Slack stand-in's apiUrl in local mode and tests). Unless it is Slack's own, its
   * origin is also accepted for response_urls (the stand-in issues them there); Slack's are hooks.slack.com.
   */
  slackApiUrl?: string;
  /** Local mode: GET / redirects to the web console. */
  rootRedirect?: string;
  /**
   * Installed with OAuth (issue 39): each request's token is looked up by this instead of `botToken` (which is then
   * not used).
   */
  authorize?: Authorize<boolean>;
  /** GET /metrics on this app's port, when allowed (the composition root's src/ops/metrics-http.ts route). */
  metrics?: HttpServerOptions['metrics'];
  /** Extra GET pages of our HTTP server (the install pages), tried before the Slack receiver. */
  routes?: HttpServerOptions['routes'];
  /** Override the WebClient retry policy (tests keep it short). */
  retryConfig?: WebClientOptions['retryConfig'];
  /** How long stop() waits for handlers still running after their ack. Default 6 s (main exits by 9 s). */
  drainMs?: number;
  /**
   * Action ids of view inputs that hold secrets (the connect modal's key): left out of the submission's dedupe
   * claim (./dedupe.ts). The composition root names them (Composed.secretInputs).
   */
  secretInputs?: readonly string[];
  /** Seals views' private_metadata (./sealed-views.ts): the composition root's, shared by replicas and job thread. */
  metadataSeal?: MetadataSeal;
  /** Registers the features' middleware and listeners (the composition root's registerSurfaces). */
  register(app: ListenerApp): void;
  /**
   * The queue between the ack and the work (./jobs/hand-off.ts), given the runner that runs a job on this app's
   * event loop. Default: in-process, run here, DEFAULT_LIMITS.
   */
  jobQueue?(runHere: JobRunner): JobQueue;
}

export interface SlackApp {
  app: App;
  start(): Promise<{ port: number }>;
  stop(): Promise<void>;
  /**
   * Resolves once no request is being handled (their listeners and the work they awaited are done). Tests use it
   * to prove that something did not happen, instead of sleeping.
   */
  whenIdle(): Promise<void>;
  /** The queue between acks and work (its stats: /readyz, /monitor status). */
  jobs: JobQueue;
}

/** A receiver that receives nothing: the app of a job thread only runs jobs it is handed. */
class NoReceiver {
  init(): void {}
  start(): Promise<void> {
    return Promise.resolve();
  }
  stop(): Promise<void> {
    return Promise.resolve();
  }
}

/** Retries transient Slack failures briefly; a 429 waits its Retry-After (WebClient does that itself). */
const DEFAULT_RETRY: NonNullable<WebClientOptions['retryConfig']> = {
  retries: 3,
  factor: 2,
  minTimeout: 500,
  maxTimeout: 5_000,
};

type AckFn = (...args: unknown[]) => Promise<void>;

/** Wraps the request's ack (listeners receive a copy of these args) to know whether it was called. */
function trackAck(args: object): { pending(): boolean; ackNow(log: BaseDeps['log']): Promise<void> } {
  if (!('ack' in args) || typeof args.ack !== 'function')
    return { pending: () => false, ackNow: async () => undefined };
  const holder: { ack: AckFn } = args as { ack: AckFn };
  const original = holder.ack;
  let called = false;
  holder.ack = (...ackArgs: unknown[]) => {
    called = true;
    return original(...ackArgs);
  };
  return {
    pending: () => !called,
    ackNow: async (log) => {
      called = true;
      await original().catch((err: unknown) => log.debug({ err }, 'late ack failed'));
    },
  };
}

export function createSlackApp(
  deps: Pick<BaseDeps, 'log' | 'store' | 'sharedMonitoring'>,
  opts: SlackAppOptions,
): SlackApp {
  const log = deps.log.child({ module: 'slack' });
  const logger = slackLogger(deps.log);
  const clientOptions: WebClientOptions = {
    slackApiUrl: opts.slackApiUrl,
    logger,
    retryConfig: opts.retryConfig ?? DEFAULT_RETRY,
    // Per HTTP request: generous because files.uploadV2 sends up to 100 MB through the same client.
    timeout: 120_000,
    fetch: slackFetch,
  };

  // No conversation store: nothing reads context.conversation, and its middleware cost every request a lookup.
  const appOptions = {
    ...(opts.authorize ? { authorize: opts.authorize } : { token: opts.botToken }),
    logger,
    clientOptions,
    extendedErrorHandler: true,
    convoStore: false,
  } as const;
  const door = createDoor();
  // A full queue refuses declared work in the receiver, before the app (./jobs/door.ts), whichever receiver it is.
  const refusal = (body: Record<string, unknown>) => door.refusal(body, jobs);
  let receiver: SignedRequestReceiver | undefined;
  let socketPool: SocketPoolReceiver | undefined;
  let app: App;
  if (opts.mode === 'http') {
    if (!opts.signingSecret) throw new Error('HTTP mode needs a signing secret');
    // Bolt's HTTPReceiver's work, done once per request (./signed-receiver.ts).
    receiver = new SignedRequestReceiver({
      signingSecret: opts.signingSecret,
      path: '/slack/events',
      logger,
      // Also refused earlier by Content-Length (./http-server.ts); this covers a body longer than it declared.
      bodyLimit: MAX_BODY_BYTES,
      // What identifies the signed request, for the replay claim (./dedupe.ts).
      customProperties: signedRequestProperties,
      refusal,
    });
    app = new App({ ...appOptions, receiver });
  } else if (opts.mode === 'jobs') {
    app = new App({ ...appOptions, receiver: new NoReceiver() });
  } else {
    if (!opts.appToken) throw new Error('Socket Mode needs an app-level token');
    // Several connections, each replaced as soon as Slack asks it to go (./socket-pool.ts).
    socketPool = new SocketPoolReceiver({
      appToken: opts.appToken,
      connections: opts.socketConnections,
      slackLogger: logger,
      log,
      refusal,
      clientOptions: {
        slackApiUrl: opts.slackApiUrl,
        logger,
        retryConfig: opts.retryConfig ?? DEFAULT_RETRY,
      },
    });
    app = new App({ ...appOptions, receiver: socketPool });
  }

  const runHere: JobRunner = (job) => app.processEvent(workEvent(job));
  const jobs = opts.jobQueue?.(runHere) ?? createLocalQueue(runHere, DEFAULT_LIMITS, log);
  let inFlight = 0;
  let drained: (() => void) | undefined;
  let idleWaiters: (() => void)[] = [];
  const seal = sealOrOwn(opts.metadataSeal);
  // Whichever listener sends: messages and views within Slack's limits, views' metadata sealed (guard-client.ts).
  guardBlockLimits(app.client, seal);
  // One global middleware of ours before the access gate and the listener table, doing all of the per-request
  // preparation: each step of Bolt's chain copies the request's arguments into a new object and adds an async
  // frame, and what the acking thread's young collections kept grew with each step (issue 18).
  app.use(async (args) => {
    withJobQueue(args.context, jobs);
    guardBlockLimits(args.client, seal);
    decodeCommandText(args.body, args.context);
    inFlight += 1;
    const acked = trackAck(args);
    try {
      await args.next();
    } catch (err) {
      // A listener that fails before its ack would leave Slack waiting until it shows a timeout error; ack
      // now, and let app.error tell the user what failed.
      if (acked.pending()) await acked.ackNow(log);
      throw err;
    } finally {
      inFlight -= 1;
      if (inFlight === 0) {
        drained?.();
        // After this turn, so a request the same turn starts is seen.
        setImmediate(() => {
          if (inFlight !== 0) return;
          const waiters = idleWaiters;
          idleWaiters = [];
          for (const resolve of waiters) resolve();
        });
      }
    }
  });
  installErrorHandler(app, deps.log);
  // Slack retries and replicas: a retried event or a repeated view submission has effect once (before anything
  // the features install, so a retry is dropped before it costs a store or Slack call).
  // With Redis (shared by replicas) the claim is made before the ack; with a store this process alone writes, the
  // ack asks only its memory of recent deliveries, and the durable claim follows the work (./dedupe.ts).
  const claimMode = deps.store.kind === 'redis' ? 'await' : 'defer';
  installDeliveryDedupe(app, deps.store, log, claimMode, new Set(opts.secretInputs ?? []));
  // Before the claim and every listener: only private_metadata fieldline sealed gets in (./sealed-views.ts).
  installSealedViews(app, seal, log);
  // Listeners are found by key in one table (./listener-table.ts), run by one middleware installed last.
  const table = createListenerTable({ respond: respondVia, door });
  // Until stop(): response_urls of any other origin are refused (../kit/reply/response-url.ts).
  const releaseResponseUrls = acceptResponseUrlOrigin(responseUrlOriginOf(opts.slackApiUrl), log);
  opts.register(table.listeners(app));
  app.use(table.dispatch);

  const server = createHttpServer({
    deps,
    slackListener: receiver?.requestListener,
    rootRedirect: opts.rootRedirect,
    ...(opts.routes ? { routes: opts.routes } : {}),
    jobStats: () => jobs.stats(),
    ...(opts.metrics ? { metrics: opts.metrics } : {}),
    // issue 42: /readyz tells the truth about this replica's Slack links and job engine.
    replica: {
      ...(socketPool ? { socketLinks: socketPool.live.bind(socketPool) } : {}),
      jobs: () => jobs.health?.() ?? 'ok',
    },
  });
  let running: RunningServer | undefined;

  const waitForHandlers = (ms: number) =>
    new Promise<void>((resolve) => {
      if (inFlight === 0) return resolve();
      const timer = setTimeout(() => {
        log.warn({ inFlight }, 'stopping with handlers still running');
        resolve();
      }, ms);
      drained = () => {
        clearTimeout(timer);
        resolve();
      };
    });

  const handlersIdle = () =>
    new Promise<void>((resolve) => {
      if (inFlight === 0) setImmediate(() => (inFlight === 0 ? resolve() : idleWaiters.push(resolve)));
      else idleWaiters.push(resolve);
    });

  return {
    app,
    jobs,
    // Idle = no request being handled and no job waiting or running, at the same moment.
    async whenIdle() {
      for (;;) {
        await handlersIdle();
        await jobs.whenIdle();
        await handlersIdle();
        const s = jobs.load();
        if (inFlight === 0 && s.waiting === 0 && s.running === 0) return;
      }
    },
    async start() {
      if (opts.mode === 'jobs') return { port: 0 };
      running = await listen(server, opts.port, opts.host);
      if (opts.mode === 'socket') await app.start();
      log.info({ mode: opts.mode, port: running.port }, 'slack app listening');
      return { port: running.port };
    },
    async stop() {
      const drainMs = opts.drainMs ?? 6_000;
      // Stop taking requests first, then let acked handlers finish their work.
      const closing = running?.close(drainMs) ?? Promise.resolve();
      if (opts.mode === 'socket')
        await app.stop().catch((err: unknown) => log.warn({ err }, 'socket mode stop failed'));
      // Accepted jobs finish (in Redis, unfinished ones stay for another replica), then their handlers.
      await jobs.close(drainMs);
      await waitForHandlers(drainMs);
      await closing;
      running = undefined;
      releaseResponseUrls();
    },
  };
}
