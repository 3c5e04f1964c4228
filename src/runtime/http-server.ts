/**
 * fieldline's own HTTP server: /healthz and /readyz, an optional redirect of `/` (local mode: to the web
 * console), and everything else handed to Bolt's receiver (POST /slack/events, signature checked there).
 * Owning the server lets shutdown stop accepting, drain and then cut keep-alive connections.
 */
import type { QueueStats } from './jobs/job-stats.ts';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { BaseDeps } from '../base/deps.ts';
import { headWithBody } from './head-with-body.ts';
import { createReadinessCheck, handleHealth, type ReplicaChecks } from './health.ts';

/** Slack's payloads are small (a view submission is a few KB); 1 MB is generous. */
export const MAX_BODY_BYTES = 1_000_000;
/** Slack's replay window (signing: "more than five minutes from local time"), applied to the future too. */
export const MAX_CLOCK_SKEW_S = 5 * 60;

export interface ServerLimits {
  /** Whole request head must arrive within this (slowloris). */
  headersTimeoutMs: number;
  /** Whole request, body included. */
  requestTimeoutMs: number;
  keepAliveTimeoutMs: number;
  maxConnections: number;
  /** How often Node checks the two timeouts above. */
  checkIntervalMs: number;
  maxBodyBytes: number;
}

export const DEFAULT_SERVER_LIMITS: ServerLimits = {
  headersTimeoutMs: 10_000,
  requestTimeoutMs: 30_000,
  keepAliveTimeoutMs: 5_000,
  maxConnections: 512,
  checkIntervalMs: 1_000,
  maxBodyBytes: MAX_BODY_BYTES,
};

export interface HttpServerOptions {
  deps: Pick<BaseDeps, 'store' | 'sharedMonitoring' | 'log'>;
  /** The signed receiver's requestListener (./signed-receiver.ts); absent in Socket Mode (health endpoints only). */
  slackListener?: (req: IncomingMessage, res: ServerResponse) => void;
  /** GET / redirects here when set. */
  rootRedirect?: string;
  /** Extra pages (the install pages): each answers a request it serves and returns true, else false. */
  routes?: (req: IncomingMessage, res: ServerResponse) => boolean;
  limits?: Partial<ServerLimits>;
  /** The clock the request timestamp is checked against (tests). */
  now?: () => number;
  /** How long one platform readiness probe answers /readyz (default 30 s). */
  readinessProbeTtlMs?: number;
  /** The job queue's figures, shown in /readyz's body. */
  jobStats?: () => QueueStats;
  /** What else /readyz checks: Socket Mode links, the job engine (./health.ts). */
  replica?: ReplicaChecks;
  /** GET /metrics on this port when allowed (src/ops/metrics-http.ts decides; false: not served here). */
  metrics?: (req: IncomingMessage, res: ServerResponse) => boolean;
}

export interface RunningServer {
  server: Server;
  port: number;
  /** Stops accepting connections; closes idle ones now and the rest after `graceMs`. */
  close(graceMs: number): Promise<void>;
}

function notFound(res: ServerResponse): void {
  if (res.headersSent) return;
  res.writeHead(404, { 'content-type': 'text/plain' });
  res.end('Not found');
}

function refuse(res: ServerResponse, status: number, message: string): void {
  // `connection: close`: Node then drops the socket instead of reading the unread body to reuse it.
  res.writeHead(status, { 'content-type': 'text/plain', connection: 'close' });
  res.end(message);
}

/**
 * Checks made before the receiver (./signed-receiver.ts) reads and verifies the body: its declared size (Slack
 * always sends Content-Length), and a timestamp no further in the future than the receiver allows in the past (it
 * checks only the past, as Bolt's does).
 * Returns false after answering.
 */
function admissible(req: IncomingMessage, res: ServerResponse, maxBytes: number, nowMs: number): boolean {
  if (req.method !== 'POST') return true;
  const length = req.headers['content-length'];
  if (length === undefined) {
    refuse(res, 411, 'Content-Length required');
    return false;
  }
  if (!/^\d+$/.test(length) || Number(length) > maxBytes) {
    refuse(res, 413, 'Request body too large');
    return false;
  }
  const stamp = req.headers['x-slack-request-timestamp'];
  const seconds = typeof stamp === 'string' && /^\d+$/.test(stamp) ? Number(stamp) : NaN;
  if (!Number.isNaN(seconds) && seconds > Math.floor(nowMs / 1000) + MAX_CLOCK_SKEW_S) {
    refuse(res, 401, 'Request timestamp is in the future');
    return false;
  }
  return true;
}

export function createHttpServer(opts: HttpServerOptions): Server {
  const limits = { ...DEFAULT_SERVER_LIMITS, ...opts.limits };
  const now = opts.now ?? Date.now;
  const readiness = createReadinessCheck(opts.deps, {
    ...(opts.readinessProbeTtlMs !== undefined ? { probeTtlMs: opts.readinessProbeTtlMs } : {}),
    ...(opts.replica ? { replica: opts.replica } : {}),
  });
  const server = createServer(
    {
      headersTimeout: limits.headersTimeoutMs,
      requestTimeout: limits.requestTimeoutMs,
      keepAliveTimeout: limits.keepAliveTimeoutMs,
      connectionsCheckingInterval: limits.checkIntervalMs,
    },
    (req, res) => {
      if (handleHealth(opts.deps, readiness, req, res, opts.jobStats)) return;
      if (opts.metrics?.(req, res)) return;
      if (opts.rootRedirect && req.method === 'GET' && (req.url === '/' || req.url === '')) {
        res.writeHead(302, { location: opts.rootRedirect });
        res.end();
        return;
      }
      if (opts.routes?.(req, res)) return;
      if (!opts.slackListener) return notFound(res);
      if (!admissible(req, res, limits.maxBodyBytes, now())) return;
      try {
        opts.slackListener(req, headWithBody(res));
      } catch {
        // The receiver throws HTTPReceiverDeferredRequestError for paths it does not serve, as Bolt's does.
        notFound(res);
      }
    },
  );
  server.maxConnections = limits.maxConnections;
  return server;
}

export async function listen(server: Server, port: number, host: string | undefined): Promise<RunningServer> {
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen({ port, host }, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address();
  const actualPort = address !== null && typeof address === 'object' ? address.port : port;
  return {
    server,
    port: actualPort,
    close: (graceMs) =>
      new Promise<void>((resolve) => {
        const force = setTimeout(() => server.closeAllConnections(), graceMs);
        force.unref();
        server.close(() => {
          clearTimeout(force);
          resolve();
        });
        server.closeIdleConnections();
      }),
  };
}
