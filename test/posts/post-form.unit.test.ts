import { describe, expect, it } from 'vitest';
import { parseHashtags } from '../../src/posts/rules/hashtags.ts';
import { buildPost, sharedContent } from '../../src/posts/rules/post-draft.ts';
import { channelsFromRows, filterChannels } from '../../src/posts/service/channels.ts';
import { channelIdOfOption } from '../../src/posts/rules/feed-option.ts';
import { readPostValues, validatePostValues } from '../../src/posts/flows/post-form.ts';
import { decodePostMeta, encodePostMeta } from '../../src/posts/render/post-meta.ts';
import { POST_FIELDS, renderPostModal, renderPostProgress } from '../../src/posts/render/post-modal.ts';
import { renderPostConfirmation, renderPostFailure } from '../../src/posts/render/post-result.ts';
import { validateBlocks, validateView } from '../../src/slack-standin/block-kit.ts';
import type { DataSourceRow } from '../../src/monitoring/api.ts';
import { POST_BODY_FIELDS } from '../fixtures/post-fields.ts';

describe('hashtags', () => {
  it('splits on commas and spaces, drops #, keeps the first spelling of duplicates', () => {
    expect(parseHashtags('#safety, line-3  #Safety,,shift_b')).toEqual({
      ok: true,
      tags: ['safety', 'line-3', 'shift_b'],
    });
  });
  it('accepts an empty field as no hashtags', () => {
    expect(parseHashtags('  ')).toEqual({ ok: true, tags: [] });
  });
  it('refuses punctuation inside a tag, naming it', () => {
    const parsed = parseHashtags('ok, bad!tag');
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.error).toContain('"bad!tag"');
  });
});

describe('post object', () => {
  it('holds only the contract’s allowed fields', () => {
    const post = buildPost(
      { content: ' hi ', title: ' T ', channelId: 'ch-1', hashtags: ['a'], skipNotifications: true },
      ['p.png'],
    );
    for (const key of Object.keys(post)) expect(POST_BODY_FIELDS).toContain(key);
    expect(post).toEqual({
      content: 'hi\n\nFiles: p.png',
      toChannelId: 'ch-1',
      title: 'T',
      hashtags: ['a'],
      skipNotifications: true,
    });
  });
  it('leaves optional fields out when empty', () => {
    expect(buildPost({ content: 'x', channelId: 'c', hashtags: [], skipNotifications: false })).toEqual({
      content: 'x',
      toChannelId: 'c',
    });
  });
  it('credits the person who shared, the author apart, and links the shared message', () => {
    expect(
      sharedContent({
        text: 'Pump 3 leaking',
        sharer: 'Ana Silva',
        author: 'Ben Okafor',
        permalink: 'https://s/p1',
      }),
    ).toBe('Pump 3 leaking\n\nShared from Slack by Ana Silva — message by Ben Okafor: https://s/p1');
  });
  it('names the person once when they share their own message (no separate author)', () => {
    expect(sharedContent({ text: 'Pump 3 leaking', sharer: 'Ana Silva', permalink: 'https://s/p1' })).toBe(
      'Pump 3 leaking\n\nShared from Slack by Ana Silva: https://s/p1',
    );
  });
  it('never presents the author as the sharer when the sharer is unknown', () => {
    expect(sharedContent({ text: 'x', sharer: null, author: 'Ben Okafor', permalink: null })).toBe(
      'x\n\nShared from Slack — message by Ben Okafor',
    );
  });
  it('reads naturally for a message without text, names or permalink', () => {
    expect(sharedContent({ text: ' ', sharer: 'Ana Silva', permalink: 'https://s/p1' })).toBe(
      'Shared from Slack by Ana Silva: https://s/p1',
    );
    expect(sharedContent({ text: '', sharer: null, author: null, permalink: null })).toBe(
      'Shared from Slack',
    );
  });
  it('names uploaded files plainly, also when the post has no text of its own', () => {
    const post = buildPost({ content: ' ', channelId: 'c', hashtags: [], skipNotifications: false }, [
      'a.png',
      'b.pdf',
    ]);
    expect(post.content).toBe('Files: a.png, b.pdf');
  });
});

describe('post form', () => {
  const state = (over: Record<string, unknown> = {}) => ({
    [POST_FIELDS.content]: { [POST_FIELDS.content]: { type: 'plain_text_input', value: 'Hello' } },
    [POST_FIELDS.title]: { [POST_FIELDS.title]: { type: 'plain_text_input', value: null } },
    [POST_FIELDS.channel]: {
      [POST_FIELDS.channel]: {
        type: 'external_select',
        selected_option: { value: 'ch-9', text: { type: 'plain_text', text: 'North (site feed)' } },
      },
    },
    [POST_FIELDS.hashtags]: { [POST_FIELDS.hashtags]: { type: 'plain_text_input', value: '#a b' } },
    [POST_FIELDS.options]: {
      [POST_FIELDS.options]: { type: 'checkboxes', selected_options: [{ value: 'skip_notifications' }] },
    },
    ...over,
  });

  it('reads a complete form into a draft', () => {
    const result = validatePostValues(readPostValues(state()));
    expect(result).toEqual({
      ok: true,
      draft: { content: 'Hello', channelId: 'ch-9', hashtags: ['a', 'b'], skipNotifications: true },
      fileIds: [],
    });
  });

  it('puts each problem on its own field', () => {
    const result = validatePostValues(
      readPostValues(
        state({
          [POST_FIELDS.content]: { [POST_FIELDS.content]: { type: 'plain_text_input', value: '   ' } },
          [POST_FIELDS.channel]: {
            [POST_FIELDS.channel]: { type: 'external_select', selected_option: null },
          },
          [POST_FIELDS.hashtags]: { [POST_FIELDS.hashtags]: { type: 'plain_text_input', value: 'x?y' } },
        }),
      ),
    );
    expect(result.ok).toBe(false);
    if (!result.ok)
      expect(Object.keys(result.errors).sort()).toEqual(
        [POST_FIELDS.channel, POST_FIELDS.content, POST_FIELDS.hashtags].sort(),
      );
  });

  it('uploads only files the form offered', () => {
    const values = readPostValues(
      state({
        [POST_FIELDS.files]: {
          [POST_FIELDS.files]: { type: 'checkboxes', selected_options: [{ value: 'F1' }, { value: 'F9' }] },
        },
      }),
    );
    const result = validatePostValues(values, ['F1', 'F2']);
    expect(result.ok && result.fileIds).toEqual(['F1']);
  });

  it("keeps what was typed when a block the form does not read is not an input's shape", () => {
    const values = readPostValues(state({ unrelated: { unrelated: { value: 42 } }, note: 'x' }));
    expect(values.content).toBe('Hello');
    expect(values.channel).toEqual({ value: 'ch-9', label: 'North (site feed)' });
  });

  it('keeps the chosen files', () => {
    const values = readPostValues(
      state({
        [POST_FIELDS.files]: {
          [POST_FIELDS.files]: { type: 'checkboxes', selected_options: [{ value: 'F1' }] },
        },
      }),
    );
    expect(values.selectedFileIds).toEqual(['F1']);
  });
});

describe('post modal', () => {
  const meta = {
    originChannel: 'C1',
    share: { channel: 'C1', ts: '1.2', permalink: 'https://x/p' },
    files: [
      { id: 'F1', name: 'photo.png', size: 5_000, usable: true },
      { id: 'F2', name: 'tiny.txt', size: 10, usable: false },
    ],
  };

  it('round-trips its metadata', () => {
    expect(decodePostMeta(encodePostMeta(meta))).toEqual(meta);
    expect(decodePostMeta('not json')).toEqual({ files: [] });
  });

  it('keeps metadata within 3,000 characters with long names', () => {
    const many = Array.from({ length: 30 }, (_, i) => ({
      id: `F${i}`,
      name: 'n'.repeat(500),
      size: 200,
      usable: true,
    }));
    expect(encodePostMeta({ files: many }).length).toBeLessThanOrEqual(3000);
  });

  it('renders valid Block Kit, re-shown with a banner and the typed values', () => {
    const view = renderPostModal({
      values: {
        content: '<!channel> hi',
        title: 'T',
        channel: { value: 'c', label: 'North' },
        hashtags: 'a',
        skipNotifications: true,
      },
      meta,
      banner: 'The platform said <no>',
    });
    expect(validateView(view)).toEqual([]);
    const json = JSON.stringify(view);
    expect(json).toContain('&lt;no&gt;');
    expect(json).toContain('tiny.txt');
    expect(validateView(renderPostProgress(meta, 2))).toEqual([]);
  });

  it('says so when a prefilled text had to be cut', () => {
    const view = renderPostModal({ values: { content: 'x'.repeat(3500) }, meta: { files: [] } });
    expect(validateView(view)).toEqual([]);
    expect(JSON.stringify(view.blocks)).toContain('was cut to fit');
  });

  it('renders valid confirmation and failure messages', () => {
    const ok = renderPostConfirmation(42, 'North <site>', [
      { slackFileId: 'F1', name: 'a.png', ok: true },
      {
        slackFileId: 'F2',
        name: 'b.png',
        ok: false,
        reason: 'b.png is 10 B',
        code: 'TOO_SMALL',
        retryable: false,
      },
    ]);
    expect(validateBlocks(ok.blocks, 'message')).toEqual([]);
    expect(ok.text).toContain('42');
    expect(validateBlocks(renderPostFailure('down', 'my text').blocks, 'message')).toEqual([]);
  });
});

describe('platform channels', () => {
  const row = (
    id: string,
    name: string,
    site: [string, string, string | null],
    channelId: string | null,
  ): DataSourceRow => ({
    id,
    name,
    validationStatus: 20,
    type: { id: '1', name: 'Meter' },
    site: { id: site[0], name: site[1], channelId: site[2] },
    applying: null,
    channelId,
    isShared: false,
  });

  it('lists each site and data source channel once, sites first', () => {
    const channels = channelsFromRows([
      row('1', 'Pump', ['s1', 'North', 'ch-n'], 'ch-pump'),
      row('2', 'Fan', ['s1', 'North', 'ch-n'], null),
      row('3', 'Press', ['s2', 'South', null], 'ch-press'),
    ]);
    expect(channels.map((c) => c.channelId)).toEqual(['ch-n', 'ch-press', 'ch-pump', 'ch-n']);
    expect(channels[0]).toEqual({ channelId: 'ch-n', label: 'North (site feed)', siteId: 's1' });
    expect(filterChannels(channels, 'pump north').map((c) => c.channelId)).toEqual(['ch-pump']);
  });

  it('finds a data source whose feed is its site’s by its own name, saying which feed, with its own option value', () => {
    const channels = channelsFromRows([
      row('1001', 'Main Energy Meter', ['101', 'Berlin Plant', '7101'], '7101'),
      row('1002', 'Gate Camera North', ['101', 'Berlin Plant', '7101'], null),
    ]);
    expect(channels).toEqual([
      { channelId: '7101', label: 'Berlin Plant (site feed)', siteId: '101' },
      {
        channelId: '7101',
        label: 'Gate Camera North — in the Berlin Plant site feed',
        siteId: '101',
        dataSourceId: '1002',
        value: '7101|source:1002',
      },
      {
        channelId: '7101',
        label: 'Main Energy Meter — in the Berlin Plant site feed',
        siteId: '101',
        dataSourceId: '1001',
        value: '7101|source:1001',
      },
    ]);
    expect(filterChannels(channels, 'energy').map((c) => c.label)).toEqual([
      'Main Energy Meter — in the Berlin Plant site feed',
    ]);
    // whichever option is picked, the post goes to the feed's channel
    expect(channelIdOfOption('7101|source:1001')).toBe('7101');
    expect(channelIdOfOption('7101')).toBe('7101');
  });
});
