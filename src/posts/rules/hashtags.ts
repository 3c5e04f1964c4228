/** Hashtags typed in the post modal: comma or space separated, `#` optional → the contract's `hashtags: string[]`. */
export const MAX_HASHTAGS = 20;
export const MAX_HASHTAG_LENGTH = 50;

const TAG = /^[\p{L}\p{N}_-]+$/u;

export type HashtagParse = { ok: true; tags: string[] } | { ok: false; error: string };

export function parseHashtags(text: string | null | undefined): HashtagParse {
  const tags: string[] = [];
  const seen = new Set<string>();
  for (const part of (text ?? '').split(/[\s,]+/)) {
    const tag = part.replace(/^#+/, '');
    if (tag === '') continue;
    if (!TAG.test(tag))
      return { ok: false, error: `"${part}" is not a hashtag: use letters, digits, _ and - only.` };
    if (tag.length > MAX_HASHTAG_LENGTH)
      return { ok: false, error: `"${part}" is longer than ${MAX_HASHTAG_LENGTH} characters.` };
    const key = tag.toLowerCase();
    if (seen.has(key)) continue;
    seen.add(key);
    tags.push(tag);
  }
  if (tags.length > MAX_HASHTAGS)
    return { ok: false, error: `At most ${MAX_HASHTAGS} hashtags, please (got ${tags.length}).` };
  return { ok: true, tags };
}
