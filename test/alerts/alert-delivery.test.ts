import { afterEach, describe, expect, it } from 'vitest';
import { waitFor } from '../harness.ts';
import { redisUrl } from '../setup/redis-url.ts';
import { ALERTS, expectValidBlocks, GENERAL, MIN, startTaskBed, type AlertsBed } from './alerts-bed.ts';

/** Changes the priority of `n` Berlin tasks so that every task subscription gets `n` items. */
function changeTasks(bed: AlertsBed, n: number): string[] {
  const tasks = bed.h.sandbox.admin.state.tasks.filter((t) => t.siteId === '101').slice(0, n);
  expect(tasks).toHaveLength(n);
  for (const t of tasks)
    bed.h.sandbox.admin.updateTask(t.id, { priorityId: t.priorityId === '15' ? '5' : '15' });
  return tasks.map((t) => t.name);
}

/** Parent texts in channel order, each with the texts of its thread. */
function threads(bed: AlertsBed, channel: string) {
  return bed
    .parents(channel)
    .map((p) => ({ parent: p.text, replies: bed.replies(channel, p.ts).map((r) => r.text) }));
}

describe('alerts: delivery through the per-channel outbox', () => {
  let bed: AlertsBed;
  afterEach(() => bed.stop());

  it('a 429 storm on one channel loses nothing, keeps order, and leaves the other channel unaffected', async () => {
    bed = await startTaskBed({ channels: [ALERTS, GENERAL] });
    changeTasks(bed, 4);
    bed.advance(MIN);
    const report = await bed.relay.runCycle();
    expect(report.enqueued).toEqual({ [ALERTS]: 4, [GENERAL]: 4 });
    bed.h.standin.inject({
      method: 'chat.postMessage',
      channel: ALERTS,
      status: 429,
      retryAfterSeconds: 1,
      times: 3,
    });
    const delivered = await bed.relay.deliverNow();
    expect(delivered).toMatchObject({ delivered: 8, pending: {}, errors: [] });

    const calls = bed.h.standin.callsTo('chat.postMessage');
    const limited = calls.filter((c) => c.status === 429);
    expect(limited.map((c) => c.args.channel)).toEqual([ALERTS, ALERTS, ALERTS]);
    // the other channel finished before the rate-limited one got its first message through
    const lastGeneral = calls.findLastIndex((c) => c.args.channel === GENERAL);
    const firstAlertOk = calls.findIndex((c) => c.args.channel === ALERTS && c.status === 200);
    expect(lastGeneral).toBeLessThan(firstAlertOk);
    // nothing lost, same order, each change threaded under its own parent
    expect(threads(bed, ALERTS)).toEqual(threads(bed, GENERAL));
    expect(threads(bed, ALERTS)).toHaveLength(4);
    for (const t of threads(bed, ALERTS)) expect(t.replies).toEqual([expect.stringMatching(/priority/)]);
    expect(await bed.relay.status(ALERTS)).toMatchObject({
      channels: [{ channel: ALERTS, pending: 0, delivery: { delivered: 4 } }],
    });
    expectValidBlocks(bed.h);
  });

  // redis only with a Redis for the tests (test/setup/redis.ts says once when there is none)
  it.each(redisUrl() ? (['memory', 'redis'] as const) : (['memory'] as const))(
    'a new relay instance over the same %s store resumes a pending outbox without duplicates or loss',
    async (store) => {
      bed = await startTaskBed({ harness: { store }, relay: { channelIntervalMs: 150 } });
      const names = changeTasks(bed, 5);
      bed.advance(MIN);
      expect((await bed.relay.runCycle()).enqueued).toEqual({ [GENERAL]: 5 });
      // the first instance dies part-way through delivery
      const draining = bed.relay.deliverNow();
      await waitFor(() => bed.h.standin.messages(GENERAL).filter((m) => !m.ephemeralTo).length >= 3, {
        timeoutMs: 10_000,
      });
      await bed.relay.stop();
      await draining;
      const partial = bed.h.standin.messages(GENERAL).filter((m) => !m.ephemeralTo).length;
      expect(partial).toBeLessThan(10);

      const second = bed.newEngine({ options: { channelIntervalMs: 5 } });
      const resumed = await second.deliverNow();
      expect(resumed.pending).toEqual({});
      const t = threads(bed, GENERAL);
      expect(t).toHaveLength(5);
      expect(t.map((x) => names.some((n) => x.parent.includes(n)))).toEqual([true, true, true, true, true]);
      for (const x of t) expect(x.replies).toHaveLength(1);
      // the next cycle of the new instance finds nothing new to say
      bed.advance(MIN);
      await second.runCycle();
      expect((await second.deliverNow()).delivered).toBe(0);
      await second.stop();
    },
  );
});
