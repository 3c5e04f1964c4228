/** Photo evidence's pure rules: the bytes decide what a photo is; /task require-photos parsing and matching. */
import { describe, expect, it } from 'vitest';
import { checkPhoto, declaredPhotoKind, sniffPhoto } from '../../src/tasks/rules/photo-bytes.ts';
import { parseRequirePhotos, photoRuleFor } from '../../src/tasks/rules/photo-rules.ts';
import { parseTaskCommand } from '../../src/tasks/rules/parse-command.ts';
import { describeRule } from '../../src/tasks/render/photo-settings.ts';

const bytes = (...parts: (number[] | string)[]) =>
  Buffer.concat(parts.map((p) => (typeof p === 'string' ? Buffer.from(p, 'latin1') : Buffer.from(p))));
const JPEG = bytes([0xff, 0xd8, 0xff, 0xe0], 'JFIF'.padEnd(200, '\0'));
const PNG = bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], ''.padEnd(200, '\0'));
const WEBP = bytes('RIFF', [0x10, 0, 0, 0], 'WEBPVP8 '.padEnd(200, '\0'));
const HEIC = bytes([0, 0, 0, 0x18], 'ftypheic', [0, 0, 0, 0], 'mif1heic'.padEnd(200, '\0'));
const IPHONE_HEIC = bytes([0, 0, 0, 0x1c], 'ftypmif1', [0, 0, 0, 0], 'mif1heicmiaf'.padEnd(200, '\0'));

describe('what a photo is (magic bytes, never the name)', () => {
  it('recognises JPEG, PNG, WebP and HEIC (also an iPhone’s mif1 brand)', () => {
    expect(sniffPhoto(JPEG)?.kind).toBe('jpeg');
    expect(sniffPhoto(PNG)?.kind).toBe('png');
    expect(sniffPhoto(WEBP)?.kind).toBe('webp');
    expect(sniffPhoto(HEIC)?.kind).toBe('heic');
    expect(sniffPhoto(IPHONE_HEIC)?.kind).toBe('heic');
    expect(sniffPhoto(bytes('%PDF-1.7'.padEnd(200, ' ')))).toBeUndefined();
    expect(sniffPhoto(bytes([0, 0, 0, 0x18], 'ftypisom'.padEnd(100, '\0')))).toBeUndefined();
    expect(sniffPhoto(Buffer.alloc(0))).toBeUndefined();
  });

  it('refuses text named .jpg, and a PNG that says it is a JPEG; accepts a JPEG that is one', () => {
    const text = Buffer.from('not a photo at all, just words '.repeat(10));
    const named = { name: 'pump.jpg', mimetype: null, filetype: 'jpg' };
    const asText = checkPhoto(text, declaredPhotoKind(named), 'pump.jpg');
    expect(asText).toEqual({ ok: false, reason: expect.stringContaining('pump.jpg is not a photo') });
    const mismatch = checkPhoto(PNG, declaredPhotoKind(named), 'pump.jpg');
    expect(mismatch.ok).toBe(false);
    expect(!mismatch.ok && mismatch.reason).toContain('says it is JPEG but its contents are PNG');
    expect(checkPhoto(JPEG, declaredPhotoKind(named), 'pump.jpg')).toMatchObject({
      ok: true,
      type: { mime: 'image/jpeg' },
    });
    // Slack's MIME type wins over the name; an unknown declared type is refused.
    expect(declaredPhotoKind({ name: 'x.bin', mimetype: 'image/heic', filetype: null })).toBe('heic');
    expect(checkPhoto(JPEG, undefined, 'x.gif').ok).toBe(false);
  });
});

describe('/task require-photos', () => {
  it('parses site, priority, off and the list', () => {
    expect(parseRequirePhotos('')).toEqual({ kind: 'list' });
    expect(parseRequirePhotos('site Chicago Works')).toEqual({ kind: 'set', siteText: 'Chicago Works' });
    expect(parseRequirePhotos('site "North Plant" priority HIGH')).toEqual({
      kind: 'set',
      siteText: 'North Plant',
      priorityId: '15',
    });
    expect(parseRequirePhotos('priority low off')).toEqual({ kind: 'unset', priorityId: '5' });
    expect(parseRequirePhotos('off')).toEqual({ kind: 'clear' });
    expect(parseRequirePhotos('priority urgent')).toMatchObject({ kind: 'invalid' });
    expect(parseRequirePhotos('site')).toMatchObject({ kind: 'invalid' });
    expect(parseRequirePhotos('everywhere')).toMatchObject({ kind: 'invalid' });
    expect(parseTaskCommand('require-photos site Berlin')).toEqual({
      kind: 'require-photos',
      command: { kind: 'set', siteText: 'Berlin' },
    });
    expect(parseTaskCommand('require-photos priority none')).toMatchObject({
      kind: 'invalid',
      usage: expect.stringContaining('require-photos'),
    });
  });

  it('a task needs photos when a rule matches its site and (if given) its priority', () => {
    const rules = [
      { siteId: '101', siteName: 'Berlin' },
      { priorityId: '15' },
      { siteId: '102', priorityId: '5' },
    ];
    const task = (site: string, priority: string | null) => ({
      site: { id: site },
      priority: priority ? { id: priority } : null,
    });
    expect(photoRuleFor(rules, task('101', null))).toEqual(rules[0]);
    expect(photoRuleFor(rules, task('103', '15'))).toEqual(rules[1]);
    expect(photoRuleFor(rules, task('102', '5'))).toEqual(rules[2]);
    expect(photoRuleFor(rules, task('102', '10'))).toBeUndefined();
    expect(photoRuleFor([], task('101', '15'))).toBeUndefined();
  });

  it('describes rules in operator words, escaping site names', () => {
    expect(describeRule({ siteId: '101', siteName: 'A <b> & C' })).toBe('tasks at A &lt;b&gt; &amp; C');
    expect(describeRule({ priorityId: '15' })).toBe('High priority tasks at every site');
    expect(describeRule({ siteId: '1', siteName: 'X', priorityId: '5' })).toBe('Low priority tasks at X');
  });
});
