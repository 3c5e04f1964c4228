/**
 * "Complete with photos": the modal (a file_input for photos from the phone) and what the person is told
 * afterwards. Pure. Platform text and file names are escaped for mrkdwn; plain_text carries none of them.
 */
import type { ModalView } from '@slack/types';
import { safeName, safeText, truncate } from '../../kit/blocks/mrkdwn.ts';
import { context, plain, section } from '../../kit/blocks/text-blocks.ts';
import { PHOTO_EXTENSIONS } from '../rules/photo-bytes.ts';
import { TASK_ACTION, TASK_FIELD, TASK_VIEW, type BlockJson, type Rendered } from './task-ids.ts';

/** Block Kit: file_input `max_files` is 1 to 10 (../shared/slack/slackblocks-limits.json). */
export const MAX_PHOTOS = 10;

export interface PhotoMeta {
  taskId: string;
  channel?: string;
  ts?: string;
  threadTs?: string;
  /** Set for ephemeral cards, which only their response_url can replace. */
  responseUrl?: string;
}

export const COMPLETE_WITH_PHOTOS = 'Complete with photos';

export function completeWithPhotosButton(taskId: string, primary = false): BlockJson {
  return {
    type: 'button',
    action_id: TASK_ACTION.photos,
    text: plain(COMPLETE_WITH_PHOTOS),
    value: taskId,
    ...(primary ? { style: 'primary' } : {}),
  };
}

export function renderPhotoModal(
  task: { name: string },
  meta: PhotoMeta,
  earlier: readonly { name: string }[],
  required: boolean,
): ModalView {
  const blocks: BlockJson[] = [
    section(
      `:camera: Photos of the job done on *${safeName(task.name, 500)}*. ` +
        'They go to the platform with your account; once every photo is there, the task is marked *Done*.',
    ),
  ];
  if (earlier.length > 0) {
    blocks.push(
      context(
        `Already on the platform from an earlier try: ${earlier.map((p) => safeName(p.name, 100)).join(', ')}. ` +
          'Add more, or submit without new photos to mark the task Done.',
      ),
    );
  } else if (required) {
    blocks.push(context('This task needs at least one photo before it can be marked Done.'));
  }
  blocks.push({
    type: 'input',
    block_id: TASK_FIELD.photos,
    optional: earlier.length > 0,
    label: plain('Photos'),
    hint: plain('JPEG, PNG, HEIC or WebP, up to 10 MB each (Slack’s limit), at most 10.', 2000),
    element: {
      type: 'file_input',
      action_id: TASK_FIELD.photos,
      filetypes: [...PHOTO_EXTENSIONS],
      max_files: MAX_PHOTOS,
    },
  });
  return {
    type: 'modal',
    callback_id: TASK_VIEW.photos,
    title: plain('Complete with photos', 24),
    submit: plain('Upload and complete', 24),
    close: plain('Cancel', 24),
    private_metadata: JSON.stringify(meta),
    blocks,
  } as ModalView;
}

export interface PhotoOutcome {
  taskName: string;
  uploaded: readonly string[];
  /** Each reason names its file (or says it was not the person's). */
  failed: readonly string[];
  /** Photos already on the platform from an earlier try. */
  earlier: readonly string[];
}

const list = (names: readonly string[]) => names.map((n) => safeName(n, 100)).join(', ');

/** Some photo failed: the task stays open, with what went up, what did not and why, and the form to reopen. */
export function renderPhotosFailed(o: PhotoOutcome, taskId: string): Rendered {
  const lines = [
    `:warning: *${safeName(o.taskName, 300)}* stays open: ${o.failed.length === 1 ? 'a photo was' : `${o.failed.length} photos were`} not uploaded.`,
    ...o.failed.map((why) => `• ${safeText(why, 400)}`),
  ];
  if (o.uploaded.length > 0)
    lines.push(
      `Uploaded to the platform: ${list(o.uploaded)}. They are kept — you do not need to add them again.`,
    );
  if (o.earlier.length > 0) lines.push(`Already there from an earlier try: ${list(o.earlier)}.`);
  lines.push(`Press *${COMPLETE_WITH_PHOTOS}* to add the missing photos and complete the task.`);
  const text = truncate(lines.join('\n'), 3000);
  return {
    text,
    blocks: [
      { type: 'section', text: { type: 'mrkdwn', text } },
      { type: 'actions', elements: [completeWithPhotosButton(taskId, true)] },
    ],
  };
}

/** The thread note once the photos are up and the task is Done. */
export function photosNote(user: string, names: readonly string[]): string {
  const n = names.length;
  return truncate(
    `:camera: <@${user}> completed it with ${n} photo${n === 1 ? '' : 's'} on the platform: ${list(names)}.`,
    3000,
  );
}

/** Why the plain Done button is refused when a rule asks this task for a photo. */
export function photoRequiredText(taskName: string, rule: string): string {
  return (
    `*${safeName(taskName, 300)}* needs at least one photo to be completed (photos are required for ${rule}). ` +
    `Press *${COMPLETE_WITH_PHOTOS}* on its card to add photos from your phone; the task is marked Done once they are on the platform.`
  );
}

/** The refusal of the plain Done, with the button that does it with photos. */
export function renderPhotoRequired(text: string, taskId: string): Rendered {
  return {
    text: truncate(text, 3000),
    blocks: [
      { type: 'section', text: { type: 'mrkdwn', text: truncate(`:camera: ${text}`, 3000) } },
      { type: 'actions', elements: [completeWithPhotosButton(taskId, true)] },
    ],
  };
}
