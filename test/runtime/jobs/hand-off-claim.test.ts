/**
 * handOff and the delivery's deferred claim (src/runtime/dedupe.ts, defer mode): a job the queue accepts carries the
 * claim, to be made where it runs; a request the queue refuses did nothing, so its claim is dropped.
 */
import type { WebClient } from '@slack/web-api';
import { describe, expect, it } from 'vitest';
import type { PendingClaim } from '../../../src/runtime/dedupe.ts';
import { handOff, withJobQueue } from '../../../src/runtime/jobs/hand-off.ts';
import type { Admission, JobQueue } from '../../../src/runtime/jobs/job-queue.ts';
import type { SlackJob } from '../../../src/runtime/jobs/slack-job.ts';

function queueAnswering(admission: Admission | Error): { queue: JobQueue; offered: SlackJob[] } {
  const offered: SlackJob[] = [];
  const queue: JobQueue = {
    async offer(_kind, build) {
      offered.push(build());
      if (admission instanceof Error) throw admission;
      return admission;
    },
    refuseIfFull: () => false,
    removeWaiting: async () => 0,
    stats: () => ({}) as ReturnType<JobQueue['stats']>,
    load: () => ({ waiting: 0, running: 0 }),
    whenIdle: async () => undefined,
    close: async () => undefined,
  };
  return { queue, offered };
}

async function handOffWith(admission: Admission | Error) {
  const { queue, offered } = queueAnswering(admission);
  const pending: PendingClaim = { key: 'event:Ev1', ttlMs: 60_000, fate: 'open' };
  const context: Record<string, unknown> = { deliveryClaim: 'claimed', pendingClaim: pending };
  withJobQueue(context, queue);
  const acks: unknown[] = [];
  const body = { command: '/task', text: 'list', user_id: 'U1', channel_id: 'C1' };
  await handOff(
    { body, context, client: {} as WebClient, ack: async (r?: unknown) => void acks.push(r) },
    'k',
  );
  return { pending, offered, acks };
}

describe('handOff and the deferred delivery claim', () => {
  it('gives the claim to the job the queue accepted', async () => {
    const { pending, offered } = await handOffWith({ kind: 'accepted', position: 0 });
    expect(pending.fate).toBe('job');
    expect(offered[0]?.durableClaim).toEqual({ key: 'event:Ev1', ttlMs: 60_000 });
  });

  it('drops the claim of a request the queue refused (full, or unable to record it)', async () => {
    for (const admission of [{ kind: 'full' } as const, new Error('redis down')]) {
      const { pending, acks } = await handOffWith(admission);
      expect(pending.fate).toBe('refused');
      expect(JSON.stringify(acks)).toContain('try again');
    }
  });
});
