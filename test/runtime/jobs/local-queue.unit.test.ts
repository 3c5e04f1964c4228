/**
 * The in-process engine's bounds (src/runtime/jobs/local-queue.ts) and handOff's answers on surfaces without an ack
 * body (src/runtime/jobs/hand-off.ts). Pure: jobs are promises the test releases.
 */
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import type { WebClient } from '@slack/web-api';
import { handOff, withJobQueue } from '../../../src/runtime/jobs/hand-off.ts';
import type { Admission, JobQueue } from '../../../src/runtime/jobs/job-queue.ts';
import { createLocalQueue } from '../../../src/runtime/jobs/local-queue.ts';
import type { SlackJob } from '../../../src/runtime/jobs/slack-job.ts';
import { keepPayloadText } from '../../../src/runtime/payload-text.ts';
import { memoryAfterGc } from '../../memory-after-gc.ts';

const log = pino({ level: 'silent' });
const job = (id: string, kind = 'k'): SlackJob => ({ id, kind, body: '{}', acceptedAt: Date.now() });

function held() {
  const releases = new Map<string, () => void>();
  const ran: string[] = [];
  const run = (j: SlackJob) =>
    new Promise<void>((resolve) => {
      ran.push(j.id);
      releases.set(j.id, resolve);
    });
  return { run, ran, release: (id: string) => releases.get(id)?.() };
}

describe('in-process queue', () => {
  it('runs up to its concurrency, gives waiting jobs their position, refuses past the bound', async () => {
    const h = held();
    const q = createLocalQueue(h.run, { concurrency: 2, maxWaiting: 2 }, log);
    expect(await q.offer('k', () => job('a'))).toEqual({ kind: 'accepted', position: 0 });
    expect(await q.offer('k', () => job('b'))).toEqual({ kind: 'accepted', position: 0 });
    expect(await q.offer('k', () => job('c'))).toEqual({ kind: 'accepted', position: 1 });
    expect(await q.offer('k', () => job('d'))).toEqual({ kind: 'accepted', position: 2 });
    // Refused without the job being made (a submission's body is serialized only when accepted).
    const refused = await q.offer('k', () => {
      throw new Error('a refused job was built');
    });
    expect(refused).toEqual({ kind: 'full' });
    expect(q.stats()).toMatchObject({ waiting: 2, running: 2, bound: 2, concurrency: 2 });
    expect(h.ran).toEqual(['a', 'b']);
    h.release('a');
    await new Promise((r) => setImmediate(r));
    expect(h.ran).toEqual(['a', 'b', 'c']);
    for (const id of ['b', 'c']) h.release(id);
    await new Promise((r) => setImmediate(r));
    h.release('d');
    await q.whenIdle();
    expect(q.stats().kinds.k).toMatchObject({ done: 4, refused: 1, queuedBusy: 2, waiting: 0, running: 0 });
  });

  it('a job that throws is counted failed and the queue goes on', async () => {
    const q = createLocalQueue(
      async (j) => {
        if (j.id === 'bad') throw new Error('boom');
      },
      { concurrency: 1, maxWaiting: 5 },
      log,
    );
    await q.offer('k', () => job('bad'));
    await q.offer('k', () => job('good'));
    await q.whenIdle();
    expect(q.stats().kinds.k).toMatchObject({ done: 1, failed: 1 });
  });

  it('runs a job that waited with exactly what it was offered, whatever its body holds', async () => {
    const h = held();
    const got: SlackJob[] = [];
    const q = createLocalQueue(
      (j) => {
        got.push(j);
        return h.run(j);
      },
      { concurrency: 1, maxWaiting: 5 },
      log,
    );
    const waiting: SlackJob = {
      ...job('w'),
      body: JSON.stringify({ text: 'Valve +3 bar & 50% <hot> ünïcode 🔧 \u0000', n: 1 }),
      claim: 'claimed',
      durableClaim: { key: 'view:V1', ttlMs: 60_000 },
      carry: { assignee: 'later' },
    };
    await q.offer('k', () => job('first'));
    expect(await q.offer('k', () => waiting)).toEqual({ kind: 'accepted', position: 1 });
    h.release('first');
    await new Promise((r) => setImmediate(r));
    h.release('w');
    await q.whenIdle();
    expect(got.map((j) => j.id)).toEqual(['first', 'w']);
    expect(got[1]).toEqual(waiting);
  });

  it('a waiting job keeps its body off the heap: as bytes, not also as the string it was offered', async () => {
    const h = held();
    const q = createLocalQueue(h.run, { concurrency: 1, maxWaiting: 200 }, log);
    await q.offer('k', () => job('running'));
    const BODY = 50_000;
    const before = memoryAfterGc();
    // Each body is made in the builder, so only the queue can keep it.
    for (let i = 0; i < 200; i++)
      await q.offer('k', () => ({ ...job(`w${i}`), body: JSON.stringify({ i, pad: 'x'.repeat(BODY) }) }));
    const after = memoryAfterGc();
    const bodies = 200 * BODY;
    // Bytes outside the heap (other buffers of the process may be freed meanwhile: a margin).
    expect(after.arrayBuffers - before.arrayBuffers).toBeGreaterThan(bodies * 0.8);
    // The strings would be 10 MB (one byte per character); the rest of 200 waiting jobs is a few hundred KB.
    expect(after.heapUsed - before.heapUsed).toBeLessThan(bodies / 5);
    await q.close(0);
    h.release('running');
  });

  it('closing refuses new work and waits for running jobs up to the drain time', async () => {
    const h = held();
    const q = createLocalQueue(h.run, { concurrency: 1, maxWaiting: 5 }, log);
    await q.offer('k', () => job('a'));
    const closing = q.close(5_000);
    expect(await q.offer('k', () => job('b'))).toEqual({ kind: 'full' });
    h.release('a');
    await closing;
    expect(h.ran).toEqual(['a']);
  });
});

/** A queue that answers every offer with `admit` (handOff's side alone). */
function answering(admit: (kind: string, build: () => SlackJob) => Admission): JobQueue {
  return {
    offer: async (kind, build) => admit(kind, build),
    refuseIfFull: () => false,
    removeWaiting: async () => 0,
    stats: () => ({
      engine: 'in-process',
      runner: 'event-loop',
      waiting: 0,
      running: 0,
      bound: 0,
      concurrency: 1,
      kinds: {},
    }),
    load: () => ({ waiting: 0, running: 0 }),
    whenIdle: async () => undefined,
    close: async () => undefined,
  };
}

describe('handOff records the body as JSON', () => {
  async function recorded(body: object): Promise<SlackJob | undefined> {
    let made: SlackJob | undefined;
    const context: Record<string, unknown> = {};
    withJobQueue(
      context,
      answering((_kind, build) => {
        made = build();
        return { kind: 'accepted', position: 0 };
      }),
    );
    await handOff({ body, context, client: {} as WebClient, ack: async () => undefined }, 'x.y');
    return made;
  }

  it('an interactivity body as the text it was parsed from, anything else serialized', async () => {
    const text = '{"type":"view_submission","view":{"id":"V1"},  "user":{"id":"U1"}}';
    const parsed = JSON.parse(text) as object;
    keepPayloadText(parsed, text);
    expect((await recorded(parsed))?.body).toBe(text);
    const command = { command: '/task', text: 'a < b', user_id: 'U1' };
    expect((await recorded(command))?.body).toBe(JSON.stringify(command));
  });
});

describe('handOff on a button when the queue is full', () => {
  it('acks, records nothing, and tells the person in the channel', async () => {
    const full = answering(() => ({ kind: 'full' }));
    const acks: unknown[] = [];
    const ephemerals: unknown[] = [];
    const client = {
      chat: { postEphemeral: async (a: unknown) => void ephemerals.push(a) },
    } as unknown as WebClient;
    const context: Record<string, unknown> = {};
    withJobQueue(context, full);
    const body = { type: 'block_actions', user: { id: 'U1' }, channel: { id: 'C1' } };
    const ran = await handOff(
      { body, context, client, ack: async (r?: unknown) => void acks.push(r) },
      'x.y',
    );
    expect(ran).toBeUndefined();
    expect(acks).toEqual([undefined]);
    expect(ephemerals).toEqual([
      expect.objectContaining({
        channel: 'C1',
        user: 'U1',
        text: expect.stringContaining('try again in a minute'),
      }),
    ]);
  });
});
