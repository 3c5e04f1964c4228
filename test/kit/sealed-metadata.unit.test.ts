/**
 * The private_metadata seal (src/kit/sealed-metadata.ts) and its key (src/main/compose.ts, metadataSealFor): what
 * fieldline sealed opens to the same text, anything else does not — another text under the old tag, a tag made
 * with another key or for another form, plain text — and sealed text always fits Slack's 3,000 characters.
 */
import { existsSync, readFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/base/config.ts';
import { createLogger } from '../../src/base/log.ts';
import { metadataSealFor } from '../../src/main/compose.ts';
import {
  deriveMetadataKey,
  MAX_SEALABLE_METADATA,
  metadataSeal,
  MetadataTooLongError,
  SEAL_OVERHEAD,
  SLACK_PRIVATE_METADATA_MAX,
} from '../../src/kit/sealed-metadata.ts';
import { encodePostMeta } from '../../src/posts/render/post-meta.ts';
import { encodeUploadMeta } from '../../src/files/render/file-upload-meta.ts';
import { renderCreateTaskModal } from '../../src/tasks/render/task-create-modal.ts';

const log = createLogger({ level: 'silent' });
const seal = metadataSeal([deriveMetadataKey('one secret')]);
const META = JSON.stringify({ c: 'C0GENERAL', t: '1700000000.000100', f: ['F0ONE'] });

describe('seal and open', () => {
  it('opens what it sealed, for the same form, to the same text', () => {
    const sealed = seal.seal(META, 'file_upload');
    expect(sealed).toHaveLength(META.length + SEAL_OVERHEAD);
    expect(sealed.startsWith(`${META}.`)).toBe(true);
    expect(seal.open(sealed, 'file_upload')).toEqual({ ok: true, text: META });
  });

  it('refuses plain text, another text under the old tag, a cut tag and another form’s metadata', () => {
    const sealed = seal.seal(META, 'file_upload');
    const tag = sealed.slice(META.length);
    const forged = JSON.stringify({ c: 'G0PRIVATE', t: '1700000000.000100', f: ['F0ONE'] });
    expect(seal.open(META, 'file_upload')).toEqual({ ok: false, why: 'unsealed' });
    expect(seal.open(`${forged}${tag}`, 'file_upload')).toEqual({ ok: false, why: 'bad-tag' });
    expect(seal.open(sealed.slice(0, -1), 'file_upload')).toEqual({ ok: false, why: 'unsealed' });
    expect(seal.open(`${sealed.slice(0, -1)}A`, 'file_upload').ok).toBe(false);
    expect(seal.open(sealed, 'task_create')).toEqual({ ok: false, why: 'bad-tag' });
    expect(seal.open(sealed)).toEqual({ ok: false, why: 'bad-tag' });
  });

  it('accepts only the canonical tag (base64url’s last character has spare bits)', () => {
    const sealed = seal.seal(META, 'f');
    const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    const sibling = ALPHABET[ALPHABET.indexOf(sealed.at(-1)!) ^ 1]!;
    const twin = `${sealed.slice(0, -1)}${sibling}`;
    expect(Buffer.from(twin.slice(-43), 'base64url')).toEqual(Buffer.from(sealed.slice(-43), 'base64url'));
    expect(seal.open(twin, 'f')).toEqual({ ok: false, why: 'bad-tag' });
  });

  it('refuses a tag made with another key', () => {
    const other = metadataSeal([deriveMetadataKey('another secret')]);
    expect(seal.open(other.seal(META, 'file_upload'), 'file_upload')).toEqual({ ok: false, why: 'bad-tag' });
  });

  it('leaves empty metadata empty and does not seal twice', () => {
    expect(seal.seal('')).toBe('');
    expect(seal.open('')).toEqual({ ok: true, text: '' });
    const once = seal.seal(META, 'x');
    expect(seal.seal(once, 'x')).toBe(once);
    // Sealed for another form, it is text like any other and is sealed for this one.
    expect(seal.open(seal.seal(once, 'y'), 'y')).toEqual({ ok: true, text: once });
  });

  it('opens with a key being rotated out and seals with the current one', () => {
    const oldKey = deriveMetadataKey('old');
    const rotated = metadataSeal([deriveMetadataKey('new'), oldKey]);
    const byOld = metadataSeal([oldKey]).seal(META, 'f');
    expect(rotated.open(byOld, 'f')).toEqual({ ok: true, text: META });
    expect(metadataSeal([oldKey]).open(rotated.seal(META, 'f'), 'f').ok).toBe(false);
  });

  it('fits Slack’s limit: the longest sealable text is exactly 3,000 sealed, one more fails loudly', () => {
    const limits = new URL('../../../shared/slack/slackblocks-limits.json', import.meta.url);
    if (existsSync(limits)) {
      const table = JSON.parse(readFileSync(limits, 'utf8')) as {
        view: { private_metadata: { max_length: number } };
      };
      expect(SLACK_PRIVATE_METADATA_MAX).toBe(table.view.private_metadata.max_length);
    }
    expect(seal.seal('x'.repeat(MAX_SEALABLE_METADATA))).toHaveLength(SLACK_PRIVATE_METADATA_MAX);
    expect(() => seal.seal('x'.repeat(MAX_SEALABLE_METADATA + 1))).toThrow(MetadataTooLongError);
  });
});

describe('the key', () => {
  it('is derived, never the secret itself, and the same for the same secret', () => {
    const secret = randomBytes(32);
    expect(deriveMetadataKey(secret).equals(secret)).toBe(false);
    expect(deriveMetadataKey(secret).equals(deriveMetadataKey(Buffer.from(secret)))).toBe(true);
    expect(deriveMetadataKey('a').equals(deriveMetadataKey('b'))).toBe(false);
  });

  const HTTP = { SLACK_BOT_TOKEN: 'xoxb-1', SLACK_SIGNING_SECRET: 'signing', ACCESS_MODE: 'shared' };
  const KEY = randomBytes(32).toString('base64');

  it('replicas of one configuration derive the same key: a modal opened on one submits on another', () => {
    const env = { ...HTTP, FIELDLINE_ENCRYPTION_KEY: KEY };
    const sealed = metadataSealFor(loadConfig(env), log).seal(META, 'task_create');
    expect(metadataSealFor(loadConfig(env), log).open(sealed, 'task_create')).toEqual({
      ok: true,
      text: META,
    });
  });

  it('prefers FIELDLINE_ENCRYPTION_KEY, then the signing secret, then the bot token', () => {
    const withKey = metadataSealFor(loadConfig({ ...HTTP, FIELDLINE_ENCRYPTION_KEY: KEY }), log);
    const signing = metadataSealFor(loadConfig(HTTP), log);
    const socket = { SLACK_BOT_TOKEN: 'xoxb-1', SLACK_APP_TOKEN: 'xapp-1', ACCESS_MODE: 'shared' };
    const token = metadataSealFor(loadConfig(socket), log);
    const sealed = withKey.seal(META, 'f');
    expect(signing.open(sealed, 'f').ok).toBe(false);
    expect(metadataSeal([deriveMetadataKey(Buffer.from(KEY, 'base64'))]).open(sealed, 'f').ok).toBe(true);
    expect(metadataSeal([deriveMetadataKey('signing')]).open(signing.seal(META, 'f'), 'f').ok).toBe(true);
    expect(metadataSeal([deriveMetadataKey('xoxb-1')]).open(token.seal(META, 'f'), 'f').ok).toBe(true);
  });

  it('still opens what the previous FIELDLINE_ENCRYPTION_KEY sealed after a rotation', () => {
    const next = randomBytes(32).toString('base64');
    const before = metadataSealFor(loadConfig({ ...HTTP, FIELDLINE_ENCRYPTION_KEY: KEY }), log);
    const after = metadataSealFor(
      loadConfig({ ...HTTP, FIELDLINE_ENCRYPTION_KEY: next, FIELDLINE_ENCRYPTION_KEY_PREVIOUS: KEY }),
      log,
    );
    expect(after.open(before.seal(META, 'f'), 'f')).toEqual({ ok: true, text: META });
  });
});

describe('features’ metadata at its largest still fits once sealed', () => {
  const longName = (i: number) => `"quoted" report ${i} ${'ü'.repeat(60)}.pdf`;
  const files = Array.from({ length: 12 }, (_, i) => ({
    id: `F0${String(i).padStart(10, '0')}`,
    name: longName(i),
  }));

  it('the task create modal (origin, reply channel, permalink, ten files)', () => {
    const view = renderCreateTaskModal(
      {
        origin: { channel: 'C0123456789', ts: '1700000000.000100', threadTs: '1700000000.000001' },
        replyChannel: 'C0123456789',
        permalink: `https://example.slack.com/archives/C0123456789/p1700000000000100?${'x'.repeat(900)}`,
        slackFiles: files,
      },
      [{ id: '5', name: 'To Do' }],
    );
    expect(() => seal.seal(view.private_metadata ?? '', 'task_create')).not.toThrow();
  });

  it('the post modal and the upload modal (a message and its thread: 100 files)', () => {
    const post = encodePostMeta({
      originChannel: 'C0123456789',
      share: {
        channel: 'C0123456789',
        ts: '1700000000.000100',
        permalink: `https://x.slack.com/${'p'.repeat(80)}`,
      },
      files: files.map((f) => ({ ...f, size: 104_857_600, usable: true })),
    });
    expect(() => seal.seal(post, 'post_create')).not.toThrow();
    const ids = Array.from({ length: 100 }, (_, i) => `F0${String(i).padStart(10, '0')}`);
    const upload = encodeUploadMeta({
      channel: 'C0123456789',
      messageTs: '1.2',
      threadTs: '1.1',
      fileIds: ids,
    });
    expect(() => seal.seal(upload, 'file_upload')).not.toThrow();
  });
});
