/**
 * The JSON text an interactivity body was parsed from, kept with the body so a job records it without encoding it
 * again (~14 µs and as much garbage per 4.5 KB submission on the acking thread; issue 18). It rides under a symbol
 * that is not enumerable, so no spread, key list or JSON.stringify sees it. Only for bodies nothing changes after
 * parsing (./command-text.ts edits slash commands, which are form fields with no text).
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
