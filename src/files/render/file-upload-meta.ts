/** The upload modal's private_metadata: the message the files are on and the usable file ids (parsed back with zod). */
import { decodeValue } from '../../kit/button-value.ts';
import { MAX_SEALABLE_METADATA } from '../../kit/sealed-metadata.ts';
import { z } from 'zod';

export interface UploadMeta {
  channel: string;
  messageTs: string;
  /** The thread the message is a reply in, when it is one: progress is posted there, never under a reply. */
  threadTs?: string;
  fileIds: string[];
}

const schema = z.object({ c: z.string(), t: z.string(), h: z.string().optional(), f: z.array(z.string()) });

export function encodeUploadMeta(meta: UploadMeta): string {
  // Slack file ids are short; the 2,956 characters left once sealed hold well over a hundred of them.
  const ids = [...meta.fileIds];
  const encode = () => JSON.stringify({ c: meta.channel, t: meta.messageTs, h: meta.threadTs, f: ids });
  let json = encode();
  while (json.length > MAX_SEALABLE_METADATA && ids.length > 0) {
    ids.pop();
    json = encode();
  }
  return json;
}

export function decodeUploadMeta(raw: string | undefined): UploadMeta | null {
  const m = decodeValue(schema, raw);
  return m ? { channel: m.c, messageTs: m.t, ...(m.h ? { threadTs: m.h } : {}), fileIds: m.f } : null;
}
