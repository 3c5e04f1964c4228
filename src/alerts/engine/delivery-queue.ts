/**
 * Per-channel delivery workers over the persistent outboxes. Each channel is its own ordered queue: writes are
 * spaced by `intervalMs`; a 429 pauses only that channel for its Retry-After (the item stays at the head, so
 * order is kept and nothing is dropped) while other channels keep flowing. Other Slack failures pause the
 * channel with capped exponential backoff; the item is retried, never skipped.
 */
import { noteOutboxBacklog, observeOutboxDelivery } from '../../base/metrics.ts';
import type { Logger } from '../../base/log.ts';
import { deliverItem, LostLeadershipError } from './deliver-item.ts';
import type { Outbox } from './outbox.ts';
import type { AlertStore } from './alert-store.ts';
import type { AlertPeople } from './alert-people.ts';
import { classifySlackError, type AlertSlack } from './alert-slack.ts';

export interface DeliveryDeps {
  rs: AlertStore;
  outbox: Outbox;
  slack: AlertSlack;
  fence: () => Promise<boolean>;
  now: () => number;
  sleep: (ms: number, signal?: AbortSignal) => Promise<void>;
  log: Logger;
  intervalMs: number;
  errorBackoffBaseMs: number;
  errorBackoffCapMs: number;
  people?: AlertPeople;
}

export interface DeliveryReport {
  delivered: number;
  /** Items still waiting per channel (paused by an error other than a 429, or leadership lost). */
  pending: Record<string, number>;
  errors: { channel: string; error: string }[];
}

export interface DeliveryQueue {
  /** Starts a worker for every channel with pending items (no-op for channels already running). */
  kick(): void;
  /** Delivers everything deliverable now, sleeping through 429 pauses; resolves when every worker is idle. */
  drain(): Promise<DeliveryReport>;
  stop(): Promise<void>;
}

export function createDeliveryQueue(d: DeliveryDeps): DeliveryQueue {
  const workers = new Map<string, Promise<void>>();
  const lastWrite = new Map<string, number>();
  const failures = new Map<string, number>();
  const abort = new AbortController();
  let report: DeliveryReport = { delivered: 0, pending: {}, errors: [] };

  async function pace(channel: string): Promise<void> {
    const wait = (lastWrite.get(channel) ?? -Infinity) + d.intervalMs - d.now();
    if (wait > 0) await d.sleep(wait, abort.signal);
    // Stopped while waiting: write nothing more; the item stays at the head for the next instance.
    if (abort.signal.aborted) throw new LostLeadershipError();
    lastWrite.set(channel, d.now());
  }

  async function worker(channel: string): Promise<void> {
    for (;;) {
      if (abort.signal.aborted) return;
      const status = await d.rs.channelStatus(channel);
      if (status.pausedUntil !== null && status.pausedUntil > d.now()) {
        if (status.lastError !== 'ratelimited') return; // error backoff: the next kick after pausedUntil retries
        await d.sleep(status.pausedUntil - d.now(), abort.signal);
        continue;
      }
      const item = await d.outbox.peek(channel);
      if (item === undefined) return;
      try {
        await deliverItem(
          {
            rs: d.rs,
            outbox: d.outbox,
            slack: d.slack,
            fence: d.fence,
            pace: () => pace(channel),
            written: () => lastWrite.set(channel, d.now()),
            ...(d.people ? { people: d.people } : {}),
          },
          channel,
          item,
        );
        await d.outbox.complete(channel, item.seq);
        observeOutboxDelivery(channel, d.now() - item.enqueuedAt);
        failures.delete(channel);
        report.delivered += 1;
        const at = d.now();
        await d.rs.updateChannelStatus(channel, (st) => ({
          pausedUntil: null,
          lastError: null,
          delivered: st.delivered + 1,
          lastDeliveredAt: at,
        }));
      } catch (err) {
        if (err instanceof LostLeadershipError || abort.signal.aborted) return;
        const f = classifySlackError(err);
        if (f.kind === 'rate_limited') {
          d.log.info(
            { channel, retryAfterMs: f.retryAfterMs },
            'slack rate limit: pausing this channel only',
          );
          const until = d.now() + f.retryAfterMs;
          await d.rs.updateChannelStatus(channel, (st) => ({
            ...st,
            pausedUntil: until,
            lastError: 'ratelimited',
          }));
          continue;
        }
        if (f.kind === 'platform' && f.error === 'not_in_channel') {
          // The bot was removed from a public channel: rejoin once and retry the same item.
          const joined = await d.slack.join(channel).then(
            () => true,
            () => false,
          );
          if (joined && !failures.has(channel)) {
            failures.set(channel, 0);
            continue;
          }
        }
        const n = (failures.get(channel) ?? 0) + 1;
        failures.set(channel, n);
        const error = f.kind === 'platform' ? f.error : f.kind === 'other' ? f.message : 'ratelimited';
        const backoff = Math.min(d.errorBackoffCapMs, d.errorBackoffBaseMs * 2 ** Math.min(n - 1, 20));
        d.log.warn(
          { channel, error, backoffMs: backoff },
          'alert delivery failed; item kept at the head of the outbox',
        );
        report.errors.push({ channel, error });
        const until = d.now() + backoff;
        await d.rs.updateChannelStatus(channel, (st) => ({ ...st, pausedUntil: until, lastError: error }));
        return;
      }
    }
  }

  function start(channel: string): Promise<void> {
    const running = workers.get(channel);
    if (running) return running;
    const p = worker(channel)
      .catch((err: unknown) => {
        // Store trouble: stop this worker; state is unchanged, the next kick resumes at the same item.
        d.log.error(
          { channel, err: err instanceof Error ? err.message : String(err) },
          'relay delivery worker stopped',
        );
        report.errors.push({ channel, error: err instanceof Error ? err.message : String(err) });
      })
      .finally(() => workers.delete(channel));
    workers.set(channel, p);
    return p;
  }

  async function startAll(): Promise<void> {
    for (const channel of await d.outbox.channels())
      if (noteOutboxBacklog(channel, await d.outbox.pending(channel)) > 0) void start(channel);
  }

  return {
    kick() {
      startAll().catch((err: unknown) =>
        d.log.error({ err: err instanceof Error ? err.message : String(err) }, 'relay delivery kick failed'),
      );
    },
    async drain() {
      report = { delivered: 0, pending: {}, errors: [] };
      await startAll();
      while (workers.size > 0) await Promise.all([...workers.values()]);
      for (const channel of await d.outbox.channels()) {
        const n = await d.outbox.pending(channel);
        if (n > 0) report.pending[channel] = n;
      }
      return report;
    },
    async stop() {
      abort.abort();
      await Promise.allSettled([...workers.values()]);
    },
  };
}
