/**
 * GET /metrics (issue 42), kept off Slack's public path. Decision (README, "Metrics and audit"):
 * - METRICS_PORT set: a server of its own serves /metrics there (and nothing else); the main port never does.
 *   METRICS_TOKEN, when set, is required there too.
 * - METRICS_PORT unset: the main port serves /metrics only to `Authorization: Bearer <METRICS_TOKEN>`; without a
 *   token, or with a wrong one, it answers 404 like any unknown path (so a scanner learns nothing).
 * The token is compared in constant time. Process figures (CPU, memory, event loop lag) are the main thread's.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { collectDefaultMetrics } from 'prom-client';
import { metricsRegistry } from '../base/metrics.ts';
import type { OpsConfig } from '../base/config.ts';
import { METRICS_CONTENT_TYPE, metricsText, threadMetricsCollector } from './thread-metrics.ts';

export type RouteHandler = (req: IncomingMessage, res: ServerResponse) => boolean;

let processMetrics = false;
/** Process figures (once per process, main thread only: a job thread's would be the same process counted twice). */
function enableProcessMetrics(): void {
  if (processMetrics) return;
  processMetrics = true;
  collectDefaultMetrics({ register: metricsRegistry, prefix: 'fieldline_' });
}

const digest = (s: string) => createHash('sha256').update(s).digest();

function bearerMatches(req: IncomingMessage, token: string): boolean {
  const header = req.headers.authorization;
  if (typeof header !== 'string' || !header.startsWith('Bearer ')) return false;
  // Equal-length digests: timingSafeEqual needs equal lengths, and the comparison leaks nothing of the token.
  return timingSafeEqual(digest(header.slice(7).trim()), digest(token));
}

function isMetricsPath(req: IncomingMessage): boolean {
  if (req.method !== 'GET' && req.method !== 'HEAD') return false;
  const url = req.url ?? '';
  const q = url.indexOf('?');
  return (q < 0 ? url : url.slice(0, q)) === '/metrics';
}

export interface MetricsEndpoint {
  /** For the main port: serves /metrics when it may (see above), else returns false. */
  route: RouteHandler;
  /** With METRICS_PORT: starts the server of its own (port 0 = any free port: tests). */
  listen(): Promise<{ port: number } | undefined>;
  close(): Promise<void>;
}

export function createMetricsEndpoint(config: OpsConfig['metrics']): MetricsEndpoint {
  enableProcessMetrics();
  const threads = threadMetricsCollector();
  const serve = (req: IncomingMessage, res: ServerResponse) => {
    metricsText(threads).then(
      (text) => {
        res.writeHead(200, { 'content-type': METRICS_CONTENT_TYPE, 'cache-control': 'no-store' });
        res.end(req.method === 'HEAD' ? undefined : text);
      },
      () => {
        res.writeHead(500, { 'content-type': 'text/plain' });
        res.end('metrics unavailable');
      },
    );
  };
  const denied = (res: ServerResponse, status: number) => {
    res.writeHead(status, {
      'content-type': 'text/plain',
      ...(status === 401 ? { 'www-authenticate': 'Bearer' } : {}),
    });
    res.end(status === 401 ? 'Unauthorized' : 'Not found');
  };
  let server: Server | undefined;
  return {
    route(req, res) {
      if (config.port !== undefined || config.token === undefined || !isMetricsPath(req)) return false;
      if (!bearerMatches(req, config.token)) return false;
      serve(req, res);
      return true;
    },
    async listen() {
      if (config.port === undefined) return undefined;
      const own = createServer((req, res) => {
        if (!isMetricsPath(req)) return denied(res, 404);
        if (config.token !== undefined && !bearerMatches(req, config.token)) return denied(res, 401);
        serve(req, res);
      });
      server = own;
      await new Promise<void>((resolve, reject) => {
        own.once('error', reject);
        own.listen({ port: config.port, host: config.host }, () => resolve());
      });
      const address = own.address();
      return { port: address !== null && typeof address === 'object' ? address.port : (config.port ?? 0) };
    },
    async close() {
      threads.close();
      const s = server;
      server = undefined;
      if (s) await new Promise<void>((resolve) => s.close(() => resolve()));
    },
  };
}
