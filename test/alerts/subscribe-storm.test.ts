/**
 * Issue 35 in one process, with the embedded sqlite store and with memory: sixteen `/monitor subscribe
 * alerts|tasks` commands in eight channels sent at once (the job queue runs them concurrently, JOB_CONCURRENCY
 * 64) all answer Subscribed, and the next device alert and task change reach all eight channels once each.
 * The two-replica variant on Redis is test/alerts/replicas/subscribe-storm.test.ts; the scenario is shared.
 *
 * Relay cycles are driven by hand (the relay bed's `tick`: one complete cycle, then delivery awaited), so "idle"
 * is exact: after the cycle that delivered, one more cycle with nothing changed must add nothing.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { MIN, startAlertsBed, type AlertsBed } from './alerts-bed.ts';
import {
  addStormChannels,
  ADMIN,
  allDelivered,
  describeStorm,
  makeStormChange,
  subscribeAll,
  summarize,
  tally,
} from './replicas/subscribe-storm-scenario.ts';

let bed: AlertsBed | undefined;
afterEach(async () => {
  await bed?.stop();
  bed = undefined;
});

describe.each(['sqlite', 'memory'] as const)(
  'issue 35: a subscription storm in one process (%s store)',
  (store) => {
    it('keeps all 16 subscriptions: the next alert and task change reach all 8 channels once each', async () => {
      const started = Date.now();
      bed = await startAlertsBed({ harness: { store, configOverrides: { JOB_CONCURRENCY: '64' } } });
      const { h } = bed;
      addStormChannels(h.standin);
      const answers = await subscribeAll(h.standin, ({ channel, text }) =>
        h.driver.command({ command: '/monitor', text, channel, user: ADMIN }),
      );
      expect(answers).toHaveLength(16);
      for (const answer of answers) expect(answer).toMatch(/^:white_check_mark: Subscribed\./);

      // The first cycle records task subscriptions quietly; the next raises what was already unhealthy.
      await bed.tick(0);
      await bed.tick();
      const change = makeStormChange(h.sandbox);
      const now = () => tally(h.standin, change);
      // The task change goes out with the next cycle, the alert once its pending period (2 min here) has passed.
      for (let cycle = 0; cycle < 4 && !allDelivered(now()); cycle++)
        await bed.tick(cycle === 0 ? MIN : 3 * MIN);
      // Idle: one more complete cycle and delivery with nothing new on the platform.
      await bed.tick(MIN);
      const summary = summarize(now());
      console.log(`${describeStorm(`one process, ${store}`, summary)} (${Date.now() - started} ms)`);
      expect(summary.lost).toEqual([]);
      expect(summary).toMatchObject({ alertChannels: 8, taskChannels: 8, duplicates: [] });
    }, 60_000);
  },
);
