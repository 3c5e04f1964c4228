/** Every renderer's `text` fallback shows hostile platform names (and user text) escaped, as its blocks do. */
import { describe, expect, it } from 'vitest';
import { renderPostFailure } from '../../src/posts/render/post-result.ts';
import { renderUploadBlocked } from '../../src/files/render/file-upload.ts';
import { renderExportOutcome, renderExportProgress } from '../../src/readings/render/reading-export.ts';
import {
  renderCsvRejected,
  renderImportAccepted,
  renderImportConfirmed,
} from '../../src/readings/render/reading-import.ts';
import { renderReadingProgress } from '../../src/readings/render/reading-report.ts';
import { renderSourceList } from '../../src/readings/render/source-list.ts';

const HOSTILE = '<!channel> <@U1> <http://evil|click>';
const RAW = ['<!channel>', '<@U1>', '<http://evil'];

const texts: [string, string][] = [
  ['reading progress', renderReadingProgress(HOSTILE, 'today').text],
  ['export progress', renderExportProgress(HOSTILE, 'today').text],
  ['export empty', renderExportOutcome(HOSTILE, 'today', { kind: 'empty' }).text],
  ['export too large', renderExportOutcome(HOSTILE, 'today', { kind: 'too-large', bytes: 5e8 }).text],
  [
    'export done',
    renderExportOutcome(HOSTILE, 'today', { kind: 'uploaded', fileName: HOSTILE, rows: 3, bytes: 10 }).text,
  ],
  ['csv rejected', renderCsvRejected(HOSTILE, HOSTILE, [{ line: 2, message: HOSTILE }], 0).text],
  ['import accepted', renderImportAccepted(HOSTILE, HOSTILE, 3, 'ISO', [HOSTILE]).text],
  ['import confirmed', renderImportConfirmed(HOSTILE, HOSTILE, true, 1).text],
  ['source list', renderSourceList(HOSTILE, { hits: [], next: null }, 0, true, null).text],
  ['post failure', renderPostFailure(HOSTILE, 'x').text],
  ['upload blocked', renderUploadBlocked(HOSTILE).text],
];

describe('text fallbacks', () => {
  it.each(texts)('%s: no raw mention, broadcast or link', (_name, text) => {
    for (const raw of RAW) expect(text).not.toContain(raw);
    expect(text).toContain('&lt;!channel&gt;');
  });
});
