/**
 * The stand-in's HTTP surface (node:http): /api/<method>, the upload URL, url_private, response_urls, and
 * whatever extra handlers are mounted (the web console lives under its own prefix).
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Logger } from 'pino';
import { handleApiCall, sendJson, type ApiDeps } from './api.ts';
import { handleFileDownload, handleUpload } from './file-routes.ts';
import { handleResponseUrl, type ResponseUrls } from './response-url.ts';

/** Return true when the request was handled. */
export type MountedHandler = (req: IncomingMessage, res: ServerResponse) => boolean | Promise<boolean>;

export interface ServerDeps extends ApiDeps {
  urls: ResponseUrls;
  mounted: MountedHandler[];
  log?: Logger;
}

const API = /^\/api\/([A-Za-z0-9_.]+)$/;
const UPLOAD = /^\/upload\/v1\/([A-Z0-9]+)$/;
const FILE = /^\/files-pri\/[A-Z0-9]+-([A-Z0-9]+)\/(download\/)?[^/]+$/;
const RESPONSE = /^\/response\/([a-f0-9]+)$/;

async function route(req: IncomingMessage, res: ServerResponse, deps: ServerDeps): Promise<void> {
  const path = new URL(req.url ?? '/', 'http://standin').pathname;
  const post = req.method === 'POST';
  let m: RegExpExecArray | null;
  if (post && (m = API.exec(path))) return handleApiCall(req, res, m[1] ?? '', deps);
  if (post && (m = UPLOAD.exec(path))) return handleUpload(req, res, m[1] ?? '', deps);
  if (post && (m = RESPONSE.exec(path)))
    return handleResponseUrl(req, res, m[1] ?? '', { ...deps, urls: deps.urls });
  if (req.method === 'GET' && (m = FILE.exec(path)))
    return handleFileDownload(req, res, m[1] ?? '', m[2] !== undefined, deps);
  for (const handler of deps.mounted) if (await handler(req, res)) return;
  sendJson(res, 404, { ok: false, error: 'not_found' });
}

export function createStandinServer(deps: ServerDeps): Server {
  return createServer((req, res) => {
    route(req, res, deps).catch((err: unknown) => {
      deps.log?.error({ err, url: req.url }, 'stand-in request failed');
      if (!res.headersSent) sendJson(res, 500, { ok: false, error: 'internal_error' });
      else res.end();
    });
  });
}

export async function listen(server: Server, port: number, host: string): Promise<number> {
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  return (server.address() as AddressInfo).port;
}

export async function closeServer(server: Server): Promise<void> {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
}
