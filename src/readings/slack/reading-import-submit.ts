/** The import modal submitted: close it, then check and import in the thread of the file's message. */
import type { SubmitArgs } from './listener-args.ts';
import { z } from 'zod';
import type { Deps } from '../../deps.ts';
import { importFlow } from './flows-import.ts';
import { DETECT_FORMAT, IMPORT_BLOCK, type ImportMeta } from '../render/reading-import.ts';
import { READING_ACTION } from '../render/source-ids.ts';
import { decodeValue } from '../../kit/button-value.ts';

const meta: z.ZodType<ImportMeta> = z.object({
  files: z.array(z.object({ id: z.string(), name: z.string() })).min(1),
  channel: z.string(),
  ts: z.string(),
});

export async function handleReadingImportSubmit(
  { ack, body, view, client }: SubmitArgs,
  deps: Pick<Deps, 'sources' | 'log'>,
): Promise<void> {
  const m = decodeValue(meta, view.private_metadata);
  const v = view.state.values;
  const sourceId = v[IMPORT_BLOCK.source]?.[READING_ACTION.importSource]?.selected_option?.value;
  if (!sourceId) {
    await ack({
      response_action: 'errors',
      errors: { [IMPORT_BLOCK.source]: 'Pick the data source to import into.' },
    });
    return;
  }
  await ack();
  if (!m) return;
  const fileId = v[IMPORT_BLOCK.file]?.value?.selected_option?.value ?? m.files[0]?.id ?? '';
  const format = v[IMPORT_BLOCK.format]?.value?.selected_option?.value;
  const user = body.user.id;
  await importFlow(
    deps,
    { client, channel: m.channel, user, threadTs: m.ts },
    {
      fileId,
      sourceId,
      timestampFormat: format && format !== DETECT_FORMAT ? format : undefined,
    },
  );
}
