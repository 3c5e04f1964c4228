/**
 * A loopback proxy in front of the sandbox for the one fault the sandbox cannot produce: a 200 whose body is
 * not JSON at all (a truncated body, or a gateway's HTML page labelled as JSON). Everything else is
 * forwarded unchanged.
 */
import { createServer, type Server } from 'node:http';
import { request } from 'undici';

export interface FaultProxy {
  url: string;
  setUpstream(url: string): void;
  /** The next `times` requests matching "METHOD /path-regex" get `body` with status 200. */
  malform(method: string, path: RegExp, times: number, body?: string): void;
  clear(): void;
  close(): Promise<void>;
}

interface Rule {
  method: string;
  path: RegExp;
  remaining: number;
  body: string;
}

export const TRUNCATED_JSON = '{"data": [{"id": "1001", "name": "Feed';

export async function startFaultProxy(): Promise<FaultProxy> {
  let upstream = '';
  let rules: Rule[] = [];
  const server: Server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0] ?? '/';
    const rule = rules.find((r) => r.remaining > 0 && r.method === req.method && r.path.test(path));
    if (rule) {
      rule.remaining -= 1;
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(rule.body);
      return;
    }
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const headers = { ...req.headers };
      delete headers.host;
      delete headers.connection;
      request(`${upstream}${req.url ?? '/'}`, {
        method: (req.method ?? 'GET') as 'GET',
        headers,
        body: chunks.length > 0 ? Buffer.concat(chunks) : null,
      }).then(
        async (up) => {
          const out: Record<string, string> = {};
          for (const [k, v] of Object.entries(up.headers)) {
            if (typeof v === 'string' && !['connection', 'keep-alive', 'transfer-encoding'].includes(k))
              out[k] = v;
          }
          res.writeHead(up.statusCode, out);
          res.end(Buffer.from(await up.body.arrayBuffer()));
        },
        () => {
          res.writeHead(502, { 'content-type': 'text/plain' });
          res.end('proxy: upstream unreachable');
        },
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = address !== null && typeof address === 'object' ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    setUpstream: (url) => void (upstream = url),
    malform: (method, path, times, body = TRUNCATED_JSON) =>
      void rules.push({ method, path, remaining: times, body }),
    clear: () => void (rules = []),
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
