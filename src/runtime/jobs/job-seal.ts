/**
 * Jobs in Redis are no back door and no leak (issues 37, 39): a job is stored encrypted and authenticated
 * (AES-256-GCM under a key derived from the app's secret), so a Redis writer cannot make fieldline act as a
 * connected person — a job that does not open is dropped — and a Redis reader does not see the request's body
 * (a custom step's event carries its run's bot token). What a finished job keeps in Redis is its id and kind.
 */
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import type { SlackJob } from './slack-job.ts';

const LABEL = 'fieldline slack-job v2';
const IV_BYTES = 12;
const TAG_BYTES = 16;

/** A job as stored: id and kind in clear (BullMQ's own tools show them), the job itself in `box`. */
export interface SealedJob {
  id: string;
  kind: string;
  box: string;
}

export interface JobSeal {
  seal(job: SlackJob): SealedJob;
  /** The job when `data` opens with this deployment's key, else undefined. */
  open(data: unknown): unknown;
}

export function jobSeal(secret: string | Buffer): JobSeal {
  const key = Buffer.from(hkdfSync('sha256', secret, Buffer.alloc(0), LABEL, 32));
  const aad = Buffer.from(LABEL);
  return {
    seal(job) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', key, iv).setAAD(aad);
      const text = Buffer.concat([cipher.update(JSON.stringify(job), 'utf8'), cipher.final()]);
      return {
        id: job.id,
        kind: job.kind,
        box: Buffer.concat([iv, cipher.getAuthTag(), text]).toString('base64url'),
      };
    },
    open(data) {
      if (data === null || typeof data !== 'object') return undefined;
      const box = (data as { box?: unknown }).box;
      if (typeof box !== 'string') return undefined;
      const raw = Buffer.from(box, 'base64url');
      if (raw.length < IV_BYTES + TAG_BYTES) return undefined;
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, IV_BYTES)).setAAD(aad);
        decipher.setAuthTag(raw.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
        const text = Buffer.concat([decipher.update(raw.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]);
        return JSON.parse(text.toString('utf8')) as unknown;
      } catch {
        return undefined;
      }
    },
  };
}

/** What a finished job keeps in Redis (BullMQ keeps finished jobs for inspection): no body, no carry. */
export const finishedData = (job: SlackJob) => ({ id: job.id, kind: job.kind, acceptedAt: job.acceptedAt });
