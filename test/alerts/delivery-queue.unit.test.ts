import { describe, expect, it } from 'vitest';
import { createLogger } from '../../src/base/log.ts';
import { createDeliveryQueue } from '../../src/alerts/engine/delivery-queue.ts';
import type { OutboxDraft } from '../../src/alerts/rules/model.ts';
import { createOutbox } from '../../src/alerts/engine/outbox.ts';
import type { AlertSlack } from '../../src/alerts/engine/alert-slack.ts';
import { alertStore } from '../../src/alerts/engine/alert-store.ts';
import { openStore } from '../../src/store/open-store.ts';

const log = createLogger({ level: 'silent' });

/** Virtual time: sleeps wait for the test's scheduler, which jumps to the earliest timer once all work is idle. */
function virtualTime() {
  let now = 0;
  const timers: { at: number; resolve: () => void }[] = [];
  const idle = () => new Promise<void>((resolve) => setImmediate(resolve));
  return {
    now: () => now,
    sleep: (ms: number) =>
      new Promise<void>((resolve) => timers.push({ at: now + Math.max(0, ms), resolve })),
    async run<T>(work: Promise<T>): Promise<T> {
      let done = false;
      const result = work.finally(() => (done = true));
      while (!done) {
        for (let i = 0; i < 20; i++) await idle();
        if (done) break;
        timers.sort((a, b) => a.at - b.at);
        const next = timers.shift();
        if (!next) continue;
        now = Math.max(now, next.at);
        next.resolve();
      }
      return result;
    },
  };
}

const task = (n: number): OutboxDraft => ({
  kind: 'snooze.ended',
  summary: {
    key: `dev:${n}`,
    label: `Source ${n}`,
    suppressed: 0,
    stillActive: false,
    snoozedBy: 'U1',
    endedAt: 0,
  },
  id: `e${n}`,
  subject: null,
});

/** A queue on virtual time that always holds the lease, with 5 s–60 s error backoff. */
function queueOn(
  time: ReturnType<typeof virtualTime>,
  parts: Pick<Parameters<typeof createDeliveryQueue>[0], 'rs' | 'outbox' | 'slack' | 'intervalMs'>,
) {
  return createDeliveryQueue({
    ...parts,
    fence: async () => true,
    now: time.now,
    sleep: time.sleep,
    log,
    errorBackoffBaseMs: 5_000,
    errorBackoffCapMs: 60_000,
  });
}

describe('delivery queue (virtual time)', () => {
  it('spaces writes to a channel by the interval, pauses only the rate-limited channel, keeps order', async () => {
    const store = await openStore({ kind: 'memory' }, { log });
    const outbox = createOutbox(store);
    const time = virtualTime();
    const writes: { channel: string; text: string; at: number }[] = [];
    let limited = 2;
    const slack: AlertSlack = {
      async post(channel, msg) {
        if (channel === 'A' && limited > 0) {
          limited -= 1;
          throw Object.assign(new Error('rate limited'), {
            code: 'slack_webapi_rate_limited_error',
            retryAfter: 30,
          });
        }
        writes.push({ channel, text: msg.text, at: time.now() });
        return String(writes.length);
      },
      update: async () => {},
      join: async () => {},
    };
    for (const channel of ['A', 'B']) await outbox.enqueue(channel, [1, 2, 3, 4].map(task), 0);
    const queue = queueOn(time, { rs: alertStore(store), outbox, slack, intervalMs: 1_000 });
    const report = await time.run(queue.drain());
    expect(report).toEqual({ delivered: 8, pending: {}, errors: [] });

    const at = (channel: string) => writes.filter((w) => w.channel === channel).map((w) => w.at);
    for (const channel of ['A', 'B']) {
      expect(writes.filter((w) => w.channel === channel).map((w) => w.text)).toEqual(
        [1, 2, 3, 4].map((n) => expect.stringContaining(`Source ${n}`)),
      );
      const times = at(channel);
      for (let i = 1; i < times.length; i++)
        expect((times[i] ?? 0) - (times[i - 1] ?? 0)).toBeGreaterThanOrEqual(1_000);
    }
    // B never waited for A's two 30 s pauses
    expect(Math.max(...at('B'))).toBeLessThan(4_000);
    expect(Math.min(...at('A'))).toBeGreaterThanOrEqual(60_000);
  });

  it('counts the spacing from when a slow write completed, not when it started, so messages arrive at most ~1 per second', async () => {
    const store = await openStore({ kind: 'memory' }, { log });
    const outbox = createOutbox(store);
    const time = virtualTime();
    const arrived: number[] = [];
    const answerMs = [900, 100, 100]; // a slow answer followed by fast ones
    const slack: AlertSlack = {
      async post() {
        await time.sleep(answerMs[arrived.length] ?? 100);
        arrived.push(time.now());
        return String(arrived.length);
      },
      update: async () => {},
      join: async () => {},
    };
    await outbox.enqueue('A', [1, 2, 3].map(task), 0);
    const queue = queueOn(time, { rs: alertStore(store), outbox, slack, intervalMs: 1_000 });
    await time.run(queue.drain());
    expect(arrived).toHaveLength(3);
    for (let i = 1; i < arrived.length; i++)
      expect((arrived[i] ?? 0) - (arrived[i - 1] ?? 0)).toBeGreaterThanOrEqual(1_000);
  });

  it('keeps the item at the head after another Slack error and reports it', async () => {
    const store = await openStore({ kind: 'memory' }, { log });
    const outbox = createOutbox(store);
    const time = virtualTime();
    const fail = Object.assign(new Error('platform'), {
      code: 'slack_webapi_platform_error',
      data: { error: 'channel_not_found' },
    });
    const slack: AlertSlack = {
      post: async () => Promise.reject(fail),
      update: async () => {},
      join: async () => {},
    };
    await outbox.enqueue('A', [task(1)], 0);
    const rs = alertStore(store);
    const queue = queueOn(time, { rs, outbox, slack, intervalMs: 0 });
    const report = await time.run(queue.drain());
    expect(report).toEqual({
      delivered: 0,
      pending: { A: 1 },
      errors: [{ channel: 'A', error: 'channel_not_found' }],
    });
    expect(await rs.channelStatus('A')).toMatchObject({ lastError: 'channel_not_found', pausedUntil: 5_000 });
  });
});
