/**
 * A loopback HTTP proxy in front of the monitoring sandbox, one per replica: every replica's platform calls are
 * attributed to it (who polls, and when a new leader's first poll arrives). An optional delay on each request
 * stretches cycles so a test can kill a leader while a cycle is in flight.
 */
import { createServer, request, type Server } from 'node:http';

/** The poller's page requests: data sources with their last readings, and tasks of subscribed sites. */
/**
 * The relay's reads. A search by name is not one: a task submission's read-back, which a job taken over from a
 * killed replica may make long after its test (BullMQ hands it on once its lock expires).
 */
const POLL = /^\/(data-sources\?.*withLastReadings=true|tasks\?(?!.*textSearch=))/;

export interface ProxiedRequest {
  at: number;
  method: string;
  path: string;
}

export interface CountingProxy {
  url: string;
  requests: ProxiedRequest[];
  /** Requests forwarded but not answered yet. */
  inFlight(): number;
  /** Poller traffic (a command's directory lookups page /data-sources without last readings). */
  polls(since?: number): ProxiedRequest[];
  close(): Promise<void>;
}

export async function startCountingProxy(
  target: string,
  opts: { delayMs?: number } = {},
): Promise<CountingProxy> {
  const upstream = new URL(target);
  const requests: ProxiedRequest[] = [];
  let inFlight = 0;
  const server: Server = createServer((req, res) => {
    requests.push({ at: Date.now(), method: req.method ?? 'GET', path: req.url ?? '/' });
    inFlight += 1;
    const done = () => {
      inFlight -= 1;
    };
    const forward = () => {
      const out = request(
        {
          host: upstream.hostname,
          port: upstream.port,
          method: req.method,
          path: req.url,
          headers: { ...req.headers, host: upstream.host },
        },
        (up) => {
          res.writeHead(up.statusCode ?? 502, up.headers);
          up.pipe(res);
          up.once('end', done);
        },
      );
      out.once('error', () => {
        done();
        res.destroy();
      });
      req.pipe(out);
    };
    if (opts.delayMs) setTimeout(forward, opts.delayMs);
    else forward();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = address !== null && typeof address === 'object' ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    inFlight: () => inFlight,
    polls: (since = 0) => requests.filter((r) => r.at >= since && r.method === 'GET' && POLL.test(r.path)),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
