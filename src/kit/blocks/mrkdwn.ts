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
  const chars = Array.from(text);
  if (chars.length <= max) return text;
  return chars.slice(0, Math.max(0, max - 1)).join('') + '…';
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
