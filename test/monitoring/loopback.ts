/**
 * A real loopback server as the platform, for the client's socket-level tests (timeouts, pool cap, size cap):
 * servers and clients opened through it are closed after each test.
 */
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach } from 'vitest';
import {
  createMonitoringClient,
  type MonitoringApi,
  type MonitoringClientOptions,
} from '../../src/monitoring/index.ts';
import { KEY } from './helpers.ts';

export function useLoopbackPlatform(defaults: Partial<MonitoringClientOptions> = {}) {
  const open: { close(): unknown }[] = [];
  afterEach(async () => {
    for (const thing of open.splice(0)) await thing.close();
  });
  return {
    /** Starts `server` on a free loopback port; its base URL. */
    async listen(server: Server): Promise<string> {
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      open.push({
        close: () =>
          new Promise((r) => {
            server.closeAllConnections();
            server.close(r);
          }),
      });
      return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    },
    /** Closes the server opened last (a refused connection from then on). */
    closeLast: async () => {
      await open.pop()?.close();
    },
    /** A client of that server with no retries (and `defaults`, then `extra`). */
    client(baseUrl: string, extra: Partial<MonitoringClientOptions> = {}): MonitoringApi {
      const c = createMonitoringClient({
        baseUrl,
        apiKey: KEY,
        retry: { maxRetries: 0 },
        ...defaults,
        ...extra,
      });
      open.push(c);
      return c;
    },
  };
}
