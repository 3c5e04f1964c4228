/**
 * fieldline's own HTTP server: /healthz and /readyz, an optional redirect of `/` (local mode: to the web
 * console), and everything else handed to Bolt's receiver (POST /slack/events, signature checked there).
 * Owning the server lets shutdown stop accepting, drain and then cut keep-alive connections.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { BaseDeps } from '../deps.ts';
import { handleHealth } from './health.ts';

export interface HttpServerOptions {
  deps: Pick<BaseDeps, 'store' | 'sharedMonitoring' | 'log'>;
  /** Bolt's HTTPReceiver.requestListener; absent in Socket Mode (health endpoints only). */
  slackListener?: (req: IncomingMessage, res: ServerResponse) => void;
  /** GET / redirects here when set. */
  rootRedirect?: string;
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

export function createHttpServer(opts: HttpServerOptions): Server {
  return createServer((req, res) => {
    if (handleHealth(opts.deps, req, res)) return;
    if (opts.rootRedirect && req.method === 'GET' && (req.url === '/' || req.url === '')) {
      res.writeHead(302, { location: opts.rootRedirect });
      res.end();
      return;
    }
    if (!opts.slackListener) return notFound(res);
    try {
      opts.slackListener(req, res);
    } catch {
      // Bolt throws HTTPReceiverDeferredRequestError for paths it does not serve.
      notFound(res);
    }
  });
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
