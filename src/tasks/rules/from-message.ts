/**
 * Pure helpers for "Create task from message": a title from the first line, a description, and the message a
 * task was made from read back from that description. (The message's files: slack/shortcut-task-from-message.ts.)
 */

export const TITLE_MAX = 80;

/** Slack markup → readable text: <@U1> → @U1, <url|label> → label, <#C1|name> → #name, &amp; → &. */
export function plainFromSlack(text: string): string {
  return text
    .replace(/<([@#!])([^>|]+)\|([^>]*)>/g, (_m, sigil: string, _id: string, label: string) =>
      sigil === '!' ? `@${label}` : `${sigil}${label}`,
    )
    .replace(/<([@#])([^>|]+)>/g, (_m, sigil: string, id: string) => `${sigil}${id}`)
    .replace(/<!([^>|]+)>/g, (_m, word: string) => `@${word}`)
    .replace(/<([^>|]+)\|([^>]*)>/g, (_m, _url: string, label: string) => label)
    .replace(/<([^>]+)>/g, (_m, url: string) => url)
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

/** The first non-empty line, cut at a word boundary to at most `max` characters (ellipsis when cut). */
export function titleFromText(text: string, max = TITLE_MAX): string {
  const line =
    plainFromSlack(text)
      .split('\n')
      .map((l) =>
        l
          // A leading `>` is a quote marker; any other `>` is the user's own text ("pressure > 2 bar").
          .replace(/^(\s*>)+/, ' ')
          .replace(/[*_~`]+/g, ' ')
          .replace(/\s+/g, ' ')
          .trim(),
      )
      .find((l) => l !== '') ?? '';
  const chars = Array.from(line);
  if (chars.length <= max) return line;
  const cut = chars.slice(0, max - 1).join('');
  const space = cut.lastIndexOf(' ');
  return `${(space >= max / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

export function descriptionFromMessage(parts: {
  text: string;
  permalink: string | null;
  author: string | null;
}): string {
  const lines = [plainFromSlack(parts.text).trim()];
  const from = [
    parts.author ? `From ${parts.author}` : null,
    parts.permalink ? `in Slack: ${parts.permalink}` : null,
  ].filter(Boolean);
  if (from.length > 0) lines.push('', `— ${from.join(' ')}`);
  // The permalink must survive the description's 3000-character limit: the text is cut, not the source line.
  const tail = lines.slice(1).join('\n');
  const budget = 3000 - tail.length - 2;
  const head = Array.from(lines[0] ?? '');
  const body = head.length > budget ? `${head.slice(0, budget - 1).join('')}…` : (lines[0] ?? '');
  return tail ? `${body}\n${tail}` : body;
}

/**
 * The Slack message a task was made from, read back from the line `descriptionFromMessage` ends its description
 * with (`— From … in Slack: <permalink>`); null when that line is not there (another task, or it was edited away).
 */
export function messageOrigin(
  description: string | null | undefined,
): { channel: string; ts: string } | null {
  const last = description?.trimEnd().split('\n').at(-1) ?? '';
  const found = /^— (?:From .+ )?in Slack: \S*\/archives\/([A-Z0-9]+)\/p(\d+)(\d{6})(?:[?#]\S*)?$/.exec(last);
  return found?.[1] && found[2] && found[3] ? { channel: found[1], ts: `${found[2]}.${found[3]}` } : null;
}
