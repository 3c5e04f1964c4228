/**
 * Issue 18: with Redis, accepted work is a BullMQ job, so a replica SIGKILLed with jobs in flight loses none —
 * another replica takes them once their lock runs out — and none has effect twice (a task is created once:
 * src/tasks/service/create-once.ts). Real processes (`src/main/main.ts`), real Redis, the sandbox and stand-in here.
 */
import { Queue } from 'bullmq';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JsonObject, StoredView } from '../../../src/slack-standin/index.ts';
import { waitFor } from '../../harness.ts';
import { redisUrl } from '../../setup/redis-url.ts';
import { startReplicaBed, type ReplicaBed } from '../../alerts/replicas/replica-bed.ts';
import type { Replica } from '../../alerts/replicas/replica-process.ts';

const url = redisUrl();
const SUBMISSIONS = 6;
/** Each POST /task/ answers after this: shorter than the job lock, so a dead replica's POST has landed before
 * another replica takes its job over (the contract has no idempotency key; the platform's list decides). */
const CREATE_LATENCY_MS = 1_000;

let bed: ReplicaBed;
let a: Replica;
let b: Replica;

async function openCreateModal(name: string): Promise<StoredView> {
  const before = bed.standin.views().length;
  const res = await bed.standin.driver.command({
    command: '/task',
    text: `new ${name}`,
    channel: 'C0GENERAL',
  });
  expect(res.status).toBe(200);
  return waitFor(() =>
    bed.standin
      .views()
      .slice(before)
      .find((v) => v.callback_id === 'task_create'),
  );
}

async function siteOption(view: StoredView): Promise<JsonObject> {
  const res = await bed.standin.driver.blockSuggestion({ actionId: 'task_site', value: 'berlin', view });
  const options = (res.body as { options?: JsonObject[] }).options ?? [];
  expect(options.length).toBeGreaterThan(0);
  return options[0]!;
}

describe.skipIf(!url)('a replica killed with jobs in flight', () => {
  beforeAll(async () => {
    bed = await startReplicaBed({ redisUrl: url ?? '', env: { JOB_LOCK_SECONDS: '3' } });
    a = await bed.spawn('a');
  }, 90_000);
  afterAll(async () => {
    await bed?.stop();
  });

  it('leaves its jobs to the other replica: every accepted task created exactly once', async () => {
    // Every submission reaches replica a; its jobs are in Redis before each ack.
    bed.standin.setAppUrl(`${a.url}/slack/events`);
    const names = Array.from({ length: SUBMISSIONS }, (_, i) => `Replica kill check ${i + 1}`);
    bed.sandbox.admin.inject({ endpoint: 'POST /task', latencyMs: CREATE_LATENCY_MS, times: SUBMISSIONS });
    // One modal at a time (a person has one open): each submission is acked as soon as its job is in Redis.
    for (const name of names) {
      const view = await openCreateModal(name);
      const result = await bed.standin.driver.viewSubmission({
        view,
        values: { task_site: await siteOption(view) },
      });
      expect(result.closed, JSON.stringify(result.body).slice(0, 600)).toBe(true); // accepted (not "busy")
    }
    // Kill a while one of its jobs is mid-POST (its proxy forwarded a POST /task/ not answered yet).
    const viaA = bed.proxyOf(a);
    await waitFor(
      () => (viaA.requests.some((r) => r.method === 'POST') && viaA.inFlight() > 0) || undefined,
      {
        timeoutMs: 10_000,
        intervalMs: 2,
        message: 'a job of replica a mid-POST',
      },
    );
    await a.kill('SIGKILL');
    // The second replica starts after the kill, so every job a held must be taken over, none finished by b early.
    b = await bed.spawn('b');

    // b takes a's unfinished jobs after their lock runs out, and finishes its own.
    const created = () =>
      bed.sandbox.admin.written().tasks.filter((t) => names.includes(String(t.body.name)));
    await waitFor(
      () => (new Set(created().map((t) => t.body.name)).size === SUBMISSIONS ? true : undefined),
      {
        timeoutMs: 30_000,
        intervalMs: 50,
        message: 'every accepted task created',
      },
    );
    // Nothing left in Redis (waiting, running or delayed), then no task twice.
    const queue = new Queue('slack-jobs', { connection: { url: url ?? '' }, prefix: `${bed.prefix}jobs` });
    try {
      await waitFor(
        async () => {
          const counts = await queue.getJobCounts('waiting', 'active', 'delayed');
          return Object.values(counts).every((n) => n === 0) ? true : undefined;
        },
        { timeoutMs: 15_000, intervalMs: 50, message: 'the job queue drained' },
      );
    } finally {
      await queue.close();
    }
    const counts = names.map((n) => created().filter((t) => t.body.name === n).length);
    expect(counts).toEqual(names.map(() => 1));
    // The takeover happened: b's stalled check found a's job and ran it again (once in effect, checked above).
    expect(b.logs.some((l) => l.msg === 'job taken over from a replica that stopped')).toBe(true);
  }, 90_000);
});
