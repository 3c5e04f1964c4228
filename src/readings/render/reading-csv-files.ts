/** The CSV files on a Slack message or event payload (parsed, never cast). Pure. */
import { z } from 'zod';
import { isCsvFile } from '../../kit/slack-files/slack-file.ts';

const withFiles = z.looseObject({
  files: z
    .array(
      z.looseObject({
        id: z.string(),
        name: z.string().nullish(),
        title: z.string().nullish(),
        filetype: z.string().nullish(),
        mimetype: z.string().nullish(),
      }),
    )
    .optional(),
});

export function csvFilesOf(message: unknown): { id: string; name: string }[] {
  const parsed = withFiles.safeParse(message);
  if (!parsed.success) return [];
  return (parsed.data.files ?? [])
    .filter((f) => isCsvFile(f))
    .map((f) => ({ id: f.id, name: f.name ?? f.title ?? f.id }));
}
