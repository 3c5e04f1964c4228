/**
 * Issue 35: `/monitor subscribe …` typed back to back in many channels (jobs running concurrently) must all
 * count. Asserted by what each channel then receives, on every store backend.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { redisUrl } from '../setup/redis-url.ts';
import { addChannels, monitorAtOnce, notOnceIn } from './concurrent-bed.ts';
import { MIN, startAlertsBed, type AlertsBed } from './alerts-bed.ts';

// The alert's parent (a task may name the camera too).
const CAMERA = /^(Warning|Critical): Gate Camera North —/;

/** Raises a camera alert and changes one Berlin task, runs the cycles, and delivers everything (idle). */
async function alertAndTaskChange(
  bed: AlertsBed,
  fault: Parameters<AlertsBed['setCamera']>[0] = { battery: 15 },
): Promise<RegExp> {
  const task = bed.h.sandbox.admin.state.tasks.find((t) => t.siteId === '101' && t.statusId === '5');
  expect(task).toBeDefined();
  bed.setCamera(fault);
  bed.h.sandbox.admin.updateTask(task?.id ?? '', { statusId: '10' });
  await bed.tick(MIN);
  await bed.tick(3 * MIN); // past the 2 min pending period: the alert is raised
  await bed.tick(MIN); // one more cycle with nothing new, delivered to the end: nothing may repeat
  return new RegExp(task?.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&') ?? '?');
}

// The jobs run in the process's event loop, or in the job thread whose store calls cross to the main thread.
const STORES = [
  { store: 'memory' as const, runner: 'event-loop' as const, skip: false },
  { store: 'sqlite' as const, runner: 'event-loop' as const, skip: false },
  { store: 'sqlite' as const, runner: 'thread' as const, skip: false },
  { store: 'redis' as const, runner: 'event-loop' as const, skip: !redisUrl() },
];

describe.each(STORES)(
  'concurrent /monitor subscribe ($store, jobs in the $runner)',
  ({ store, runner, skip }) => {
    const harness = { store, jobs: { runner } };
    let bed: AlertsBed;
    afterEach(async () => bed?.stop());

    it.skipIf(skip)(
      '16 subscriptions typed at once in 8 channels: every channel gets both the alert and the task change',
      async () => {
        bed = await startAlertsBed({ harness });
        bed.setCamera();
        const channels = addChannels(bed, 'SUB', 8);
        const commands = channels.flatMap((channel) => [
          { channel, text: 'subscribe alerts' },
          { channel, text: 'subscribe tasks site Berlin Plant' },
        ]);
        const answers = await monitorAtOnce(bed, commands);
        for (const texts of answers.values()) for (const t of texts) expect(t).toMatch(/Subscribed/);
        await bed.tick(0); // the first cycle after a task subscription records silently
        const task = await alertAndTaskChange(bed);
        // Each channel got the alert and the task change, once each (channel → how many, when not 1).
        const alerts = notOnceIn(bed, channels, CAMERA);
        const tasks = notOnceIn(bed, channels, task);
        expect({ alerts, tasks }).toEqual({ alerts: {}, tasks: {} });
        const lists = await monitorAtOnce(
          bed,
          channels.map((channel) => ({ channel, text: 'list' })),
        );
        for (const [channel, [list]] of lists) {
          expect(list, channel).toMatch(/Alerts\* from/);
          expect(list, channel).toMatch(/Task changes\* from \*Berlin Plant\*/);
        }
      },
    );

    it.skipIf(skip)('subscribe alerts and subscribe tasks at once in one channel: both hold', async () => {
      bed = await startAlertsBed({ harness });
      bed.setCamera();
      const [channel = ''] = addChannels(bed, 'PAIR', 1);
      const answers = await monitorAtOnce(bed, [
        { channel, text: 'subscribe alerts site Berlin Plant severity critical' },
        { channel, text: 'subscribe tasks site Berlin Plant' },
      ]);
      await bed.tick(0);
      const task = await alertAndTaskChange(bed, { cameraOn: false }); // critical
      expect({ alerts: notOnceIn(bed, [channel], CAMERA), tasks: notOnceIn(bed, [channel], task) }).toEqual({
        alerts: {},
        tasks: {},
      });
      // Each reply describes what was stored: the later one of the two shows both subscriptions.
      const texts = answers.get(channel) ?? [];
      expect(texts.some((t) => /Alerts\* from[\s\S]*Task changes\* from/.test(t))).toBe(true);
      const [list] = (await monitorAtOnce(bed, [{ channel, text: 'list' }])).get(channel) ?? [];
      expect(list).toMatch(/Alerts\* from \*Berlin Plant\* \(critical only\)/);
      expect(list).toMatch(/Task changes\* from \*Berlin Plant\*/);
    });

    it.skipIf(skip)(
      'unsubscribe and subscribe at once in 8 channels: what each lists is what it gets',
      async () => {
        bed = await startAlertsBed({ harness });
        bed.setCamera();
        const channels = addChannels(bed, 'MIX', 8);
        await monitorAtOnce(
          bed,
          channels.map((channel) => ({ channel, text: 'subscribe tasks site Berlin Plant' })),
        );
        // Whichever runs last wins in each channel: alerts only, or nothing at all; never tasks.
        await monitorAtOnce(
          bed,
          channels.flatMap((channel) => [
            { channel, text: 'unsubscribe' },
            { channel, text: 'subscribe alerts' },
          ]),
        );
        const lists = await monitorAtOnce(
          bed,
          channels.map((channel) => ({ channel, text: 'list' })),
        );
        await bed.tick(0);
        const task = await alertAndTaskChange(bed);
        const listed = (c: string) => [
          /Alerts\* from/.test(lists.get(c)?.[0] ?? '') ? 1 : 0,
          /Task changes/.test(lists.get(c)?.[0] ?? '') ? 1 : 0,
        ];
        const got = (c: string) =>
          [CAMERA, task].map((p) => bed.parents(c).filter((m) => p.test(m.text)).length);
        expect(Object.fromEntries(channels.map((c) => [c, got(c)]))).toEqual(
          Object.fromEntries(channels.map((c) => [c, listed(c)])),
        );
        for (const c of channels) expect(listed(c)[1], c).toBe(0);
      },
    );
  },
);
