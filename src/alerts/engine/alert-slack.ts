/**
 * The only Slack writes the relay makes, over a WebClient built with `rejectRateLimitedCalls: true`: a 429
 * surfaces at once as a rate-limit error so that the relay's own per-channel queue pauses that channel only
 * (WebClient would otherwise sleep inside the call and hold every channel behind it).
 */
import { ErrorCode, WebClient, type WebClientOptions } from '@slack/web-api';
import { slackLogger, type Logger } from '../../base/log.ts';
import type { RenderedMessage } from '../render/alert-message.ts';
import { guardBlockLimits } from '../../kit/blocks/guard-client.ts';
import { slackFetch } from '../../kit/slack-fetch.ts';

export interface AlertSlack {
  /** Posts and returns the message ts. */
  post(channel: string, msg: RenderedMessage, threadTs?: string): Promise<string>;
  update(channel: string, ts: string, msg: RenderedMessage): Promise<void>;
  join(channel: string): Promise<void>;
}

export type SlackFailure =
  | { kind: 'rate_limited'; retryAfterMs: number }
  | { kind: 'platform'; error: string }
  | { kind: 'other'; message: string };

function field(err: unknown, name: string): unknown {
  return typeof err === 'object' && err !== null && name in err
    ? (Reflect.get(err, name) as unknown)
    : undefined;
}

/** Maps WebClient errors (coded, see @slack/web-api ErrorCode) to what the queue needs to decide. */
export function classifySlackError(err: unknown): SlackFailure {
  const code = field(err, 'code');
  if (code === ErrorCode.RateLimitedError) {
    const seconds = field(err, 'retryAfter');
    return {
      kind: 'rate_limited',
      retryAfterMs: (typeof seconds === 'number' && seconds > 0 ? seconds : 1) * 1000,
    };
  }
  if (code === ErrorCode.PlatformError) {
    const data = field(err, 'data');
    const error = field(data, 'error');
    return { kind: 'platform', error: typeof error === 'string' ? error : 'unknown_error' };
  }
  return { kind: 'other', message: err instanceof Error ? err.message : String(err) };
}

export function createAlertWebClient(opts: {
  token: string;
  apiUrl?: string;
  log: Logger;
  options?: WebClientOptions;
}): WebClient {
  // Relay messages within Slack's block limits like every other send (kit/blocks/guard-client.ts).
  return guardBlockLimits(
    new WebClient(opts.token, {
      slackApiUrl: opts.apiUrl,
      logger: slackLogger(opts.log.child({ module: 'alert-slack' })),
      rejectRateLimitedCalls: true,
      // Transport failures are retried by the relay's queue (the item stays at the head), not inside the call.
      retryConfig: { retries: 0 },
      fetch: slackFetch,
      ...opts.options,
    }),
  );
}

export function alertSlack(client: WebClient): AlertSlack {
  return {
    async post(channel, msg, threadTs) {
      const res = await client.chat.postMessage({
        channel,
        text: msg.text,
        blocks: msg.blocks,
        ...(threadTs ? { thread_ts: threadTs } : {}),
        unfurl_links: false,
        unfurl_media: false,
      });
      if (typeof res.ts !== 'string') throw new Error('chat.postMessage answered without a ts');
      return res.ts;
    },
    async update(channel, ts, msg) {
      await client.chat.update({ channel, ts, text: msg.text, blocks: msg.blocks });
    },
    async join(channel) {
      await client.conversations.join({ channel });
    },
  };
}
