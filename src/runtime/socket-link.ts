/**
 * One Socket Mode connection of the pool (socket-pool.ts): @slack/socket-mode's client, with two changes to what
 * it does when Slack asks the connection to go (`disconnect`: `warning`, `refresh_requested`, `link_disabled`).
 * 3.1.0 closes at once and reconnects only after a fixed wait (5 s), so envelopes carried by that connection and
 * not yet acked lose their ack, and the app is unreachable meanwhile. Here the link
 *   1. tells the pool first (`onAskedToGo`), which opens the replacement connection right away;
 *   2. lets the envelopes it carried be acked, for at most Slack's 3 s ack window (Slack sends nothing new on a
 *      connection it has asked to go);
 *   3. then closes, and never reconnects itself (`autoReconnectEnabled: false`): the pool replaces it.
 */
import { SocketModeClient } from '@slack/socket-mode';
import type { SocketModeOptions } from '@slack/socket-mode';

/** Slack shows the user an error when an envelope is not acked within 3 s: waiting longer would not help. */
export const SLACK_ACK_WINDOW_MS = 3_000;

function disconnectReason(data: string | ArrayBuffer, isBinary: boolean): string | undefined {
  if (isBinary) return undefined;
  const text = typeof data === 'string' ? data : new TextDecoder().decode(data);
  // Cheap test first: every envelope passes through here.
  if (!text.includes('"disconnect"')) return undefined;
  try {
    const message = JSON.parse(text) as { type?: unknown; reason?: unknown };
    if (message.type !== 'disconnect') return undefined;
    return typeof message.reason === 'string' ? message.reason : 'unknown';
  } catch {
    return undefined;
  }
}

export class SocketLink extends SocketModeClient {
  /** Called once, when Slack asks this connection to go, with Slack's reason. */
  onAskedToGo: ((reason: string) => void) | undefined;
  askedToGo = false;
  private readonly unacked = new Set<string>();
  private drainWaiters: (() => void)[] = [];

  constructor(opts: Omit<SocketModeOptions, 'autoReconnectEnabled'>) {
    super({ ...opts, autoReconnectEnabled: false });
  }

  /** Marks an envelope as carried by this link until the returned function is called (its ack was sent). */
  track(envelopeId: string): () => void {
    this.unacked.add(envelopeId);
    return () => {
      if (!this.unacked.delete(envelopeId) || this.unacked.size > 0) return;
      const waiters = this.drainWaiters;
      this.drainWaiters = [];
      for (const resolve of waiters) resolve();
    };
  }

  /** Resolves once every envelope this link carried is acked, or after `maxMs`. */
  drained(maxMs = SLACK_ACK_WINDOW_MS): Promise<void> {
    if (this.unacked.size === 0) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(resolve, maxMs);
      this.drainWaiters.push(() => {
        clearTimeout(timer);
        resolve();
      });
    });
  }

  protected override async onWebSocketMessage(data: string | ArrayBuffer, isBinary: boolean): Promise<void> {
    const reason = disconnectReason(data, isBinary);
    if (reason !== undefined && !this.askedToGo) {
      this.askedToGo = true;
      this.onAskedToGo?.(reason);
      await this.drained();
    }
    // The client's own handling: envelopes are emitted; a `disconnect` closes the connection.
    return super.onWebSocketMessage(data, isBinary);
  }
}
