/**
 * Where an interaction came from, read from its untyped payload (a button's, a shortcut's, an event's): the person,
 * the conversation (`channel`, or the message container's), and the response_url when Slack gave one. Used where a
 * note must reach the person before any listener has typed the body (the access gate's refusal, a busy queue).
 */
export interface RequestPlace {
  user?: string;
  channel?: string;
  responseUrl?: string;
}

type Json = Record<string, unknown>;
const rec = (v: unknown): Json => (v && typeof v === 'object' ? (v as Json) : {});
const str = (v: unknown) => (typeof v === 'string' && v !== '' ? v : undefined);

export function placeOf(body: unknown): RequestPlace {
  const b = rec(body);
  const user = str(rec(b.user).id) ?? str(rec(b.event).user);
  const channel = str(rec(b.channel).id) ?? str(rec(b.container).channel_id);
  const responseUrl = str(b.response_url);
  return {
    ...(user ? { user } : {}),
    ...(channel ? { channel } : {}),
    ...(responseUrl ? { responseUrl } : {}),
  };
}
