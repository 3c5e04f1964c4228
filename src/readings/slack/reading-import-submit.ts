/**
 * The import modal submitted: close it, then check and import in the thread of the file's message, as a job
 * (src/runtime/jobs/hand-off.ts).
 */
import type { SubmitArgs } from './listener-args.ts';
import { z } from 'zod';
import type { Deps } from '../../base/deps.ts';
import { importFlow } from './flows-import.ts';
import { DETECT_FORMAT, IMPORT_BLOCK, type ImportMeta } from '../render/reading-import.ts';
import { READING_ACTION, READING_VIEW } from '../render/source-ids.ts';
import { decodeValue } from '../../kit/button-value.ts';
import { handOff } from '../../runtime/jobs/hand-off.ts';
import type { DoorRule } from '../../runtime/jobs/door.ts';

const meta: z.ZodType<ImportMeta> = z.object({
  files: z.array(z.object({ id: z.string(), name: z.string() })).min(1),
  channel: z.string(),
  ts: z.string(),
});

/** A full queue refuses an import before its checks, as `handOff` would after them (kit/jobs/door.ts). */
export const IMPORT_AT_DOOR = {
  view: READING_VIEW.import,
  kind: 'readings.import',
  busyBlock: IMPORT_BLOCK.source,
} satisfies DoorRule;

export async function handleReadingImportSubmit(
  args: SubmitArgs,
  deps: Pick<Deps, 'sources' | 'log'>,
): Promise<void> {
  const { ack, body, view, client } = args;
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
  // A form without its files closes with nothing to do.
  if (!m) return void (await ack());
  // A full queue keeps the modal open with the choices made.
  if (!(await handOff(args, IMPORT_AT_DOOR.kind, { busyBlock: IMPORT_AT_DOOR.busyBlock }))) return;
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
