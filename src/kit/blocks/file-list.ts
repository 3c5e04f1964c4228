/** The files attached to a Slack message payload (pure; payloads are parsed, never cast). */
import { z } from 'zod';
import { MAX_FILE_BYTES, MIN_FILE_BYTES } from '../slack-files/size-rule.ts';

const messageFiles = z.object({
  files: z
    .array(
      z
        .object({
          id: z.string(),
          name: z.string().nullish(),
          title: z.string().nullish(),
          size: z.number().nullish(),
        })
        .passthrough(),
    )
    .optional(),
});

export interface MessageFile {
  id: string;
  name: string;
  size: number;
  /** Inside the contract's 100 B – 100 MB (by Slack's declared size). */
  usable: boolean;
}

export function messageFilesOf(message: unknown): MessageFile[] {
  const parsed = messageFiles.safeParse(message);
  if (!parsed.success) return [];
  return (parsed.data.files ?? []).map((f) => {
    const size = f.size ?? 0;
    return {
      id: f.id,
      name: f.name ?? f.title ?? f.id,
      size,
      usable: size >= MIN_FILE_BYTES && size <= MAX_FILE_BYTES,
    };
  });
}
