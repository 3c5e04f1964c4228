/**
 * Reads the submitted post modal (pure): the form values as typed, then either a draft for the service or the
 * errors to show on the exact fields (view_submission `response_action: errors`).
 */
import { parseHashtags } from '../rules/hashtags.ts';
import { channelIdOfOption } from '../rules/feed-option.ts';
import type { PostDraft } from '../rules/post-draft.ts';
import {
  CONTENT_MAX,
  POST_FIELDS,
  SKIP_NOTIFICATIONS,
  TITLE_MAX,
  type PostFormValues,
} from '../render/post-modal.ts';
import { formValues, inputOf } from '../../kit/blocks/view-state.ts';

/** The post modal's own inputs: other blocks in the state are neither read nor copied. */
const postValues = formValues(Object.values(POST_FIELDS));

/** Everything the person entered, kept verbatim so a re-shown form loses nothing. */
export function readPostValues(raw: unknown): PostFormValues {
  const parsed = postValues.safeParse(raw);
  if (!parsed.success) return {};
  const v = parsed.data;
  const channel = inputOf(v, POST_FIELDS.channel)?.selected_option;
  const options = inputOf(v, POST_FIELDS.options)?.selected_options ?? [];
  const files = inputOf(v, POST_FIELDS.files)?.selected_options;
  const out: PostFormValues = {
    content: inputOf(v, POST_FIELDS.content)?.value ?? '',
    title: inputOf(v, POST_FIELDS.title)?.value ?? '',
    hashtags: inputOf(v, POST_FIELDS.hashtags)?.value ?? '',
    skipNotifications: options.some((o) => o.value === SKIP_NOTIFICATIONS),
  };
  if (channel) out.channel = { value: channel.value, label: channel.text?.text ?? channel.value };
  if (files) out.selectedFileIds = files.map((o) => o.value);
  else if (v[POST_FIELDS.files]) out.selectedFileIds = [];
  return out;
}

export type PostFormResult =
  { ok: true; draft: PostDraft; fileIds: string[] } | { ok: false; errors: Record<string, string> };

/** `offeredFileIds`: the files the form offered; nothing else is ever uploaded. */
export function validatePostValues(
  values: PostFormValues,
  offeredFileIds: readonly string[] = [],
): PostFormResult {
  const errors: Record<string, string> = {};
  const content = (values.content ?? '').trim();
  if (content === '') errors[POST_FIELDS.content] = 'Write something to post.';
  else if (content.length > CONTENT_MAX)
    errors[POST_FIELDS.content] = `Keep the post under ${CONTENT_MAX} characters.`;
  const title = (values.title ?? '').trim();
  if (title.length > TITLE_MAX) errors[POST_FIELDS.title] = `Keep the title under ${TITLE_MAX} characters.`;
  if (!values.channel) errors[POST_FIELDS.channel] = 'Choose the platform channel to post in.';
  const tags = parseHashtags(values.hashtags);
  if (!tags.ok) errors[POST_FIELDS.hashtags] = tags.error;
  if (Object.keys(errors).length > 0 || !values.channel || !tags.ok) return { ok: false, errors };
  return {
    ok: true,
    draft: {
      content,
      ...(title ? { title } : {}),
      channelId: channelIdOfOption(values.channel.value),
      hashtags: tags.tags,
      skipNotifications: values.skipNotifications === true,
    },
    fileIds: (values.selectedFileIds ?? []).filter((id) => offeredFileIds.includes(id)),
  };
}
