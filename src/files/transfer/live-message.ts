/**
 * One Slack message updated in place (the upload progress): posted once, then chat.update. Updates are applied
 * in order and a stale one is skipped when a newer one is already waiting, so a burst of progress costs few calls.
 */
import type { KnownBlock } from '@slack/types';
import type { WebClient } from '@slack/web-api';
import type { Logger } from '../../base/log.ts';

export interface LiveContent {
  text: string;
  blocks: KnownBlock[];
}

export class LiveMessage {
  private chain: Promise<void> = Promise.resolve();
  private latest: LiveContent | null = null;

  private constructor(
    private readonly client: WebClient,
    private readonly log: Logger,
    readonly channel: string,
    readonly ts: string,
  ) {}

  /** Continue an existing message (e.g. the one holding a Retry button). */
  static existing(client: WebClient, log: Logger, channel: string, ts: string): LiveMessage {
    return new LiveMessage(client, log, channel, ts);
  }

  /** Posts in the thread of the message the files came from; where fieldline may not post, as a DM instead. */
  static async start(
    client: WebClient,
    log: Logger,
    where: { channel: string; threadTs?: string; user: string },
    first: LiveContent,
  ): Promise<LiveMessage> {
    try {
      const res = await client.chat.postMessage({
        channel: where.channel,
        ...(where.threadTs ? { thread_ts: where.threadTs } : {}),
        ...first,
      });
      if (res.ts && res.channel) return new LiveMessage(client, log, res.channel, res.ts);
    } catch (err) {
      log.debug({ err }, 'progress message not posted in the channel; using a DM');
    }
    const dm = await client.chat.postMessage({ channel: where.user, ...first });
    return new LiveMessage(client, log, dm.channel ?? where.user, dm.ts ?? '');
  }

  /** Queues an update; skipped if a newer one arrives before its turn. */
  update(content: LiveContent): void {
    this.latest = content;
    this.chain = this.chain.then(async () => {
      if (this.latest !== content) return;
      await this.send(content);
    });
  }

  /** Waits for queued updates, then shows `content` (always sent). */
  async finish(content: LiveContent): Promise<void> {
    this.latest = content;
    await this.chain;
    await this.send(content);
  }

  private async send(content: LiveContent): Promise<void> {
    try {
      await this.client.chat.update({ channel: this.channel, ts: this.ts, ...content });
    } catch (err) {
      this.log.warn({ err }, 'progress message not updated');
    }
  }
}
