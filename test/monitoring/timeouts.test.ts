/** Timeouts and connection failures over real loopback sockets (the client's own keep-alive pool). */
import { createServer } from 'node:http';
import { describe, expect, test } from 'vitest';
import type { MonitoringError } from '../../src/monitoring/index.ts';
import { caught } from './helpers.ts';
import { useLoopbackPlatform } from './loopback.ts';

const { listen, client, closeLast } = useLoopbackPlatform({
  timeouts: { headersMs: 150, bodyMs: 150, connectMs: 1000 },
});

describe('timeouts and network errors', () => {
  test('no response headers in time is TIMEOUT with the undici error as cause', async () => {
    const url = await listen(createServer(() => undefined));
    const err = (await caught(() => client(url).tasks.listPage({}))) as MonitoringError;
    expect(err.code).toBe('TIMEOUT');
    expect(err.retryable).toBe(true);
    expect(err.cause).toMatchObject({ code: 'UND_ERR_HEADERS_TIMEOUT' });
  });

  test('a body that stalls is TIMEOUT', async () => {
    const url = await listen(
      createServer((_req, res) => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.write('{"data": [');
      }),
    );
    const err = (await caught(() => client(url).tasks.listPage({}))) as MonitoringError;
    expect(err.code).toBe('TIMEOUT');
    expect(err.cause).toMatchObject({ code: 'UND_ERR_BODY_TIMEOUT' });
  });

  test('a refused connection is NETWORK with the cause attached', async () => {
    const url = await listen(createServer());
    await closeLast();
    const err = (await caught(() => client(url).tasks.listPage({}))) as MonitoringError;
    expect(err.code).toBe('NETWORK');
    expect(err.cause).toBeInstanceOf(Error);
  });
});
