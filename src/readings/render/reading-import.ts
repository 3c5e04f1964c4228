import type { KnownBlock, ModalView } from '@slack/types';
/** CSV import: the modal that picks the data source, and the messages about the check and the import. Pure. */
import type { CsvProblem } from '../rules/csv-check.ts';
import { TIMESTAMP_FORMATS } from '../rules/timestamp-format.ts';
import { escapeMrkdwn, safeText, safeName, truncate } from '../../kit/blocks/mrkdwn.ts';
import { MAX_SEALABLE_METADATA } from '../../kit/sealed-metadata.ts';
import { mrkdwn, plain } from './reading-format.ts';
import type { RenderedMessage } from './reading-report.ts';
import { encodeImportStart, READING_ACTION, READING_VIEW, type ImportStartValue } from './source-ids.ts';

export const IMPORT_BLOCK = { source: 'source', format: 'format', file: 'file' } as const;
export const DETECT_FORMAT = 'detect';

export interface ImportMeta {
  /** Slack file ids of the CSV files offered (checked at submission: shared in `channel`). */
  files: { id: string; name: string }[];
  /** Where the import was started: the conversation of the signed shortcut or button payload. */
  channel: string;
  /** The message the file came with: replies go into its thread. */
  ts: string;
}

export function renderImportView(meta: ImportMeta): ModalView {
  const formats = [
    { text: plain('Detect automatically'), value: DETECT_FORMAT },
    ...TIMESTAMP_FORMATS.filter((f) => f.sendPattern).map((f) => ({
      text: plain(f.pattern),
      value: f.pattern,
    })),
  ];
  const blocks: KnownBlock[] = [
    {
      type: 'input',
      block_id: IMPORT_BLOCK.source,
      label: plain('Data source', 2000),
      element: {
        type: 'external_select',
        action_id: READING_ACTION.importSource,
        min_query_length: 0,
        placeholder: plain('Search data sources'),
      },
    },
  ];
  if (meta.files.length > 1) {
    blocks.push({
      type: 'input',
      block_id: IMPORT_BLOCK.file,
      label: plain('File', 2000),
      element: {
        type: 'static_select',
        action_id: 'value',
        options: meta.files.slice(0, 100).map((f) => ({ text: plain(f.name), value: f.id })),
        initial_option: { text: plain(meta.files[0]?.name ?? ''), value: meta.files[0]?.id ?? '' },
      },
    });
  }
  blocks.push(
    {
      type: 'input',
      block_id: IMPORT_BLOCK.format,
      label: plain('Timestamp format', 2000),
      element: { type: 'static_select', action_id: 'value', options: formats, initial_option: formats[0] },
      hint: plain('Timestamps without an offset are read in the data source’s site time zone.', 2000),
    },
    {
      type: 'context',
      elements: [
        mrkdwn(
          `File: *${safeName(meta.files[0]?.name ?? '', 200)}*${meta.files.length > 1 ? ` (+${meta.files.length - 1} more)` : ''}. ` +
            'It is checked against the data source’s columns before anything is uploaded.',
        ),
      ],
    },
  );
  const shortMeta = JSON.stringify({ ...meta, files: meta.files.slice(0, 20) });
  return {
    type: 'modal',
    callback_id: READING_VIEW.import,
    private_metadata:
      // fieldline seals what it writes there (kit/sealed-metadata.ts): the text must leave room for the tag
      shortMeta.length <= MAX_SEALABLE_METADATA
        ? shortMeta
        : JSON.stringify({ ...meta, files: meta.files.slice(0, 1) }),
    title: plain('Import readings', 24),
    submit: plain('Check and import', 24),
    close: plain('Cancel', 24),
    blocks,
  };
}

export function renderImportOffer(value: ImportStartValue, names: string[]): RenderedMessage {
  const list = names.map((n) => `*${safeName(n, 150)}*`).join(', ');
  return {
    text: `Import ${names.map((n) => safeName(n, 150)).join(', ')} as readings?`,
    blocks: [
      { type: 'section', text: mrkdwn(`I can import ${list} as readings into a data source.`) },
      {
        type: 'actions',
        elements: [
          {
            type: 'button',
            action_id: READING_ACTION.importStart,
            style: 'primary',
            text: plain('Import readings…'),
            value: encodeImportStart(value),
          },
        ],
      },
    ],
  };
}

export function renderCsvRejected(
  fileName: string,
  sourceName: string,
  problems: CsvProblem[],
  more: number,
): RenderedMessage {
  const lines = problems.map((p) => `• line ${p.line}: ${safeText(p.message, 200)}`);
  if (more > 0) lines.push(`• …and ${more} more`);
  const head = `:x: *${safeName(fileName, 150)}* was not imported into *${safeName(sourceName, 150)}*: nothing was uploaded. Fix these and try again:`;
  // one section per ~2,900 characters of problems, so no line is cut off by the 3,000-character text limit
  const blocks: object[] = [{ type: 'section', text: mrkdwn(head) }];
  let chunk: string[] = [];
  for (const line of lines) {
    if ([...chunk, line].join('\n').length > 2900) {
      blocks.push({ type: 'section', text: mrkdwn(chunk.join('\n')) });
      chunk = [];
    }
    chunk.push(line);
  }
  if (chunk.length > 0) blocks.push({ type: 'section', text: mrkdwn(chunk.join('\n')) });
  const summary = problems.map((p) => `line ${p.line}: ${safeText(p.message, 200)}`).join('; ');
  return { text: truncate(`${safeName(fileName, 150)} was not imported: ${summary}`, 3000), blocks };
}

export function renderImportAccepted(
  fileName: string,
  sourceName: string,
  rows: number,
  format: string,
  notes: readonly string[] = [],
): RenderedMessage {
  const text =
    `:inbox_tray: *${safeName(fileName, 150)}* arrived on the platform for *${safeName(sourceName, 150)}* ` +
    `(${rows.toLocaleString('en-US')} rows, timestamps ${escapeMrkdwn(format)}). Import is asynchronous: ` +
    'I will confirm in the file’s thread when the readings can be read back.';
  const blocks: object[] = [{ type: 'section', text: mrkdwn(text) }];
  if (notes.length > 0) {
    blocks.push({
      type: 'context',
      elements: [mrkdwn(notes.map((n) => `• ${safeName(n, 200)}`).join('\n'))],
    });
  }
  const noteText = notes.length > 0 ? ` (${notes.map((n) => safeName(n, 200)).join('; ')})` : '';
  return {
    text: truncate(`${safeName(fileName, 150)} arrived; import is asynchronous${noteText}`, 3000),
    blocks,
  };
}

export function renderImportConfirmed(
  fileName: string,
  sourceName: string,
  confirmed: boolean,
  waitedS: number,
): RenderedMessage {
  const text = confirmed
    ? `:white_check_mark: The readings from *${safeName(fileName, 150)}* can now be read on *${safeText(sourceName, 150)}*.`
    : `:grey_question: I could not confirm the import of *${safeName(fileName, 150)}* into *${safeText(sourceName, 150)}* ` +
      `after ${waitedS} s: the readings are not readable yet. Check later with \`/reading\`.`;
  return {
    text: `Import of ${safeName(fileName, 150)} ${confirmed ? 'confirmed' : 'could not be confirmed'}`,
    blocks: [{ type: 'section', text: mrkdwn(text) }],
  };
}
