/**
 * The Retry button's value (at most 2,000 characters): which Slack files, where they go, where they came from.
 * Round-trips through Slack, so it is parsed with zod on the way back.
 */
import { decodeValue, MAX_BUTTON_VALUE } from '../../kit/button-value.ts';
import { z } from 'zod';
import type { TransferTarget } from '../transfer/resolve-target.ts';

export interface RetryValue {
  fileIds: string[];
  target: TransferTarget;
  /** The channel and message the files are on. */
  channel: string;
  messageTs?: string;
}

const VALUE_LIMIT = MAX_BUTTON_VALUE;

const schema = z.object({
  f: z.array(z.string()).min(1),
  c: z.string(),
  s: z.string().optional(),
  ch: z.string(),
  m: z.string().optional(),
});

/** null when nothing is left to retry. Files that do not fit in the value are left out. */
export function encodeRetryValue(value: RetryValue): string | null {
  const base = {
    c: value.target.companyId,
    ...(value.target.siteId ? { s: value.target.siteId } : {}),
    ch: value.channel,
    ...(value.messageTs ? { m: value.messageTs } : {}),
  };
  for (let n = value.fileIds.length; n > 0; n--) {
    const json = JSON.stringify({ f: value.fileIds.slice(0, n), ...base });
    if (json.length <= VALUE_LIMIT) return json;
  }
  return null;
}

export function decodeRetryValue(raw: string | undefined): RetryValue | null {
  const v = decodeValue(schema, raw);
  if (!v) return null;
  return {
    fileIds: v.f,
    target: { companyId: v.c, ...(v.s ? { siteId: v.s } : {}) },
    channel: v.ch,
    ...(v.m ? { messageTs: v.m } : {}),
  };
}
