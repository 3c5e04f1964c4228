/**
 * A short note for `respond()`: only the person who clicked or ran the shortcut sees it, and it is added below
 * the message they acted on instead of replacing it. The text is ready mrkdwn (escaped by the caller).
 */
export function ephemeralNote(text: string) {
  return { response_type: 'ephemeral' as const, replace_original: false, text };
}
