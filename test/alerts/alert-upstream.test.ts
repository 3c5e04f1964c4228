import { afterEach, describe, expect, it } from 'vitest';
import type { MonitoringApi } from '../../src/monitoring/api.ts';
import { ALERTS, GENERAL, MIN, startAlertsBed, type AlertsBed } from './alerts-bed.ts';

const PAGE = 3;

describe('alerts: upstream trouble and API economy', () => {
  let bed: AlertsBed;
  afterEach(() => bed.stop());

  it('makes exactly the minimal page count plus one record per camera', async () => {
    bed = await startAlertsBed({ relay: { pageSize: PAGE } });
    const admin = bed.h.sandbox.admin;
    await bed.monitor('subscribe alerts site Berlin Plant');
    await bed.monitor('subscribe tasks site Berlin Plant', GENERAL);
    await bed.tick(0);
    admin.clearRequests();
    bed.advance(MIN);
    const report = await bed.relay.runCycle();
    const sources = admin.state.sources.filter((s) => s.siteId === '101');
    const cameras = sources.filter((s) => s.applyingId === 7);
    const tasks = admin.state.tasks.filter((t) => t.siteId === '101');
    // contract: paging rule 4 — a full last page needs one more request to see the end
    const minimal = Math.floor(sources.length / PAGE) + 1 + Math.floor(tasks.length / PAGE) + 1;
    const api = admin.requests().filter((r) => r.kind === 'api');
    expect(report.calls).toEqual({ pages: minimal, records: cameras.length });
    expect(api).toHaveLength(minimal + cameras.length);
    expect(
      api
        .filter((r) => r.path === '/data-sources')
        .every((r) => r.query.siteIds === '101' && r.query.withLastReadings !== undefined),
    ).toBe(true);
    expect(api.filter((r) => r.path === '/tasks').every((r) => r.query.siteIds === '101')).toBe(true);
    expect(
      api
        .filter((r) => r.path.startsWith('/data-sources/'))
        .map((r) => r.path)
        .sort(),
    ).toEqual(cameras.map((c) => `/data-sources/${c.id}`).sort());
  });

  it('never clears an alert or invents task changes from a cycle that failed on its second page', async () => {
    bed = await startAlertsBed({ relay: { pageSize: PAGE } });
    const admin = bed.h.sandbox.admin;
    bed.setCamera({ onLine: false });
    await bed.monitor('subscribe alerts site Berlin Plant');
    await bed.monitor('subscribe tasks site Berlin Plant', GENERAL);
    await bed.tick(0);
    await bed.tick(3 * MIN);
    const parent = bed.cameraParents()[0];
    expect(parent?.text).toMatch(/^Critical/);

    // the camera comes back, but from now on every cycle dies on the second page of GET /data-sources
    bed.setCamera();
    const base = bed.h.deps.sharedMonitoring;
    let outage = true;
    const flaky: MonitoringApi = {
      ...base,
      dataSources: {
        ...base.dataSources,
        async listPage(query, lastValue, signal) {
          const page = await base.dataSources.listPage(query, lastValue, signal);
          if (outage && !lastValue) admin.inject({ endpoint: 'GET /data-sources', status: 500, times: 20 });
          return page;
        },
      },
    };
    const relay = bed.newEngine({ monitoring: flaky });
    const task = admin.state.tasks.find((t) => t.siteId === '101');
    for (let i = 0; i < 4; i++) {
      bed.advance(3 * MIN);
      if (i === 1) admin.updateTask(task?.id ?? '', { priorityId: task?.priorityId === '15' ? '5' : '15' });
      const report = await relay.runCycle();
      expect(report.outcome).toBe('failed');
      expect(report.error?.code).toBe('SERVER');
      admin.clearInjections();
      await relay.deliverNow();
    }
    expect(bed.parents(ALERTS).find((m) => m.ts === parent?.ts)?.text).toMatch(/^Critical/);
    expect(bed.replies(ALERTS, parent?.ts ?? '')).toEqual([]);
    expect(bed.parents(GENERAL)).toEqual([]);
    const status = await bed.monitor('status');
    expect(status).toMatch(/The last 4 checks of the platform failed/);
    expect(status).toMatch(/The platform asked fieldline to wait: the next check is after/);

    // back to normal: the task change is reported once; the alert clears only after a healthy period
    outage = false;
    bed.advance(MIN);
    expect((await relay.runCycle()).outcome).toBe('complete');
    await relay.deliverNow();
    expect(bed.parents(GENERAL)).toHaveLength(1);
    expect(bed.parents(ALERTS).find((m) => m.ts === parent?.ts)?.text).toMatch(/^Critical/);
    await relay.stop();
  });

  it('honours Retry-After of a rate-limited platform in the next wait', async () => {
    bed = await startAlertsBed({ relay: { pollIntervalMs: 10_000 } });
    await bed.monitor('subscribe tasks site Berlin Plant', GENERAL);
    bed.h.sandbox.admin.inject({ endpoint: 'GET /tasks', status: 429, retryAfterSeconds: 120, times: 20 });
    const report = await bed.relay.runCycle();
    expect(report.outcome).toBe('failed');
    expect(report.error?.code).toBe('RATE_LIMITED');
    expect(report.nextDelayMs).toBeGreaterThanOrEqual(120_000);
    const status = await bed.relay.status();
    expect(status.poller.backoffUntil).toBeGreaterThanOrEqual(report.startedAt + 120_000);
  });
});
