/** Block Kit for "Upload files to the platform" (pure): the target modal, live progress, per-file results. */
import type { KnownBlock, ModalView } from '@slack/types';
import type { FileTransferResult } from '../transfer/transfer-slack-files.ts';
import { formatBytes } from '../../kit/slack-files/size-rule.ts';
import type { MessageFile } from '../../kit/blocks/file-list.ts';
import { escapeMrkdwn, safeText, truncate } from '../../kit/blocks/mrkdwn.ts';
import { plain } from '../../kit/blocks/text-blocks.ts';

export const FILE_UPLOAD_CALLBACK_ID = 'file_upload';
export const FILE_TARGET = 'file_target';
export const FILE_RETRY = 'file_retry';

function fileLine(f: MessageFile): string {
  const note = f.usable ? '' : ' — _will be refused: the platform takes 100 B to 100 MB_';
  return `• ${escapeMrkdwn(f.name)} (${formatBytes(f.size)})${note}`;
}

export function renderUploadModal(
  files: MessageFile[],
  opts: { companyConfigured: boolean; privateMetadata: string },
): ModalView {
  const list = truncate(files.map(fileLine).join('\n'), 2900);
  return {
    type: 'modal',
    callback_id: FILE_UPLOAD_CALLBACK_ID,
    title: plain('Upload to the platform', 24),
    submit: plain('Upload', 24),
    close: plain('Cancel', 24),
    private_metadata: opts.privateMetadata,
    blocks: [
      { type: 'section', text: { type: 'mrkdwn', text: `*Files on this message*\n${list}` } },
      {
        type: 'input',
        block_id: FILE_TARGET,
        optional: opts.companyConfigured,
        label: plain('Site or data source'),
        hint: plain(
          opts.companyConfigured
            ? 'Optional: without one, files go to the company configured for fieldline.'
            : 'Where the files belong: the platform keeps each upload under the company of this site or data source.',
          150,
        ),
        element: {
          type: 'external_select',
          action_id: FILE_TARGET,
          min_query_length: 0,
          placeholder: plain('Search sites and data sources'),
        },
      },
    ],
  };
}

export function renderUploadProgress(
  uploaded: number,
  failed: number,
  total: number,
): { text: string; blocks: KnownBlock[] } {
  const failures = failed > 0 ? `, ${failed} failed` : '';
  const text = `Uploading files to the platform: ${uploaded} of ${total} uploaded${failures}…`;
  return {
    text,
    blocks: [{ type: 'section', text: { type: 'mrkdwn', text: `:hourglass_flowing_sand: ${text}` } }],
  };
}

export function renderUploadBlocked(reason: string): { text: string; blocks: KnownBlock[] } {
  const text = `Files not uploaded: ${reason}`;
  return {
    // the `text` fallback (what notifications show) is escaped like the blocks
    text: safeText(text, 2900),
    blocks: [{ type: 'section', text: { type: 'mrkdwn', text: `:x: ${safeText(text, 2900)}` } }],
  };
}

/** `retryValue` (the Retry button's value) only when some failures are worth retrying. */
export function renderUploadResult(
  results: FileTransferResult[],
  retryValue: string | null,
): { text: string; blocks: KnownBlock[] } {
  const ok = results.filter((r) => r.ok).length;
  const head =
    ok === results.length
      ? `:white_check_mark: ${ok} of ${results.length} uploaded to the platform.`
      : `:warning: ${ok} of ${results.length} uploaded to the platform.`;
  const lines = results.map((r) =>
    r.ok
      ? `• ${escapeMrkdwn(r.name)} — uploaded; the platform is processing it, and it shows there once that is done`
      : `• ${escapeMrkdwn(r.name)} — ${escapeMrkdwn(r.reason)}${r.retryable ? ' _(worth retrying)_' : ''}`,
  );
  const blocks: KnownBlock[] = [
    { type: 'section', text: { type: 'mrkdwn', text: head } },
    { type: 'section', text: { type: 'mrkdwn', text: truncate(lines.join('\n'), 3000) } },
  ];
  if (retryValue) {
    blocks.push({
      type: 'actions',
      elements: [
        { type: 'button', action_id: FILE_RETRY, text: plain('Retry failed files'), value: retryValue },
      ],
    });
  }
  return { text: `${ok} of ${results.length} files uploaded to the platform.`, blocks };
}
