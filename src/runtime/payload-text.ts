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

/**
 * The body as JSON: the text it was parsed from when the receiver kept it, else serialized now. Slack's
 * verification token is blanked: requests are verified by their signature, and a queued job must carry nothing
 * that grants more than its own work (issue 37).
 */
export function bodyJson(body: object): string {
  const text = (body as { [TEXT]?: unknown })[TEXT];
  const json = typeof text === 'string' ? text : JSON.stringify(body);
  const token = (body as { token?: unknown }).token;
  return typeof token === 'string' && token !== ''
    ? json.replaceAll(`"token":${JSON.stringify(token)}`, '"token":""')
    : json;
}
