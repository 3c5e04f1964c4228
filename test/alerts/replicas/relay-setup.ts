/**
 * Shared steps of the replica tests: subscribe channels through a replica (signed /monitor commands), wait for
 * the relay to settle (subscription primed, outboxes empty), and read what Slack received.
 */
import type { StoredMessage } from '../../../src/slack-standin/index.ts';
import { waitFor } from '../../harness.ts';
import type { ReplicaBed } from './replica-bed.ts';
import type { Replica } from './replica-process.ts';

export const TASKS_CHANNEL = 'C0GENERAL';
export const ALERTS_CHANNEL = 'C0ALERTS';
export const SITE_ID = '101';
export const SITE_NAME = 'Berlin Plant';

/** Runs `/monitor <text>` against `replica`: the ephemeral answer, and whether the ack missed Slack's 3 s. */
export async function monitor(
  bed: ReplicaBed,
  replica: Replica,
  text: string,
  channel: string,
): Promise<{ answer: string; tooSlow: boolean }> {
  bed.standin.setAppUrl(replica.url);
  const before = bed.standin.messages(channel).length;
  const res = await bed.standin.driver.command({ command: '/monitor', text, channel });
  if (res.status !== 200) throw new Error(`/monitor answered HTTP ${res.status}`);
  const answer = await waitFor(
    () =>
      bed.standin
        .messages(channel)
        .slice(before)
        .find((m) => m.ephemeralTo !== undefined),
    { timeoutMs: 10_000 },
  );
  return { answer: answer.text, tooSlow: res.tooSlow };
}

export async function outboxPending(bed: ReplicaBed, channel: string): Promise<number> {
  const head = (await bed.stored<number>(`relay:outbox:${channel}:head`)) ?? 0;
  const tail = (await bed.stored<number>(`relay:outbox:${channel}:tail`)) ?? 0;
  return tail - head;
}

/** Starts replicas a and b, waits for one of them to lead, then subscribes and settles through a. */
export async function spawnPairAndSettle(bed: ReplicaBed): Promise<[Replica, Replica]> {
  const pair = await Promise.all([bed.spawn('a'), bed.spawn('b')]);
  await bed.leader();
  await subscribeAndSettle(bed, pair[0]);
  return pair;
}

/** Subscribes tasks and alerts of one site and waits for the first cycle (silent for tasks) to be delivered. */
export async function subscribeAndSettle(bed: ReplicaBed, via: Replica): Promise<void> {
  await monitor(bed, via, `subscribe tasks site ${SITE_NAME}`, TASKS_CHANNEL);
  await monitor(bed, via, `subscribe alerts site ${SITE_NAME}`, ALERTS_CHANNEL);
  await waitFor(
    async () => {
      const sub = await bed.stored<{ tasks: { primed: boolean } | null }>(`relay:subs:${TASKS_CHANNEL}`);
      return sub?.tasks?.primed === true;
    },
    { timeoutMs: 15_000, message: 'task subscription primed' },
  );
  await settled(bed);
}

/** Both outboxes empty (every enqueued item delivered). */
export async function settled(bed: ReplicaBed, timeoutMs = 60_000): Promise<void> {
  await waitFor(
    async () =>
      (await outboxPending(bed, TASKS_CHANNEL)) === 0 && (await outboxPending(bed, ALERTS_CHANNEL)) === 0,
    { timeoutMs, intervalMs: 100, message: 'relay outboxes drained' },
  );
}

/** Bot messages (parents and thread replies, not ephemerals) in `channel`. */
export function botMessages(bed: ReplicaBed, channel: string): StoredMessage[] {
  return bed.standin.messages(channel).filter((m) => m.bot_id !== undefined && m.ephemeralTo === undefined);
}

export function isParent(m: StoredMessage): boolean {
  return m.thread_ts === undefined || m.thread_ts === m.ts;
}
