/**
 * Slack sends slash-command text with `&`, `<` and `>` escaped as HTML entities (its mrkdwn control
 * characters). Commands read what the user typed, so the text is decoded once, before any listener sees it:
 * `/task new Valve <3 bar & rising` makes a task named exactly that (and it is escaped again when rendered).
 */
import { jobRunOf } from './jobs/slack-job.ts';

export function decodeSlackEntities(text: string): string {
  return text.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
}

function isSlashCommand(body: unknown): body is { command: string; text: string } {
  return (
    typeof body === 'object' &&
    body !== null &&
    typeof (body as { command?: unknown }).command === 'string' &&
    typeof (body as { text?: unknown }).text === 'string'
  );
}

/** Decodes a slash command's text in place, once, on receipt (../app.ts's first middleware calls it). */
export function decodeCommandText(body: unknown, context: Record<string, unknown>): void {
  // Bolt hands listeners this same object as `command`. A job carries the body already decoded.
  if (isSlashCommand(body) && !jobRunOf(context)) body.text = decodeSlackEntities(body.text);
}
