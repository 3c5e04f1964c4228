/** The CSV export's progress message and its one-line outcome. Pure. */
import type { ExportOutcome } from '../flows/csv-export.ts';
import { escapeMrkdwn, safeName } from '../../kit/blocks/mrkdwn.ts';
import { formatBytes } from '../../kit/slack-files/size-rule.ts';
import { mrkdwn } from './reading-format.ts';
import type { RenderedMessage } from './reading-report.ts';

export function renderExportProgress(sourceName: string, label: string): RenderedMessage {
  const name = safeName(sourceName, 150);
  return {
    // the `text` fallback (what notifications show) is escaped like the blocks
    text: `Exporting ${name} (${escapeMrkdwn(label)})…`,
    blocks: [
      {
        type: 'context',
        elements: [mrkdwn(`:hourglass_flowing_sand: Exporting *${name}* (${escapeMrkdwn(label)}) as CSV…`)],
      },
    ],
  };
}

/**
 * `fileIn`: where the file went — the answer's thread, or the person's DM when the answer is theirs only. `note`:
 * which rule chose the window, when the label alone does not say (ResolvedRange.note).
 */
export function renderExportOutcome(
  sourceName: string,
  label: string,
  outcome: ExportOutcome,
  fileIn: 'thread' | 'dm' = 'thread',
  note?: string,
): RenderedMessage {
  const where = fileIn === 'dm' ? 'in our DM' : 'in the thread';
  const name = safeName(sourceName, 150);
  const range = escapeMrkdwn(label);
  let text: string;
  let plainText: string;
  if (outcome.kind === 'empty') {
    plainText = `No readings in that range: ${name}, ${range}. Nothing to export.`;
    text = `:information_source: No readings in that range: *${name}*, ${range}. Nothing to export.`;
  } else if (outcome.kind === 'too-large') {
    const size = formatBytes(outcome.bytes);
    plainText = `The export of ${name} (${range}) is too large for Slack (over ${size}). Pick a shorter range.`;
    text = `:warning: The export of *${name}* (${range}) is too large for Slack (over ${size}). Pick a shorter range.`;
  } else {
    const what = `${outcome.rows.toLocaleString('en-US')} readings exported as`;
    const size = formatBytes(outcome.bytes);
    plainText = `${name}, ${range}: ${what} ${escapeMrkdwn(outcome.fileName)} (${size}), file ${where}.`;
    text = `:page_facing_up: *${name}*, ${range}: ${what} \`${escapeMrkdwn(outcome.fileName)}\` (${size}) — file ${where}.`;
  }
  const blocks: object[] = [{ type: 'section', text: mrkdwn(text) }];
  if (note) blocks.push({ type: 'context', elements: [mrkdwn(note)] });
  return { text: plainText.slice(0, 3000), blocks };
}
