/**
 * The platform HTTP core is bounded whatever the platform does (issue 15): a burst of calls shares a capped
 * pool of connections, a body that trickles forever is cut by the per-call deadline, and an endless answer is
 * not read past the size cap. Real loopback sockets.
 */
import { createServer } from 'node:http';
import { describe, expect, test } from 'vitest';
import { MAX_CONNECTIONS } from '../../src/monitoring/http.ts';
import type { MonitoringError } from '../../src/monitoring/index.ts';
import { caught, sourceRecord } from './helpers.ts';
import { useLoopbackPlatform } from './loopback.ts';

const { listen, client: platformClient } = useLoopbackPlatform();
const client = (baseUrl: string, timeouts = {}) => platformClient(baseUrl, { timeouts });

const record = (id: string) => JSON.stringify({ data: sourceRecord(id) });

describe('platform HTTP limits', () => {
  test(`40 calls at once use at most ${MAX_CONNECTIONS} connections`, async () => {
    let sockets = 0;
    let waiting: (() => void)[] = [];
    const server = createServer((req, res) => {
      // hold every answer until no more requests arrive on new sockets this turn, so the burst overlaps
      waiting.push(() => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(record(req.url?.split('/')[2]?.split('?')[0] ?? '1'));
      });
      setTimeout(() => {
        const now = waiting;
        waiting = [];
        for (const answer of now) answer();
      }, 20);
    });
    server.on('connection', () => (sockets += 1));
    const api = client(await listen(server));
    const ids = Array.from({ length: 40 }, (_, i) => String(1000 + i));
    const got = await Promise.all(ids.map((id) => api.dataSources.get(id)));
    expect(got.map((g) => g.id)).toEqual(ids);
    expect(sockets).toBeGreaterThan(0);
    expect(sockets).toBeLessThanOrEqual(MAX_CONNECTIONS);
  });

  test('a body that trickles forever ends with TIMEOUT at the per-call deadline', async () => {
    const server = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('{"data": [');
      // one byte well inside the idle (body) timeout, for ever
      const timer = setInterval(() => res.write(' '), 50);
      res.on('close', () => clearInterval(timer));
    });
    const api = client(await listen(server), { bodyMs: 1_000, totalMs: 400 });
    const err = (await caught(() => api.dataSources.listPage({ limit: 1 }))) as MonitoringError;
    expect(err.code).toBe('TIMEOUT');
  });

  test('an answer larger than the cap is not read to its end', async () => {
    const server = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(`{"data": null, "pad": "${'x'.repeat(40 * 1024 * 1024)}"}`);
    });
    const api = client(await listen(server));
    const err = (await caught(() => api.dataSources.listPage({ limit: 1 }))) as MonitoringError;
    expect(err.code).toBe('BAD_RESPONSE');
    expect(err.message).toContain('larger than');
  });
});
