/** Timeouts and connection failures over real loopback sockets (the client's own keep-alive pool). */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, test } from 'vitest';
import {
  createMonitoringClient,
  type MonitoringApi,
  type MonitoringError,
} from '../../src/monitoring/index.ts';
import { caught, KEY } from './helpers.ts';

const open: { close(): unknown }[] = [];
afterEach(async () => {
  for (const thing of open.splice(0)) await thing.close();
});

async function listen(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  open.push({
    close: () =>
      new Promise((r) => {
        server.closeAllConnections();
        server.close(r);
      }),
  });
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

function client(baseUrl: string): MonitoringApi {
  const c = createMonitoringClient({
    baseUrl,
    apiKey: KEY,
    timeouts: { headersMs: 150, bodyMs: 150, connectMs: 1000 },
    retry: { maxRetries: 0 },
  });
  open.push(c);
  return c;
}

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
    await open.pop()?.close();
    const err = (await caught(() => client(url).tasks.listPage({}))) as MonitoringError;
    expect(err.code).toBe('NETWORK');
    expect(err.cause).toBeInstanceOf(Error);
  });
});
