/**
 * Issue 35 with two replicas (real processes) on the tests' Redis: sixteen `/monitor subscribe alerts|tasks`
 * commands in eight channels, sent at once and alternating between the replicas, all answer Subscribed; then one
 * device alert and one task change must reach all eight channels, each exactly once. Before the fix concurrent
 * jobs overwrote each other's `relay:subs:index` and `relay:subs:<channel>`: answered, but silently lost.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AlertStatus } from '../../../src/alerts/rules/status.ts';
import { waitFor } from '../../harness.ts';
import { redisUrl } from '../../setup/redis-url.ts';
import { startReplicaBed, type ReplicaBed } from './replica-bed.ts';
import type { Replica } from './replica-process.ts';
import { outboxPending } from './relay-setup.ts';
import {
  addStormChannels,
  ADMIN,
  allDelivered,
  describeStorm,
  makeStormChange,
  STORM_CHANNELS,
  subscribeAll,
  summarize,
  tally,
  type StormTally,
} from './subscribe-storm-scenario.ts';

const url = redisUrl();
let bed: ReplicaBed;
let a: Replica;
let b: Replica;

/** Start of the last complete relay cycle, as the leader recorded it. */
async function lastCompleteAt(): Promise<number> {
  return (await bed.stored<AlertStatus>('relay:status'))?.lastCompleteAt ?? 0;
}

/**
 * Idle: `cycles` complete relay cycles, each started after the one before completed (the first after this call),
 * then every storm channel's outbox empty. `done` ends the wait early (everything expected already arrived).
 */
async function alertsIdle(cycles: number, done: () => boolean = () => false): Promise<void> {
  for (let i = 0; i < cycles && !done(); i++) {
    const since = Date.now();
    await waitFor(async () => done() || (await lastCompleteAt()) > since, {
      timeoutMs: 20_000,
      intervalMs: 50,
      message: 'a complete relay cycle',
    });
  }
  await waitFor(
    async () => {
      for (const c of STORM_CHANNELS) if ((await outboxPending(bed, c)) !== 0) return false;
      return true;
    },
    { timeoutMs: 30_000, intervalMs: 50, message: 'storm channels’ outboxes drained' },
  );
}

describe.skipIf(!url)('issue 35: a subscription storm answered by two replicas on one Redis', () => {
  beforeAll(async () => {
    bed = await startReplicaBed({ redisUrl: url ?? '' });
    addStormChannels(bed.standin);
    [a, b] = await Promise.all([bed.spawn('a'), bed.spawn('b')]);
    await bed.leader();
  }, 90_000);

  afterAll(async () => {
    await bed?.stop();
  });

  it('keeps all 16 subscriptions: the next alert and task change reach all 8 channels once each', async () => {
    const started = Date.now();
    const answers = await subscribeAll(bed.standin, ({ channel, text }, i) => {
      // The driver reads the app URL when it starts the request: each command goes to the replica set here.
      bed.standin.setAppUrl((i % 2 === 0 ? a : b).url);
      return bed.standin.driver.command({ command: '/monitor', text, channel, user: ADMIN });
    });
    expect(answers).toHaveLength(16);
    for (const answer of answers) expect(answer).toMatch(/^:white_check_mark: Subscribed\./);

    // The first cycle after a task subscription records silently: let every subscription that exists be primed.
    await alertsIdle(1);
    const change = makeStormChange(bed.sandbox);
    const now = (): StormTally => tally(bed.standin, change);
    // Until every channel has both messages, or the relay went idle after the change without sending the rest
    // (a silent sensor's alert is raised within two cycles, a task change within one).
    await alertsIdle(4, () => allDelivered(now()));
    // Then one more complete cycle and drained outboxes: whatever would come twice has come by now.
    await alertsIdle(1);
    const summary = summarize(now());
    console.log(`${describeStorm('two replicas, Redis', summary)} (${Date.now() - started} ms)`);
    expect(summary.lost).toEqual([]);
    expect(summary).toMatchObject({ alertChannels: 8, taskChannels: 8, duplicates: [] });
  }, 120_000);
});
