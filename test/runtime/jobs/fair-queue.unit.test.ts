/**
 * Issue 36: the in-process queue is fair. One person's burst does not delay another person's job (lanes per
 * workspace and person, served round-robin), a person holds at most `laneMax` workers, and a workspace with many
 * people does not starve another. Pure: jobs are promises the test releases.
 */
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../../src/base/config.ts';
import { defaultLaneMax, Lanes, laneOf } from '../../../src/runtime/jobs/lanes.ts';
import { createLocalQueue } from '../../../src/runtime/jobs/local-queue.ts';
import type { SlackJob } from '../../../src/runtime/jobs/slack-job.ts';

const log = pino({ level: 'silent' });
const job = (id: string, lane: string): SlackJob => ({
  id,
  kind: 'k',
  body: '{}',
  lane,
  acceptedAt: Date.now(),
});
const tick = () => new Promise((r) => setImmediate(r));

function held() {
  const releases = new Map<string, () => void>();
  const ran: string[] = [];
  const run = (j: SlackJob) =>
    new Promise<void>((resolve) => {
      ran.push(j.id);
      releases.set(j.id, resolve);
    });
  const release = async (...ids: string[]) => {
    for (const id of ids) {
      releases.get(id)?.();
      releases.delete(id);
    }
    await tick();
  };
  /** Releases the oldest running job, one at a time, until none is left: the order they ran is `ran`. */
  const drain = async () => {
    while (releases.size > 0) await release(ran.find((id) => releases.has(id)) ?? '');
  };
  return { run, ran, release, drain };
}

describe('laneOf', () => {
  it('reads workspace and person from commands, interactions and events', () => {
    expect(laneOf({ command: '/task', team_id: 'T1', user_id: 'U1' })).toBe('T1/U1');
    expect(laneOf({ type: 'block_actions', team: { id: 'T1' }, user: { id: 'U2', team_id: 'T1' } })).toBe(
      'T1/U2',
    );
    expect(laneOf({ type: 'view_submission', team: null, user: { id: 'U3', team_id: 'T9' } })).toBe('T9/U3');
    expect(laneOf({ team_id: 'T1', event: { type: 'app_home_opened', user: 'U4' } })).toBe('T1/U4');
    expect(laneOf({ enterprise_id: 'E1', user_id: 'U5' })).toBe('E1/U5');
    expect(laneOf({})).toBe('');
  });
});

describe('in-process queue, fair', () => {
  it("a second person's job starts at once while the first person's burst waits (cap: half the workers)", async () => {
    const h = held();
    const q = createLocalQueue(h.run, { concurrency: 4, maxWaiting: 100, laneMax: 2 }, log);
    const a = [];
    for (let i = 1; i <= 10; i++) a.push(await q.offer('k', () => job(`a${i}`, 'T1/UA')));
    // Two running (the cap), the rest queued with their place in A's lane.
    expect(a.map((x) => (x.kind === 'accepted' ? x.position : -1))).toEqual([0, 0, 1, 2, 3, 4, 5, 6, 7, 8]);
    expect(h.ran).toEqual(['a1', 'a2']);
    expect(await q.offer('k', () => job('b1', 'T1/UB'))).toEqual({ kind: 'accepted', position: 0 });
    expect(h.ran).toEqual(['a1', 'a2', 'b1']);
    expect(q.load()).toEqual({ waiting: 8, running: 3 });
    // A's next job starts only when one of A's ends, however many workers are free.
    await h.release('b1');
    expect(h.ran).toEqual(['a1', 'a2', 'b1']);
    await h.release('a1');
    expect(h.ran).toEqual(['a1', 'a2', 'b1', 'a3']);
    await h.drain();
    await q.whenIdle();
    expect(h.ran).toHaveLength(11);
  });

  it('people take turns: a burst waits behind everyone else’s first job', async () => {
    const h = held();
    const q = createLocalQueue(h.run, { concurrency: 1, maxWaiting: 100, laneMax: 1 }, log);
    for (let i = 1; i <= 4; i++) await q.offer('k', () => job(`a${i}`, 'T1/UA'));
    await q.offer('k', () => job('b1', 'T1/UB'));
    await q.offer('k', () => job('b2', 'T1/UB'));
    // C's first job: behind B's first only (A was served), so position 2.
    expect(await q.offer('k', () => job('c1', 'T1/UC'))).toEqual({ kind: 'accepted', position: 2 });
    await h.drain();
    await q.whenIdle();
    expect(h.ran).toEqual(['a1', 'b1', 'c1', 'a2', 'b2', 'a3', 'a4']);
  });

  it('workspaces take turns before people: a team of many does not starve a team of one', async () => {
    const h = held();
    const q = createLocalQueue(h.run, { concurrency: 1, maxWaiting: 100, laneMax: 1 }, log);
    await q.offer('k', () => job('busy', 'T0/U0'));
    for (let i = 1; i <= 5; i++) await q.offer('k', () => job(`big${i}`, `TBIG/U${i}`));
    await q.offer('k', () => job('small1', 'TSMALL/UX'));
    await q.offer('k', () => job('small2', 'TSMALL/UX'));
    await h.drain();
    await q.whenIdle();
    expect(h.ran).toEqual(['busy', 'big1', 'small1', 'big2', 'small2', 'big3', 'big4', 'big5']);
  });

  it('the bound counts every lane, and a refused offer builds nothing', async () => {
    const h = held();
    const q = createLocalQueue(h.run, { concurrency: 2, maxWaiting: 3, laneMax: 1 }, log);
    await q.offer('k', () => job('a1', 'T/UA'));
    await q.offer('k', () => job('a2', 'T/UA'));
    await q.offer('k', () => job('b1', 'T/UB'));
    await q.offer('k', () => job('b2', 'T/UB'));
    await q.offer('k', () => job('c1', 'T/UC'));
    expect(q.load()).toEqual({ waiting: 3, running: 2 });
    expect(
      await q.offer('k', () => {
        throw new Error('built');
      }),
    ).toEqual({ kind: 'full' });
    expect(q.refuseIfFull(() => 'k')).toBe(true);
    await h.drain();
    await q.whenIdle();
    expect(q.stats().kinds.k).toMatchObject({ done: 5, refused: 2 });
  });

  it('a job whose body names nobody is not capped (there is no one to be fair to)', async () => {
    const h = held();
    const q = createLocalQueue(h.run, { concurrency: 3, maxWaiting: 10, laneMax: 1 }, log);
    for (const id of ['x', 'y', 'z']) await q.offer('k', () => job(id, ''));
    expect(h.ran).toEqual(['x', 'y', 'z']);
    await h.drain();
    await q.whenIdle();
  });
});

describe('the cap', () => {
  it('is half the workers, at most half the platform connections; JOB_LANE_MAX sets it', () => {
    expect(defaultLaneMax(64, 16)).toBe(8);
    expect(defaultLaneMax(8, 16)).toBe(4);
    expect(defaultLaneMax(1)).toBe(1);
    const KEY = { FIELDLINE_ENCRYPTION_KEY: 'ab'.repeat(32) };
    expect(loadConfig({ ...KEY }).jobs.laneMax).toBeUndefined();
    expect(loadConfig({ ...KEY, JOB_LANE_MAX: '3' }).jobs.laneMax).toBe(3);
    expect(() => loadConfig({ ...KEY, JOB_CONCURRENCY: '8', JOB_LANE_MAX: '9' })).toThrow(ConfigError);
  });
});

describe('lanes', () => {
  it('forgets a lane once it has nothing waiting or running', () => {
    const lanes = new Lanes<string>({ concurrency: 2, laneMax: 1 });
    lanes.add('T/U', 'one');
    lanes.add('T/V', 'two');
    const started = [lanes.take(), lanes.take()];
    expect(started.map((s) => s?.item)).toEqual(['one', 'two']);
    for (const s of started) lanes.finish(s?.lane ?? '');
    expect({ size: lanes.size(), waiting: lanes.waiting, running: lanes.running }).toEqual({
      size: 0,
      waiting: 0,
      running: 0,
    });
  });

  it('under a burst of 1,000 jobs from one person, another person is next', () => {
    const lanes = new Lanes<string>({ concurrency: 64, laneMax: 32 });
    for (let i = 0; i < 1_000; i++) lanes.add('T/A', `a${i}`);
    while (lanes.take());
    expect(lanes.running).toBe(32);
    expect(lanes.startsNow('T/B')).toBe(true);
    lanes.add('T/B', 'b');
    expect(lanes.take()?.item).toBe('b');
  });
});
