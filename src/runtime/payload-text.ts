/**
 * The JSON text an interactivity body was parsed from, kept with the body (issue 18: less CPU per ack). A request
 * accepted as a job carries its body as JSON text (./jobs/slack-job.ts); for a view submission that text is several KB
 * the receiver has just decoded, and writing it again with JSON.stringify cost the acking thread ~14 µs per 4.5 KB
 * (in-process) and as much garbage. The text rides on the body under a symbol that is not enumerable, so no spread, key list
 * or JSON.stringify sees it.
 *
 * Only for bodies nothing changes after parsing: interactivity payloads reach listeners as Slack sent them (the one
 * middleware that edits a body, ./command-text.ts, edits slash commands, which are form fields and have no text).
 */
const TEXT = Symbol('fieldline.payloadText');

export function keepPayloadText(body: object, text: string): void {
  Object.defineProperty(body, TEXT, { value: text });
}

/** The body as JSON: the text it was parsed from when the receiver kept it, else serialized now. */
export function bodyJson(body: object): string {
  const text = (body as { [TEXT]?: unknown })[TEXT];
  return typeof text === 'string' ? text : JSON.stringify(body);
}
