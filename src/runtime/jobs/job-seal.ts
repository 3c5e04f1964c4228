/**
 * Jobs in Redis are no back door (issue 37): a job is authenticated with an HMAC over its JSON under a key derived
 * from the app's secret, so a Redis writer cannot make fieldline act as a connected person; a job whose tag does
 * not verify is dropped. What a finished job keeps in Redis is its id and kind, never its body.
 */
import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';
import type { SlackJob } from './slack-job.ts';

const LABEL = 'fieldline slack-job v1';

export interface JobSeal {
  /** The job as stored: its fields and `sig`. */
  seal(job: SlackJob): SlackJob & { sig: string };
  /** The job without `sig` when the tag verifies, else undefined. */
  open(data: unknown): unknown;
}

export function jobSeal(secret: string | Buffer): JobSeal {
  const key = Buffer.from(hkdfSync('sha256', secret, Buffer.alloc(0), LABEL, 32));
  const tag = (text: string) => createHmac('sha256', key).update(text).digest();
  return {
    seal: (job) => ({ ...job, sig: tag(JSON.stringify(job)).toString('base64url') }),
    open(data) {
      if (data === null || typeof data !== 'object') return undefined;
      const { sig, ...job } = data as Record<string, unknown>;
      if (typeof sig !== 'string') return undefined;
      const given = Buffer.from(sig, 'base64url');
      const expected = tag(JSON.stringify(job));
      return given.length === expected.length && timingSafeEqual(given, expected) ? job : undefined;
    },
  };
}

/** What a finished job keeps in Redis (BullMQ keeps finished jobs for inspection): no body, no carry. */
export const finishedData = (job: SlackJob) => ({ id: job.id, kind: job.kind, acceptedAt: job.acceptedAt });
