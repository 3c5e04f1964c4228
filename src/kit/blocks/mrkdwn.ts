/**
 * Text safety for Block Kit. Platform text is untrusted: escape `&`, `<`, `>` so that a task named
 * `<!channel>` renders literally and pings nobody (Slack: "Escaping text").
 */
export function escapeMrkdwn(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** Cuts text to at most `max` characters (code points kept whole), ending with an ellipsis when cut. */
export function truncate(text: string, max: number): string {
  if (text.length <= max) return text;
  // Within `max` UTF-16 units (how the limit is counted), never splitting a surrogate pair, plus the ellipsis.
  let out = '';
  for (const char of text) {
    if (out.length + char.length > max - 1) break;
    out += char;
  }
  return out + '…';
}

/** Escaped and cut to fit a limit; the cut happens before escaping grows the text past the limit. */
export function safeText(text: string, max: number): string {
  let budget = max;
  for (;;) {
    const out = escapeMrkdwn(truncate(text, budget));
    if (out.length <= max || budget <= 1) return out;
    budget -= out.length - max;
  }
}

/** Slack's viewer-local date formatting: `<!date^epoch^{date_short_pretty} {time}|fallback>`. */
export function slackDate(epochMs: number, format: string, fallback: string): string {
  return `<!date^${Math.floor(epochMs / 1000)}^${format}|${escapeMrkdwn(fallback)}>`;
}

// Slack has no escape for formatting characters. `*` and backtick become lookalikes (so a name stays whole inside
// a caller's *bold*); `_` and `~` get zero-width spaces on both sides, so they can neither open nor close.
const FORMATTING: Record<string, string> = { '*': '∗', '`': 'ˋ', _: '\u200B_\u200B', '~': '\u200B~\u200B' };

/** Formatting characters (`*`, `_`, `~`, backtick) shown as typed instead of making bold, italic, strike or code. */
export function neutraliseFormatting(text: string): string {
  // `_` and `~` between two letters or digits (file_name.csv) cannot format, so they are left as they are
  return text.replace(/[*`_~]/g, (c, at: number) =>
    (c === '_' || c === '~') && WORD.test(text[at - 1] ?? '') && WORD.test(text[at + 1] ?? '')
      ? c
      : (FORMATTING[c] ?? c),
  );
}
const WORD = /^[\p{L}\p{N}]$/u;

/**
 * The one way to show a name or title (task, site, data source, person, file) in mrkdwn: cut to `max`, escaped
 * (`&`, `<`, `>`), and its formatting characters neutralised, so `*bold* pump` shows its asterisks.
 */
export function safeName(text: string, max: number): string {
  let budget = max;
  for (;;) {
    const out = neutraliseFormatting(escapeMrkdwn(truncate(text, budget)));
    if (out.length <= max || budget <= 1) return out;
    budget -= out.length - max;
  }
}
