import { describe, expect, it } from 'vitest';
import { messageFilesOf } from '../../src/kit/blocks/file-list.ts';
import { decodeRetryValue, encodeRetryValue } from '../../src/files/render/file-retry-value.ts';
import { decodeUploadMeta, encodeUploadMeta } from '../../src/files/render/file-upload-meta.ts';
import {
  renderUploadBlocked,
  renderUploadModal,
  renderUploadProgress,
  renderUploadResult,
} from '../../src/files/render/file-upload.ts';
import { fileSendButton } from '../../src/files/render/file-send-button.ts';
import { validateBlocks, validateView } from '../../src/slack-standin/block-kit.ts';

describe('message files', () => {
  it('reads id, name and size, marking those outside 100 B – 100 MB', () => {
    const files = messageFilesOf({
      files: [
        { id: 'F1', name: 'a.png', size: 5000 },
        { id: 'F2', title: 'b', size: 20 },
        { id: 'F3', size: 200_000_000 },
      ],
    });
    expect(files).toEqual([
      { id: 'F1', name: 'a.png', size: 5000, usable: true },
      { id: 'F2', name: 'b', size: 20, usable: false },
      { id: 'F3', name: 'F3', size: 200_000_000, usable: false },
    ]);
    expect(messageFilesOf({ text: 'no files' })).toEqual([]);
    expect(messageFilesOf(null)).toEqual([]);
  });
});

describe('upload blocks', () => {
  const many = Array.from({ length: 40 }, (_, i) => ({
    id: `F${i}`,
    name: `<${'n'.repeat(200)}>.png`,
    size: 150,
    usable: i % 2 === 0,
  }));

  it('render valid Block Kit even with many long, hostile names', () => {
    expect(
      validateView(renderUploadModal(many, { companyConfigured: false, privateMetadata: '{}' })),
    ).toEqual([]);
    expect(validateBlocks(renderUploadProgress(2, 1, 5).blocks, 'message')).toEqual([]);
    expect(validateBlocks(renderUploadBlocked('no company <here>').blocks, 'message')).toEqual([]);
    const results = many.map((f, i) =>
      i % 2 === 0
        ? { slackFileId: f.id, name: f.name, ok: true as const }
        : {
            slackFileId: f.id,
            name: f.name,
            ok: false as const,
            reason: `${f.name} failed`,
            code: 'SIGNING_FAILED' as const,
            retryable: true,
          },
    );
    const result = renderUploadResult(results, '{"f":["F1"]}');
    expect(validateBlocks(result.blocks, 'message')).toEqual([]);
    expect(JSON.stringify(result.blocks)).not.toContain('<nnn');
  });

  it('marks the target optional only when a company is configured', () => {
    const required = renderUploadModal(many.slice(0, 1), { companyConfigured: false, privateMetadata: '' });
    const optional = renderUploadModal(many.slice(0, 1), { companyConfigured: true, privateMetadata: '' });
    expect(JSON.stringify(required.blocks)).toContain('"optional":false');
    expect(JSON.stringify(optional.blocks)).toContain('"optional":true');
    expect(JSON.stringify(required.blocks)).toContain(
      'Where the files belong: the platform keeps each upload under the company of this site or data source.',
    );
  });

  it('states the progress as "2 of 5 uploaded"', () => {
    expect(renderUploadProgress(2, 0, 5).text).toBe('Uploading files to the platform: 2 of 5 uploaded…');
  });

  it('gives a valid send button', () => {
    expect(
      validateBlocks(
        [{ type: 'actions', elements: [fileSendButton('8001'), fileSendButton('8002', 'Report', 1)] }],
        'message',
      ),
    ).toEqual([]);
  });
});

describe('values that round-trip through Slack', () => {
  it('retry value keeps files, target and origin, and fits 2,000 characters', () => {
    const value = {
      fileIds: ['F1', 'F2'],
      target: { companyId: '42', siteId: '101' },
      channel: 'C1',
      messageTs: '1.2',
    };
    expect(decodeRetryValue(encodeRetryValue(value)!)).toEqual(value);
    const long = encodeRetryValue({
      ...value,
      fileIds: Array.from({ length: 500 }, (_, i) => `F${i}0000000`),
    });
    expect(long!.length).toBeLessThanOrEqual(2000);
    expect(decodeRetryValue('{"f":[]}')).toBeNull();
    expect(decodeRetryValue('garbage')).toBeNull();
  });

  it('upload metadata keeps the message and its files', () => {
    const meta = { channel: 'C1', messageTs: '1.2', fileIds: ['F1'] };
    expect(decodeUploadMeta(encodeUploadMeta(meta))).toEqual(meta);
    expect(decodeUploadMeta('{}')).toBeNull();
  });
});
