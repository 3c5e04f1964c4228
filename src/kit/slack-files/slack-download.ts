/**
 * Downloads a Slack file (`url_private`) with the bot token — and only from Slack's file host. Redirects are
 * handled by hand: a hop to another allowed Slack origin is followed, anything else stops before the token
 * could travel there (brief: "the Slack bot token only to Slack").
 */
import { request, type Dispatcher } from 'undici';
import { FileTransferError } from './transfer-error.ts';
import { readBody } from './read-body.ts';

const MAX_HOPS = 3;

/** Origins that may receive the bot token: the configured Slack API's origin and Slack's file host. */
export function allowedSlackOrigins(slackApiUrl: string): string[] {
  const origins = new Set<string>(['https://files.slack.com']);
  try {
    origins.add(new URL(slackApiUrl).origin);
  } catch {
    // a malformed URL adds nothing; config.ts already refuses one at startup
  }
  return [...origins];
}

export function isAllowedOrigin(url: string, allowed: readonly string[]): boolean {
  try {
    return allowed.includes(new URL(url).origin);
  } catch {
    return false;
  }
}

export interface SlackDownloadOptions {
  token: string;
  allowedOrigins: readonly string[];
  /** Expected byte count (files.info `size`): the buffer is allocated once at this size. */
  expectedBytes: number;
  /** Refuse bodies longer than this (never buffer past the contract's limit). */
  maxBytes: number;
  dispatcher?: Dispatcher;
  signal?: AbortSignal;
}

/** The file's bytes. Throws FileTransferError (NOT_SLACK_HOST, REDIRECT_BLOCKED, DOWNLOAD_FAILED, TOO_LARGE). */
export async function downloadSlackFile(
  url: string,
  name: string,
  opts: SlackDownloadOptions,
): Promise<Buffer> {
  let current = url;
  for (let hop = 0; hop <= MAX_HOPS; hop++) {
    if (!isAllowedOrigin(current, opts.allowedOrigins)) {
      throw hop === 0
        ? new FileTransferError(
            'NOT_SLACK_HOST',
            `${name} is not stored on Slack's file host, so it was not downloaded.`,
          )
        : new FileTransferError(
            'REDIRECT_BLOCKED',
            `Slack redirected the download of ${name} to another host; stopped there.`,
          );
    }
    const res = await request(current, {
      method: 'GET',
      headers: { authorization: `Bearer ${opts.token}` },
      ...(opts.dispatcher ? { dispatcher: opts.dispatcher } : {}),
      ...(opts.signal ? { signal: opts.signal } : {}),
    }).catch((cause: unknown) => {
      throw new FileTransferError('DOWNLOAD_FAILED', `Could not reach Slack to download ${name}.`, { cause });
    });
    if (res.statusCode >= 300 && res.statusCode < 400) {
      await res.body.dump();
      const location = res.headers.location;
      if (typeof location !== 'string') break;
      try {
        current = new URL(location, current).toString();
      } catch {
        // A Location that is not a URL goes nowhere: the token is never sent on.
        throw new FileTransferError(
          'REDIRECT_BLOCKED',
          `Slack redirected the download of ${name} nowhere; stopped there.`,
        );
      }
      continue;
    }
    if (res.statusCode !== 200) {
      await res.body.dump();
      throw new FileTransferError('DOWNLOAD_FAILED', `Slack answered ${res.statusCode} for ${name}.`);
    }
    return readBody(res.body, name, opts.expectedBytes, opts.maxBytes);
  }
  throw new FileTransferError('DOWNLOAD_FAILED', `Slack sent too many redirects for ${name}.`);
}
