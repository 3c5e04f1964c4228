/**
 * app.error: every error a listener throws (or rejects with) ends here — logged with a reference id and
 * reported to the user who triggered it (see errors.ts). The request itself was acked already.
 */
import type { App } from '@slack/bolt';
import { z } from 'zod';
import type { Logger } from '../base/log.ts';
import { reportError, type ErrorTarget } from './errors.ts';

const id = z.string().min(1).optional().catch(undefined);
const withId = z
  .looseObject({ id: z.string().min(1) })
  .optional()
  .catch(undefined);

/** Needs the App built with `extendedErrorHandler: true` (createSlackApp does). */
export function installErrorHandler(app: App, log: Logger): void {
  app.error(async ({ error, body }: { error: Error; body: unknown }) => {
    const { kind, ...target } = errorTargetFrom(body, app.client);
    await reportError({ log }, target, error, { kind });
  });
}

/** The parts of any Slack payload that say who acted where (commands, interactivity, events). */
const payloadShape = z.looseObject({
  type: z.string().optional().catch(undefined),
  command: id,
  user_id: id,
  channel_id: id,
  response_url: id,
  user: withId,
  channel: withId,
  response_urls: z
    .array(z.looseObject({ response_url: z.string() }))
    .optional()
    .catch(undefined),
  container: z.looseObject({ thread_ts: id }).optional().catch(undefined),
  message: z.looseObject({ ts: id, thread_ts: id }).optional().catch(undefined),
  event: z.looseObject({ type: id, user: id, channel: id, thread_ts: id }).optional().catch(undefined),
});

export function errorTargetFrom(
  body: unknown,
  client: ErrorTarget['client'],
): ErrorTarget & { kind?: string } {
  const parsed = payloadShape.safeParse(body);
  if (!parsed.success) return { client };
  const p = parsed.data;
  return {
    client,
    kind: p.command ?? p.event?.type ?? p.type,
    user: p.user_id ?? p.user?.id ?? p.event?.user,
    channel: p.channel_id ?? p.channel?.id ?? p.event?.channel,
    responseUrl: p.response_url ?? p.response_urls?.[0]?.response_url,
    threadTs: p.container?.thread_ts ?? p.message?.thread_ts ?? p.event?.thread_ts,
  };
}
