/**
 * The relay's figures on /metrics (issue 42): a cycle's duration, alerts raised and resolved, the outbox's delivery
 * lag and backlog, and the lease this single process holds. Driven by relay.runCycle()/deliverNow(), no timers.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAlertLeases } from '../../src/alerts/engine/leadership.ts';
import { startAlertsBed, MIN, type AlertsBed } from '../alerts/alerts-bed.ts';
import { METRICS_TOKEN, scrape, valueOf } from './scrape.ts';

let bed: AlertsBed;
beforeAll(async () => {
  bed = await startAlertsBed({ harness: { configOverrides: { METRICS_TOKEN } } });
  bed.setCamera();
  expect(await bed.monitor('subscribe alerts site Berlin Plant')).toMatch(/Subscribed/);
  await bed.tick(0);
});
afterAll(async () => {
  await bed?.stop();
});

describe('relay metrics', () => {
  it('times each cycle, counts an alert raised then resolved, and the lag of its delivery', async () => {
    const before = await scrape(bed.h.url);
    bed.setCamera({ battery: 15 });
    await bed.tick(MIN);
    await bed.tick(2 * MIN);
    await bed.tick(MIN);
    expect(bed.cameraParents()).toHaveLength(1);
    const raised = await scrape(bed.h.url);
    const moved = (t: string, name: string, labels: Record<string, string> = {}) =>
      valueOf(t, name, labels) - valueOf(before, name, labels);
    expect(moved(raised, 'fieldline_relay_cycle_duration_seconds_count', { outcome: 'complete' })).toBe(3);
    expect(moved(raised, 'fieldline_alerts_raised_total')).toBe(1);
    expect(moved(raised, 'fieldline_alerts_resolved_total')).toBe(0);
    expect(moved(raised, 'fieldline_outbox_delivery_lag_seconds_count')).toBeGreaterThanOrEqual(1);
    // Delivered: nothing waits.
    expect(valueOf(raised, 'fieldline_outbox_backlog_items')).toBe(0);
    expect(valueOf(raised, 'fieldline_outbox_backlogged_channels')).toBe(0);

    bed.setCamera();
    await bed.tick(MIN);
    await bed.tick(6 * MIN);
    const resolved = await scrape(bed.h.url);
    expect(moved(resolved, 'fieldline_alerts_resolved_total')).toBe(1);
    expect(moved(resolved, 'fieldline_alerts_raised_total')).toBe(1);
  });

  it('a failed read is a failed cycle', async () => {
    const before = await scrape(bed.h.url);
    bed.h.sandbox.admin.inject({ endpoint: 'GET /data-sources', status: 500, times: 50 });
    await bed.relay.runCycle();
    bed.h.sandbox.admin.clearInjections();
    const after = await scrape(bed.h.url);
    const failed = (t: string) =>
      valueOf(t, 'fieldline_relay_cycle_duration_seconds_count', { outcome: 'failed' });
    expect(failed(after) - failed(before)).toBe(1);
  });

  it("shows whether this replica holds the default relay's lease, and how many relay leases it holds", async () => {
    const config = { store: { kind: 'memory' as const }, storePrefix: 'ops-test:', leaseTtlSeconds: 15 };
    const leases = await createAlertLeases(config, bed.h.deps.log);
    const before = await scrape(bed.h.url);
    const main = leases.leadershipFor(undefined);
    const other = leases.leadershipFor('T0OTHER');
    await Promise.all([main.start(), other.start()]);
    const leading = await scrape(bed.h.url);
    expect(valueOf(leading, 'fieldline_relay_lease_holder')).toBe(1);
    expect(
      valueOf(leading, 'fieldline_relay_leases_held') - valueOf(before, 'fieldline_relay_leases_held'),
    ).toBe(2);
    await Promise.all([main.stop(), other.stop()]);
    const stopped = await scrape(bed.h.url);
    expect(valueOf(stopped, 'fieldline_relay_leases_held')).toBe(
      valueOf(before, 'fieldline_relay_leases_held'),
    );
    await leases.close();
  });
});
