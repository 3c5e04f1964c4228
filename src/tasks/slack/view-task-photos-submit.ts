/**
 * view_submission of "Complete with photos": on receipt only the form's shape is checked (a photo, or photos
 * already up from an earlier try); the modal closes and the uploads and the status change run as a job. The file
 * ids travel to the job as what was submitted — each is checked there against files.info (its uploader must be
 * the person who submitted), never trusted.
 */
import { z } from 'zod';
import { answer, toWork, viewEntry } from '../../kit/entry.ts';
import { decodeValue } from '../../kit/button-value.ts';
import { workspaceKeyOf, type InstallationIds } from '../../kit/workspace.ts';
import { completeWithPhotos, type PhotoDeps } from '../flows/complete-with-photos.ts';
import { MAX_PHOTOS, type PhotoMeta } from '../render/photo-modal.ts';
import { TASK_FIELD, TASK_VIEW } from '../render/task-ids.ts';
import { createPhotoStore } from '../service/photo-store.ts';

interface PhotosCarry {
  meta: PhotoMeta;
  fileIds: string[];
}

const metaSchema: z.ZodType<PhotoMeta> = z.object({
  taskId: z.string().min(1).max(100),
  channel: z.string().optional(),
  ts: z.string().optional(),
  threadTs: z.string().optional(),
  responseUrl: z.string().optional(),
});

/** Slack's file_input state: `files`, each a file object with its `id` (read defensively: an id string too). */
const fileInputState = z.looseObject({
  files: z.array(z.union([z.string(), z.looseObject({ id: z.string() })])).nullish(),
});

export function submittedFileIds(values: unknown): string[] {
  const entry = (values as Record<string, Record<string, unknown>> | undefined)?.[TASK_FIELD.photos]?.[
    TASK_FIELD.photos
  ];
  const parsed = fileInputState.safeParse(entry);
  if (!parsed.success) return [];
  const ids = (parsed.data.files ?? []).map((f) => (typeof f === 'string' ? f : f.id));
  return [...new Set(ids.filter((id) => /^F[A-Z0-9]{2,40}$/.test(id)))];
}

export const NO_PHOTO_TEXT = 'Add at least one photo of the job done.';

export const taskPhotosSubmit = (deps: PhotoDeps) =>
  viewEntry<PhotosCarry>({
    callbackId: TASK_VIEW.photos,
    kind: 'tasks.photos',
    busyBlock: TASK_FIELD.photos,
    async receive({ view, context }) {
      const meta = decodeValue(metaSchema, view.private_metadata);
      if (!meta)
        return answer({
          response_action: 'errors',
          errors: {
            [TASK_FIELD.photos]:
              'fieldline lost track of this task. Cancel, then use Complete with photos on the card again.',
          },
        });
      const fileIds = submittedFileIds(view.state.values);
      if (fileIds.length > MAX_PHOTOS)
        return answer({
          response_action: 'errors',
          errors: { [TASK_FIELD.photos]: `At most ${MAX_PHOTOS} photos at a time.` },
        });
      if (fileIds.length === 0) {
        // Without new photos only photos already up from an earlier try can complete the task.
        const ws = workspaceKeyOf(context as InstallationIds);
        const earlier = ws ? await createPhotoStore(deps.store).uploaded(ws, meta.taskId) : [];
        if (earlier.length === 0)
          return answer({ response_action: 'errors', errors: { [TASK_FIELD.photos]: NO_PHOTO_TEXT } });
      }
      return toWork({ meta, fileIds });
    },
    async work({ body, client, context }, carry) {
      if (!carry) return;
      await completeWithPhotos(deps, {
        client,
        user: body.user.id,
        workspace: workspaceKeyOf(context as InstallationIds),
        meta: carry.meta,
        fileIds: carry.fileIds,
      });
    },
  });
