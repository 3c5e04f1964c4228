/** Site time zones come from one record per site: however many sites the platform lists, a few at a time. */
import { describe, expect, it } from 'vitest';
import { createSiteCatalog } from '../../src/directory/sites.ts';
import { createLogger } from '../../src/base/log.ts';
import type { DataSource, DataSourceRow, MonitoringApi } from '../../src/monitoring/api.ts';
import { openStore } from '../../src/store/open-store.ts';

const row = (i: number) =>
  ({
    id: String(1000 + i),
    name: `Source ${i}`,
    site: { id: String(i), name: `Site ${i}`, channelId: null },
    isShared: false,
  }) as unknown as DataSourceRow;

describe('site catalog', () => {
  it('looks up 200 site time zones with at most 4 record fetches in flight', async () => {
    let inFlight = 0;
    let most = 0;
    const fake = {
      dataSources: {
        async *list() {
          for (let i = 0; i < 200; i += 1) yield row(i);
        },
        async get(id: string) {
          inFlight += 1;
          most = Math.max(most, inFlight);
          await new Promise((resolve) => setImmediate(resolve));
          inFlight -= 1;
          return { id, tzTimezoneName: 'Europe/Berlin' } as unknown as DataSource;
        },
      },
    } as unknown as MonitoringApi;
    const log = createLogger({ level: 'silent' });
    const store = await openStore({ kind: 'memory' }, { log });
    const catalog = createSiteCatalog({
      monitoring: fake,
      store,
      clock: { now: () => 0 },
      log,
      scope: () => 'test',
    });
    const sites = await catalog.sites();
    expect(sites).toHaveLength(200);
    expect(sites.every((s) => s.timeZone === 'Europe/Berlin')).toBe(true);
    expect(most).toBeGreaterThan(0);
    expect(most).toBeLessThanOrEqual(4);
    await store.close();
  });
});
