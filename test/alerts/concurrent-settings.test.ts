/**
 * Issue 35 beyond subscriptions: digest settings typed at once in several channels, and Snooze chosen at once on
 * several parents of one channel (while the poller counts what the snoozes hide) must all count. Asserted by what
 * the channels then receive.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { HEALTHY_CAMERA } from '../fixtures/device-status.ts';
import { redisUrl } from '../setup/redis-url.ts';
import { addChannels, monitorAtOnce, notOnceIn, snoozeAtOnce } from './concurrent-bed.ts';
import { MIN, sourceNamed, startAlertsBed, type AlertsBed } from './alerts-bed.ts';

const DIGEST = /^Shift handover — Berlin Plant( \(late\))?:/;

// With memory and jobs in the event loop a short job may finish before the next request arrives: the job
// thread (store calls crossing to the main thread) is where memory's jobs overlap.
const STORES = [
  { store: 'memory' as const, runner: 'event-loop' as const, skip: false },
  { store: 'memory' as const, runner: 'thread' as const, skip: false },
  { store: 'sqlite' as const, runner: 'event-loop' as const, skip: false },
  { store: 'redis' as const, runner: 'event-loop' as const, skip: !redisUrl() },
];

describe.each(STORES)(
  'concurrent settings and snoozes ($store, jobs in the $runner)',
  ({ store, runner, skip }) => {
    const harness = { store, jobs: { runner } };
    let bed: AlertsBed;
    afterEach(async () => bed?.stop());

    // Not run with the job thread: it keeps the real clock (the bed moves the main thread's), and `since` comes
    // from the job; the event-loop variants cover digest settings on every backend.
    const itWithBedClock = runner === 'thread' ? () => undefined : it.skipIf(skip);
    itWithBedClock(
      'digest settings typed at once in 8 channels: each gets its digest; 4 turned off at once get none',
      async () => {
        bed = await startAlertsBed({ harness, startAt: '2026-06-10T03:00:00Z' }); // 05:00 in Berlin
        const channels = addChannels(bed, 'DIG', 8);
        const on = await monitorAtOnce(
          bed,
          channels.map((channel) => ({ channel, text: 'digest at 06:00 site Berlin Plant' })),
        );
        for (const [channel, [text]] of on) expect(text, channel).toMatch(/will be posted here at 06:00/);
        await bed.tick(0); // no shift change yet
        // Past 06:00 both in Berlin and in UTC (the zone of a site no subscription made the relay read).
        await bed.tick(185 * MIN);
        await bed.tick(MIN); // nothing new: nothing may repeat
        expect(notOnceIn(bed, channels, DIGEST)).toEqual({});

        const off = channels.slice(0, 4);
        const offAnswers = await monitorAtOnce(
          bed,
          off.map((channel) => ({ channel, text: 'digest off' })),
        );
        for (const [channel, [text]] of offAnswers)
          expect(text, channel).toMatch(/No more shift handover digests/);
        await bed.tick(24 * 60 * MIN); // the next 06:00
        await bed.tick(MIN);
        const count = (c: string) => bed.parents(c).filter((m) => DIGEST.test(m.text)).length;
        expect(Object.fromEntries(channels.map((c) => [c, count(c)]))).toEqual(
          Object.fromEntries(channels.map((c) => [c, off.includes(c) ? 1 : 2])),
        );
      },
    );

    it.skipIf(skip)(
      'Snooze on 4 parents at once, and again on 2 while a cycle runs: every snooze holds and counts',
      async () => {
        bed = await startAlertsBed({ harness, relay: { stormThreshold: 100 } });
        const [channel = ''] = addChannels(bed, 'SNZ', 1);
        const names = ['Gate Camera North', 'Dock Camera', 'Entrance Camera', 'Berth Camera'];
        const cameras = names.map((n) => sourceNamed(bed.h, n).id);
        const setAll = (fault: Partial<typeof HEALTHY_CAMERA>) => {
          for (const id of cameras) bed.h.sandbox.admin.setDeviceStatus(id, { ...HEALTHY_CAMERA, ...fault });
        };
        setAll({});
        expect((await monitorAtOnce(bed, [{ channel, text: 'subscribe alerts' }])).get(channel)).toEqual([
          expect.stringMatching(/Subscribed/),
        ]);
        await bed.tick(0);
        setAll({ battery: 15 });
        await bed.tick(MIN);
        await bed.tick(3 * MIN);
        const parentOf = (name: string) => bed.parents(channel).find((m) => m.text.includes(`${name} —`));
        const parents = names.map((n) => parentOf(n)?.ts ?? '');
        expect(parents.every((ts) => ts !== '')).toBe(true);
        const thread = (ts: string) =>
          bed.h.standin.messages(channel).filter((m) => m.thread_ts === ts && m.ts !== ts);

        const summaries = () =>
          parents.map((ts) => thread(ts).filter((m) => m.text.startsWith('Snooze ended')).length);

        const first = await snoozeAtOnce(bed, channel, parents, '1h');
        for (const text of first) expect(text).toMatch(/Snoozed \*/);
        setAll({ battery: 5 }); // Warning → Critical: a thread update each, hidden while snoozed
        // Two are snoozed again, for 4 h, while the poller counts the hidden updates.
        const [, again] = await Promise.all([
          bed.relay.runCycle(),
          snoozeAtOnce(bed, channel, parents.slice(2), '4h'),
        ]);
        for (const text of again) expect(text).toMatch(/Snoozed \*/);
        await bed.relay.deliverNow();
        await bed.tick(MIN); // idle: delivered to the end
        expect(parents.map((ts) => thread(ts).length)).toEqual([0, 0, 0, 0]); // every snooze held

        await bed.tick(60 * MIN); // the 1 h snoozes end, each with its summary; the 4 h ones hold
        expect(summaries()).toEqual([1, 1, 0, 0]);
        for (const ts of parents.slice(0, 2))
          expect(thread(ts)[0]?.text).toMatch(/still active, 1 update hidden/);
        await bed.tick(3 * 60 * MIN);
        expect(summaries()).toEqual([1, 1, 1, 1]);
      },
    );
  },
);
