/**
 * What the post modal carries between open and submit (view private_metadata, at most 3,000 characters):
 * where it was opened, the shared message, and that message's files. Parsed back with zod — it round-trips
 * through Slack, so it is network data like any other.
 */
import { decodeValue, MAX_PRIVATE_METADATA } from '../../kit/button-value.ts';
import { z } from 'zod';
import { truncate } from '../../kit/blocks/mrkdwn.ts';

export interface PostMetaFile {
  id: string;
  name: string;
  size: number;
  /** Inside the contract's 100 B – 100 MB. */
  usable: boolean;
}

export interface PostMeta {
  /** Slack channel to confirm in (where /post ran or the shared message lives). */
  originChannel?: string;
  share?: { channel: string; ts: string; permalink?: string };
  files: PostMetaFile[];
}

export const MAX_META_FILES = 10;
const META_LIMIT = MAX_PRIVATE_METADATA;

const metaSchema = z.object({
  c: z.string().optional(),
  s: z.object({ c: z.string(), t: z.string(), p: z.string().optional() }).optional(),
  f: z.array(z.tuple([z.string(), z.string(), z.number(), z.number()])).optional(),
});

export function encodePostMeta(meta: PostMeta): string {
  const files = meta.files.slice(0, MAX_META_FILES);
  for (let nameMax = 60; ; nameMax = Math.floor(nameMax / 2)) {
    const json = JSON.stringify({
      ...(meta.originChannel ? { c: meta.originChannel } : {}),
      ...(meta.share
        ? {
            s: {
              c: meta.share.channel,
              t: meta.share.ts,
              ...(meta.share.permalink ? { p: meta.share.permalink } : {}),
            },
          }
        : {}),
      ...(files.length > 0
        ? { f: files.map((f) => [f.id, truncate(f.name, nameMax), f.size, f.usable ? 1 : 0]) }
        : {}),
    });
    if (json.length <= META_LIMIT || nameMax <= 8) return json.slice(0, META_LIMIT);
  }
}

export function decodePostMeta(raw: string | undefined): PostMeta {
  const m = decodeValue(metaSchema, raw ?? '{}');
  if (!m) return { files: [] };
  return {
    ...(m.c ? { originChannel: m.c } : {}),
    ...(m.s ? { share: { channel: m.s.c, ts: m.s.t, ...(m.s.p ? { permalink: m.s.p } : {}) } } : {}),
    files: (m.f ?? []).map(([id, name, size, usable]) => ({ id, name, size, usable: usable === 1 })),
  };
}
