/**
 * A Bolt receiver for Socket Mode that keeps several connections open (default 2; Slack allows up to 10 per app
 * and spreads envelopes over the open ones), all dispatching to the one App. Slack refreshes each connection
 * every few hours (`disconnect`, `refresh_requested`); with @slack/socket-mode 3.1.0 alone that left the app with
 * no live link for 9–11 s and slash commands sent meanwhile failed with `dispatch_failed`. Here the other
 * connections keep taking envelopes, and the one asked to go is replaced at once (socket-link.ts: it opens the
 * replacement before closing, after its envelopes are acked). A connection that drops for any other reason (pong
 * watchdog, network) is replaced too, retrying with a growing delay while Slack cannot be reached.
 */
import { defaultProcessEventErrorHandler, type App, type Receiver, type ReceiverEvent } from '@slack/bolt';
import type { Logger as SlackLogger } from '@slack/logger';
import type { WebClientOptions } from '@slack/web-api';
import type { Logger } from 'pino';
import { observeAck, socketLinksOpen, socketReconnects } from '../base/metrics.ts';
import { SocketLink } from './socket-link.ts';

export interface SocketPoolOptions {
  appToken: string;
  /** Connections kept open, 2–10 (default 2). */
  connections?: number;
  /** For @slack/socket-mode and Bolt's error handler. */
  slackLogger: SlackLogger;
  /** For the pool's own lines. */
  log: Logger;
  /** Where apps.connections.open is called (slackApiUrl) and its retry policy. */
  clientOptions?: WebClientOptions;
  /** Wait before the n-th (0-based) attempt to replace a connection that could not be opened. */
  retryDelayMs?: (attempt: number) => number;
  /** The ack that refuses an envelope before the App sees it (a full job queue: ./jobs/door.ts), if any. */
  refusal?(body: Record<string, unknown>): object | undefined;
}

interface SlackEventArgs {
  ack: (response?: Record<string, unknown>) => Promise<void>;
  envelope_id: string;
  body: Record<string, unknown>;
  retry_num?: number;
  retry_reason?: string;
}

const defaultRetryDelay = (attempt: number) => Math.min(1_000 * 2 ** attempt, 30_000);
/** How long stop() waits for a connection's close handshake. */
const CLOSE_WAIT_MS = 2_000;
/** A connection that has not said `hello` by then counts as failed (and is retried), so none hangs for good. */
const OPEN_TIMEOUT_MS = 15_000;

function withTimeout<T>(run: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} took over ${ms} ms`)), ms);
  });
  return Promise.race([run, timeout]).finally(() => clearTimeout(timer));
}

export class SocketPoolReceiver implements Receiver {
  private app: App | undefined;
  private readonly links = new Set<SocketLink>();
  private stopping = false;
  private readonly size: number;
  private readonly retryTimers = new Set<NodeJS.Timeout>();

  constructor(private readonly opts: SocketPoolOptions) {
    const size = opts.connections ?? 2;
    if (!Number.isInteger(size) || size < 2 || size > 10)
      throw new Error('Socket Mode connections: from 2 to 10 (Slack allows 10 per app)');
    this.size = size;
  }

  init(app: App): void {
    this.app = app;
  }

  /** Connections open and taking envelopes (not asked to go). */
  live(): number {
    return [...this.links].filter((link) => !link.askedToGo && link.websocket?.isActive() === true).length;
  }

  /** Resolves once every connection is open; a first connection that cannot open is a start-up failure. */
  async start(): Promise<void> {
    this.stopping = false;
    await Promise.all(Array.from({ length: this.size }, () => this.open()));
    this.opts.log.info({ connections: this.size }, 'socket mode connections open');
  }

  async stop(): Promise<void> {
    this.stopping = true;
    for (const timer of this.retryTimers) clearTimeout(timer);
    this.retryTimers.clear();
    const links = [...this.links];
    this.links.clear();
    await Promise.all(
      links.map(async (link) => {
        await link.drained();
        await Promise.race([link.disconnect(), new Promise((resolve) => setTimeout(resolve, CLOSE_WAIT_MS))]);
      }),
    );
  }

  private async open(): Promise<void> {
    const link = new SocketLink({
      appToken: this.opts.appToken,
      logger: this.opts.slackLogger,
      // A copy: the client writes into its options.
      clientOptions: { ...this.opts.clientOptions },
    });
    link.on('slack_event', (args: SlackEventArgs) => void this.dispatch(link, args));
    link.onAskedToGo = (reason) => {
      socketReconnects.inc({ reason: 'asked_to_go' });
      const log = reason === 'link_disabled' ? this.opts.log.error : this.opts.log.info;
      log.call(
        this.opts.log,
        { reason, live: this.live() },
        reason === 'link_disabled'
          ? 'Slack turned Socket Mode off for this app: turn it on again in the app settings; fieldline keeps trying to connect'
          : 'slack asked a socket mode connection to go; opening its replacement',
      );
      this.replace();
    };
    this.links.add(link);
    try {
      await withTimeout(link.start(), OPEN_TIMEOUT_MS, 'opening a socket mode connection');
    } catch (err) {
      this.links.delete(link);
      void link.disconnect();
      throw err;
    }
    socketLinksOpen.inc();
    link.once('disconnected', () => {
      socketLinksOpen.dec();
      if (!this.links.delete(link) || this.stopping) return;
      // Replaced already when Slack asked it to go; otherwise it dropped (pong watchdog, network).
      if (!link.askedToGo) {
        socketReconnects.inc({ reason: 'dropped' });
        this.opts.log.warn({ live: this.live() }, 'a socket mode connection dropped; replacing it');
        this.replace();
      }
    });
  }

  private replace(attempt = 0): void {
    if (this.stopping) return;
    this.open().catch((err: unknown) => {
      if (this.stopping) return;
      const delayMs = (this.opts.retryDelayMs ?? defaultRetryDelay)(attempt);
      this.opts.log.warn(
        { err, attempt, delayMs, live: this.live() },
        'could not open a socket mode connection',
      );
      const timer = setTimeout(() => {
        this.retryTimers.delete(timer);
        this.replace(attempt + 1);
      }, delayMs);
      this.retryTimers.add(timer);
    });
  }

  /** Like Bolt's SocketModeReceiver, plus the link knows which envelopes still wait for their ack. */
  private async dispatch(link: SocketLink, args: SlackEventArgs): Promise<void> {
    const startedAt = performance.now();
    const done = link.track(args.envelope_id);
    const refusal = this.opts.refusal?.(args.body);
    if (refusal) {
      // Answered in the ack, and nothing more, as over HTTP (./signed-receiver.ts).
      await args
        .ack(refusal as Record<string, unknown>)
        .catch((err: unknown) => this.opts.log.warn({ err }, 'socket mode ack failed'))
        .finally(() => (observeAck(args.body, startedAt), done()));
      return;
    }
    let acked = false;
    const event: ReceiverEvent = {
      body: args.body,
      ack: async (response?: Record<string, unknown>) => {
        if (acked) {
          this.opts.slackLogger.warn('ack() has already been called. Additional calls will be ignored.');
          return;
        }
        acked = true;
        try {
          await args.ack(response);
          observeAck(args.body, startedAt);
        } finally {
          done();
        }
      },
      ...(args.retry_num !== undefined ? { retryNum: args.retry_num } : {}),
      ...(args.retry_reason !== undefined ? { retryReason: args.retry_reason } : {}),
    };
    try {
      if (!this.app) throw new Error('the socket mode receiver was started before Bolt initialised it');
      await this.app.processEvent(event);
    } catch (error) {
      const shouldAck = await defaultProcessEventErrorHandler({
        error: error as Error,
        logger: this.opts.slackLogger,
        event,
      });
      if (shouldAck) await event.ack();
    } finally {
      done();
    }
  }
}
