/**
 * Issue 39: when an installation is removed, its jobs still waiting in the in-process queue are deleted (not only
 * dropped when they run), and nothing of another installation is touched. Which installation a job is for is read
 * from its Slack body (src/runtime/jobs/installation-jobs.ts). Pure: jobs are promises the test releases.
 */
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { jobOfInstallation } from '../../../src/runtime/jobs/installation-jobs.ts';
import { Lanes } from '../../../src/runtime/jobs/lanes.ts';
import { createLocalQueue } from '../../../src/runtime/jobs/local-queue.ts';
import type { SlackJob } from '../../../src/runtime/jobs/slack-job.ts';
import { BODIES, jobOf, type BodyName } from './installation-bodies.ts';

const log = pino({ level: 'silent' });

const belongs = (key: string) => {
  const of = jobOfInstallation(key);
  return (Object.keys(BODIES) as BodyName[]).filter((name) => of(jobOf(name, name)));
};

describe('which installation a job is for', () => {
  it("a workspace's key: its commands, events and actions, not its organisation's nor another's", () => {
    expect(belongs('T1')).toEqual(['commandT1', 'eventT1']);
    expect(belongs('T9')).toEqual(['commandT9']);
  });

  it("an organisation's key: every workspace it serves org-wide, not one with an installation of its own", () => {
    expect(belongs('E1')).toEqual(['commandT2', 'actionT3', 'eventT2']);
    // A workspace served through its organisation is not a workspace installation.
    expect(belongs('T2')).toEqual([]);
    expect(belongs('T4')).toEqual(['commandT4']);
  });

  it("a body that does not say how it was installed is its organisation's when the key is", () => {
    const of = jobOfInstallation('E1');
    const body = { type: 'block_actions', team: { id: 'T5', enterprise_id: 'E1' }, user: { id: 'UF' } };
    expect(of({ id: 'x', kind: 'k', body: JSON.stringify(body), acceptedAt: 0 })).toBe(true);
    expect(of({ id: 'y', kind: 'k', body: 'not json E1', acceptedAt: 0 })).toBe(false);
  });
});

describe('fair lanes', () => {
  it('removing jobs forgets the lanes it empties and keeps the others in order', () => {
    const lanes = new Lanes<string>({ concurrency: 1, laneMax: 1 });
    for (const [lane, item] of [
      ['T1/UA', 'a1'],
      ['T9/UX', 'x1'],
      ['T1/UA', 'a2'],
      ['T1/UB', 'b1'],
      ['T9/UX', 'x2'],
    ] as const)
      lanes.add(lane, item);
    expect(lanes.remove((item) => /^[ab]/.test(item))).toBe(3);
    expect(lanes.waiting).toBe(2);
    expect(lanes.size()).toBe(1);
    const order = [];
    for (let next = lanes.take(); next; next = lanes.take()) {
      order.push(next.item);
      lanes.finish(next.lane);
    }
    expect(order).toEqual(['x1', 'x2']);
    expect(lanes.size()).toBe(0);
  });
});

describe('in-process queue, an installation removed', () => {
  /** Jobs wait until the test opens the gate; after that they run at once. */
  function gated() {
    const ran: string[] = [];
    let open!: () => void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    const run = async (j: SlackJob) => {
      ran.push(j.id);
      await gate;
    };
    return { ran, run, open: () => open() };
  }

  it("deletes that installation's waiting jobs; a running one finishes, every other installation's runs", async () => {
    const g = gated();
    const q = createLocalQueue(g.run, { concurrency: 1, maxWaiting: 100 }, log);
    const offer = (id: string, name: BodyName) => {
      const j = jobOf(id, name);
      return q.offer(j.kind, () => j, j.lane);
    };
    // T1's first job runs (the one worker); everything else waits behind it.
    await offer('t1-running', 'commandT1');
    for (const [id, name] of [
      ['t1-a', 'commandT1'],
      ['t9-a', 'commandT9'],
      ['t1-b', 'eventT1'],
      ['t2-a', 'commandT2'],
      ['t4-a', 'commandT4'],
      ['t3-a', 'actionT3'],
      ['t9-b', 'commandT9'],
      ['t2-b', 'eventT2'],
    ] as const)
      await offer(id, name);
    expect(q.load()).toEqual({ waiting: 8, running: 1 });

    expect(await q.removeWaiting(jobOfInstallation('T1'))).toBe(2);
    expect(q.load()).toEqual({ waiting: 6, running: 1 });
    // The organisation's key: its jobs of every workspace it serves org-wide (T2, T3), not T4's own.
    expect(await q.removeWaiting(jobOfInstallation('E1'))).toBe(3);
    expect(q.load()).toEqual({ waiting: 3, running: 1 });
    expect(q.stats().kinds['tasks.list']).toMatchObject({ waiting: 3, running: 1 });
    expect(q.stats().kinds['home.opened']).toMatchObject({ waiting: 0, running: 0 });

    g.open();
    await q.whenIdle();
    expect(g.ran).toEqual(['t1-running', 't9-a', 't4-a', 't9-b']);
    expect(q.stats().kinds['tasks.list']).toMatchObject({ done: 4, waiting: 0, running: 0 });
    expect(q.stats().kinds['home.opened']).toMatchObject({ done: 0, waiting: 0, running: 0 });
  });

  it('removes nothing when no job of the installation waits', async () => {
    const g = gated();
    const q = createLocalQueue(g.run, { concurrency: 1, maxWaiting: 10 }, log);
    const j = jobOf('t9', 'commandT9');
    await q.offer(j.kind, () => j, j.lane);
    await q.offer(j.kind, () => ({ ...j, id: 't9-2' }), j.lane);
    expect(await q.removeWaiting(jobOfInstallation('T1'))).toBe(0);
    expect(q.load()).toEqual({ waiting: 1, running: 1 });
    g.open();
    await q.whenIdle();
    expect(g.ran).toEqual(['t9', 't9-2']);
  });
});
