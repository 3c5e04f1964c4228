/**
 * Issue 37: jobs in Redis are no back door. A job written into BullMQ's queue by anyone without the deployment's
 * secret (a Redis writer) is dropped unrun; a job fieldline offered runs, and once finished Redis keeps its id
 * and kind, not its body. The queued body never carries Slack's verification token.
 */
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { Queue } from 'bullmq';
import { pino } from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { createBullQueue } from '../../../src/runtime/jobs/bull-queue.ts';
import { jobSeal } from '../../../src/runtime/jobs/job-seal.ts';
import type { SlackJob } from '../../../src/runtime/jobs/slack-job.ts';
import { bodyJson } from '../../../src/runtime/payload-text.ts';
import { clearRedisPrefix } from '../../fixtures/redis-keys.ts';
import { redisUrl } from '../../setup/redis-url.ts';

const log = pino({ level: 'silent' });
const body = JSON.stringify({
  type: 'block_actions',
  user: { id: 'U0ANA', team_id: 'T0' },
  token: 'verif-123',
});
const job = (id: string): SlackJob => ({
  id,
  kind: 'tasks.status',
  body,
  lane: 'T0/U0ANA',
  acceptedAt: Date.now(),
});

async function until(check: () => Promise<boolean> | boolean, ms = 10_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out');
    await sleep(20);
  }
}

describe('the queued body', () => {
  it('carries no verification token', () => {
    const text = bodyJson({ type: 'block_actions', token: 'verif-123', actions: [{ value: 'x' }] });
    expect(text).not.toContain('verif-123');
    expect(JSON.parse(text)).toMatchObject({ type: 'block_actions', token: '', actions: [{ value: 'x' }] });
  });
});

describe.skipIf(!redisUrl())('BullMQ jobs are authenticated', () => {
  const prefix = `fieldline-test:${randomUUID()}:jobs`;
  const open: { close(): Promise<unknown> }[] = [];
  afterEach(async () => {
    for (const q of open.splice(0)) await q.close();
    await clearRedisPrefix(redisUrl() ?? '', prefix);
  });

  /** A BullMQ queue of its own sealed with the deployment's secret; `work` false: its jobs stay waiting. */
  function sealedQueue(run: (j: SlackJob) => Promise<void>, work = true) {
    const queuePrefix = `${prefix}:${randomUUID()}`;
    const q = createBullQueue({
      redisUrl: redisUrl() ?? '',
      prefix: queuePrefix,
      limits: { concurrency: 2, maxWaiting: 100 },
      lockMs: 5_000,
      run,
      runner: 'event-loop',
      log,
      seal: jobSeal('deployment-secret'),
      work,
    });
    return { q, queuePrefix };
  }

  it('drops a job a Redis writer added, runs one fieldline offered, and keeps no body once finished', async () => {
    const ran: string[] = [];
    const { q, queuePrefix } = sealedQueue(async (j) => void ran.push(j.id));
    open.push({ close: () => q.close(1_000) });
    const url = new URL(redisUrl() ?? '');
    const raw = new Queue('slack-jobs', {
      connection: { host: url.hostname, port: Number(url.port || 6379) },
      prefix: queuePrefix,
    });
    open.push(raw);
    // A forged job: unsigned, then signed with another secret.
    await raw.add('tasks.status', job('forged-1'), { jobId: 'forged-1' });
    await raw.add('tasks.status', jobSeal('other-secret').seal(job('forged-2')), { jobId: 'forged-2' });
    expect((await q.offer('tasks.status', () => job('real-1'), 'T0/U0ANA')).kind).toBe('accepted');
    await until(() => ran.includes('real-1'));
    await until(async () => (await raw.getJobCounts('completed')).completed === 3);
    expect(ran).toEqual(['real-1']);
    for (const id of ['forged-1', 'forged-2', 'real-1']) {
      const data = JSON.stringify((await raw.getJob(id))?.data);
      expect(data, id).not.toContain('verif-123');
      expect(data, id).not.toContain('block_actions');
    }
  });

  it('keeps a waiting job’s body out of sight in Redis, and drops one whose sealed box was changed', async () => {
    const { q, queuePrefix } = sealedQueue(async () => undefined, false);
    open.push({ close: () => q.close(1_000) });
    const raw = new Queue('slack-jobs', { connection: { url: redisUrl() ?? '' }, prefix: queuePrefix });
    open.push(raw);
    const step: SlackJob = {
      ...job('step-1'),
      kind: 'workflows.step',
      body: JSON.stringify({
        type: 'event_callback',
        event: { type: 'function_executed', bot_access_token: 'xwfp-run-token' },
      }),
    };
    expect((await q.offer('workflows.step', () => step, 'T0/U0ANA')).kind).toBe('accepted');
    const stored = (await raw.getJob('step-1'))?.data as { box: string };
    expect(JSON.stringify(stored)).not.toContain('xwfp-run-token');
    expect(JSON.stringify(stored)).not.toContain('function_executed');
    const seal = jobSeal('deployment-secret');
    expect(seal.open(stored)).toEqual(step);
    const box = Buffer.from(stored.box, 'base64url');
    box[box.length - 1]! ^= 1;
    expect(seal.open({ ...stored, box: box.toString('base64url') })).toBeUndefined();
    expect(jobSeal('other-secret').open(stored)).toBeUndefined();
  });
});
