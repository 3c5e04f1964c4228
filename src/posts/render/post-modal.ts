/**
 * The feed post modal (pure): content, title, platform channel, hashtags, "don't notify followers", and the
 * files of a shared message. Re-rendered with everything the person typed when the platform refuses a post.
 */
import type { KnownBlock, ModalView, PlainTextOption } from '@slack/types';
import { formatBytes } from '../../kit/slack-files/size-rule.ts';
import { safeText, truncate } from '../../kit/blocks/mrkdwn.ts';
import { encodePostMeta, type PostMeta, type PostMetaFile } from './post-meta.ts';
import { plain } from '../../kit/blocks/text-blocks.ts';

export const POST_CALLBACK_ID = 'post_create';
/** block_id and action_id of every input (the same string, so errors land on the field). */
export const POST_FIELDS = {
  content: 'post_content',
  title: 'post_title',
  channel: 'post_channel',
  hashtags: 'post_hashtags',
  options: 'post_options',
  files: 'post_files',
} as const;
export const SKIP_NOTIFICATIONS = 'skip_notifications';
export const CONTENT_MAX = 3000;
export const TITLE_MAX = 150;

export interface PostFormValues {
  content?: string;
  title?: string;
  /** The chosen platform channel as the picker showed it. */
  channel?: { value: string; label: string };
  hashtags?: string;
  skipNotifications?: boolean;
  /** Slack file ids ticked (default: every file that fits the size rule). */
  selectedFileIds?: string[];
}

export interface PostModalInput {
  values: PostFormValues;
  meta: PostMeta;
  /** Shown above the form, e.g. why the platform refused the last attempt. */
  banner?: string;
}

export function channelOption(value: string, label: string): PlainTextOption {
  return { text: plain(label), value };
}

function fileOption(f: PostMetaFile): PlainTextOption {
  return { text: plain(f.name), value: f.id, description: plain(formatBytes(f.size)) };
}

function fileBlocks(meta: PostMeta, values: PostFormValues): KnownBlock[] {
  const usable = meta.files.filter((f) => f.usable);
  const unusable = meta.files.filter((f) => !f.usable);
  const blocks: KnownBlock[] = [];
  if (usable.length > 0) {
    const selected = values.selectedFileIds ?? usable.map((f) => f.id);
    const initial = usable.filter((f) => selected.includes(f.id)).map(fileOption);
    blocks.push({
      type: 'input',
      block_id: POST_FIELDS.files,
      optional: true,
      label: plain('Include files from the message'),
      hint: plain('Uploaded to the platform and named in the post.', 150),
      element: {
        type: 'checkboxes',
        action_id: POST_FIELDS.files,
        options: usable.map(fileOption),
        ...(initial.length > 0 ? { initial_options: initial } : {}),
      },
    });
  }
  if (unusable.length > 0) {
    const names = unusable.map((f) => `${f.name} (${formatBytes(f.size)})`).join(', ');
    blocks.push({
      type: 'context',
      elements: [
        {
          type: 'mrkdwn',
          text: safeText(`Not included — the platform takes files from 100 B to 100 MB: ${names}`, 2000),
        },
      ],
    });
  }
  return blocks;
}

export function renderPostModal(input: PostModalInput): ModalView {
  const { values, meta } = input;
  const blocks: KnownBlock[] = [];
  const cut = (values.content ?? '').length > CONTENT_MAX;
  const banner = [
    input.banner,
    cut ? `The text was longer than ${CONTENT_MAX} characters and was cut to fit.` : '',
  ]
    .filter(Boolean)
    .join(' ');
  if (banner) {
    blocks.push({ type: 'section', text: { type: 'mrkdwn', text: `:warning: ${safeText(banner, 2900)}` } });
  }
  blocks.push(
    {
      type: 'input',
      block_id: POST_FIELDS.content,
      label: plain('Post'),
      element: {
        type: 'plain_text_input',
        action_id: POST_FIELDS.content,
        multiline: true,
        max_length: CONTENT_MAX,
        ...(values.content ? { initial_value: truncate(values.content, CONTENT_MAX) } : {}),
      },
    },
    {
      type: 'input',
      block_id: POST_FIELDS.title,
      optional: true,
      label: plain('Title'),
      element: {
        type: 'plain_text_input',
        action_id: POST_FIELDS.title,
        max_length: TITLE_MAX,
        ...(values.title ? { initial_value: truncate(values.title, TITLE_MAX) } : {}),
      },
    },
    {
      type: 'input',
      block_id: POST_FIELDS.channel,
      label: plain('Platform channel'),
      hint: plain('The feed of a site or of a data source: search by either name.', 150),
      element: {
        type: 'external_select',
        action_id: POST_FIELDS.channel,
        min_query_length: 0,
        placeholder: plain('Search sites and data sources'),
        ...(values.channel
          ? { initial_option: channelOption(values.channel.value, values.channel.label) }
          : {}),
      },
    },
    {
      type: 'input',
      block_id: POST_FIELDS.hashtags,
      optional: true,
      label: plain('Hashtags'),
      element: {
        type: 'plain_text_input',
        action_id: POST_FIELDS.hashtags,
        placeholder: plain('e.g. safety, line-3'),
        ...(values.hashtags ? { initial_value: truncate(values.hashtags, 3000) } : {}),
      },
    },
    {
      type: 'input',
      block_id: POST_FIELDS.options,
      optional: true,
      label: plain('Notifications'),
      element: {
        type: 'checkboxes',
        action_id: POST_FIELDS.options,
        options: [{ text: plain("Don't notify followers"), value: SKIP_NOTIFICATIONS }],
        ...(values.skipNotifications
          ? { initial_options: [{ text: plain("Don't notify followers"), value: SKIP_NOTIFICATIONS }] }
          : {}),
      },
    },
    ...fileBlocks(meta, values),
  );
  return {
    type: 'modal',
    callback_id: POST_CALLBACK_ID,
    title: plain('Post to the feed', 24),
    submit: plain('Post', 24),
    close: plain('Cancel', 24),
    private_metadata: encodePostMeta(meta),
    blocks,
  };
}

/** While the post (and its files) are on their way. */
export function renderPostProgress(meta: PostMeta, fileCount: number): ModalView {
  const files = fileCount > 0 ? ` and uploading ${fileCount} file${fileCount === 1 ? '' : 's'}` : '';
  return {
    type: 'modal',
    callback_id: POST_CALLBACK_ID,
    title: plain('Post to the feed', 24),
    close: plain('Close', 24),
    private_metadata: encodePostMeta(meta),
    blocks: [
      {
        type: 'section',
        text: { type: 'mrkdwn', text: `:hourglass_flowing_sand: Posting to the feed${files}…` },
      },
    ],
  };
}

/** The outcome, in the modal: the same text as the confirmation message. */
export function renderPostDone(blocks: KnownBlock[]): ModalView {
  return {
    type: 'modal',
    callback_id: `${POST_CALLBACK_ID}_done`,
    title: plain('Post to the feed', 24),
    close: plain('Done', 24),
    blocks,
  };
}
