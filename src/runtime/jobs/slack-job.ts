/**
 * A Slack request accepted as a job: what a listener decided before its ack travels with the request itself, so
 * the work after the ack can run on this replica's job runner or on any other (BullMQ), and run again after a
 * replica died mid-job. Everything here is JSON.
 *
 * The work runs by dispatching the same body through Bolt again (`workEvent`): the access gate acts as the same
 * person, and the listener that handed the request off finds the job in `context.job` and does its work; its
 * `ack` is then a no-op (Slack was answered on receipt).
 */
import { z } from 'zod';
import type { ReceiverEvent } from '@slack/bolt';
import type { JobClaim } from '../dedupe.ts';

export const slackJobSchema = z.object({
  /** Unique per accepted request; the BullMQ job id, and the key of the effects a job claims. */
  id: z.string().min(1).max(100),
  /** The listener that does the work, e.g. `tasks.list`. */
  kind: z.string().min(1).max(100),
  /**
   * The Slack payload as the listeners saw it (after fieldline's middleware, e.g. command text decoded), as JSON
   * text: a queued job is one flat string rather than the payload's hundreds of small objects, which every young
   * garbage collection of the acking thread would otherwise copy while the job waits (issue 18: ack tails).
   */
  body: z.string(),
  /** The delivery claim's outcome on receipt (../dedupe.ts). */
  claim: z.enum(['claimed', 'unavailable']).optional(),
  /** Defer mode (../dedupe.ts): the delivery's durable claim, made where the job runs, before its work. */
  durableClaim: z.object({ key: z.string().min(1).max(200), ttlMs: z.number().int().positive() }).optional(),
  /** What the listener decided before its ack (JSON), handed to its work. */
  carry: z.unknown().optional(),
  /** Whose job it is, `team/user` (./lanes.ts): the queues serve people and workspaces in turn (issue 36). */
  lane: z.string().max(250).optional(),
  /** When the request was accepted (epoch ms): wait time is measured from here. */
  acceptedAt: z.number(),
});

export type SlackJob = z.infer<typeof slackJobSchema>;

/** What a listener finds in `context.job` when it runs as a job. */
export type { JobRun } from '../../kit/entry.ts';
import type { JobRun } from '../../kit/entry.ts';
import { JOB_RUN_KEY } from '../../kit/request-context.ts';

const JOB = JOB_RUN_KEY;
const JOB_CLAIM = 'jobClaim';

export function jobRunOf<T = unknown>(context: Record<string, unknown>): JobRun<T> | undefined {
  const job = context[JOB];
  if (typeof job !== 'object' || job === null) return undefined;
  return job as JobRun<T>;
}

/** The Bolt event that runs a job: the same body, a no-op ack, the job in the context. */
export function workEvent(job: SlackJob): ReceiverEvent {
  const run: JobRun = { id: job.id, kind: job.kind, carry: job.carry, acceptedAt: job.acceptedAt };
  return {
    body: JSON.parse(job.body) as Record<string, unknown>,
    ack: async () => undefined,
    customProperties: {
      [JOB]: run,
      ...(job.claim ? { deliveryClaim: job.claim } : {}),
      ...(job.durableClaim ? { [JOB_CLAIM]: { ...job.durableClaim, job: job.id } } : {}),
    },
  };
}

/** The durable claim a job's event carries (defer mode), if any. */
export function jobClaimOf(event: ReceiverEvent): JobClaim | undefined {
  const claim = (event.customProperties as Record<string, unknown> | undefined)?.[JOB_CLAIM];
  return typeof claim === 'object' && claim !== null ? (claim as JobClaim) : undefined;
}

/** Whether a Bolt event is a job being run (the delivery claim was made when it was received). */
export function isWorkEvent(event: ReceiverEvent): boolean {
  const props = event.customProperties as Record<string, unknown> | undefined;
  return props !== undefined && typeof props[JOB] === 'object' && props[JOB] !== null;
}
