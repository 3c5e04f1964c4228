/**
 * The import modal submitted: a missing data source is answered inline on receipt; otherwise the modal closes and
 * the work checks and imports the file in the thread of its message.
 */
import { z } from 'zod';
import type { Deps } from '../../base/deps.ts';
import { decodeValue } from '../../kit/button-value.ts';
import { answer, toWork, viewEntry } from '../../kit/entry.ts';
import { importFlow, type ImportRequest } from '../flows/import.ts';
import { DETECT_FORMAT, IMPORT_BLOCK, type ImportMeta } from '../render/reading-import.ts';
import { READING_ACTION, READING_VIEW } from '../render/source-ids.ts';

const meta: z.ZodType<ImportMeta> = z.object({
  files: z.array(z.object({ id: z.string(), name: z.string() })).min(1),
  channel: z.string(),
  ts: z.string(),
});

/** What the submission decided on receipt: what to import, and the thread of the file's message. */
interface ImportCarry extends ImportRequest {
  channel: string;
  ts: string;
}

export const readingImportSubmit = (deps: Pick<Deps, 'sources' | 'log'>) =>
  viewEntry<ImportCarry>({
    callbackId: READING_VIEW.import,
    kind: 'readings.import',
    // A full queue keeps the modal open with the choices made.
    busyBlock: IMPORT_BLOCK.source,
    receive({ view }) {
      const m = decodeValue(meta, view.private_metadata);
      const v = view.state.values;
      const sourceId = v[IMPORT_BLOCK.source]?.[READING_ACTION.importSource]?.selected_option?.value;
      if (!sourceId)
        return answer({
          response_action: 'errors',
          errors: { [IMPORT_BLOCK.source]: 'Pick the data source to import into.' },
        });
      // A form without its files closes with nothing to do.
      if (!m) return answer();
      const picked = v[IMPORT_BLOCK.file]?.value?.selected_option?.value;
      // The choice is the person's input: only a file the form offered (the work still checks where it is shared).
      if (picked !== undefined && !m.files.some((f) => f.id === picked))
        return answer({
          response_action: 'errors',
          errors: { [IMPORT_BLOCK.file]: 'Pick one of the files this form offers.' },
        });
      const fileId = picked ?? m.files[0]?.id ?? '';
      const format = v[IMPORT_BLOCK.format]?.value?.selected_option?.value;
      // JSON drops an undefined format: the work reads it back as undefined (detect).
      const timestampFormat = format && format !== DETECT_FORMAT ? format : undefined;
      return toWork({ fileId, sourceId, timestampFormat, channel: m.channel, ts: m.ts });
    },
    async work({ body, client }, { channel, ts, fileId, sourceId, timestampFormat }) {
      // `channel` is fieldline's sealed metadata, set from the signed payload that opened the modal.
      await importFlow(
        deps,
        { client, channel, user: body.user.id, threadTs: ts },
        { fileId, sourceId, timestampFormat },
      );
    },
  });
