/**
 * The relay: poller → evaluate (pure) → per-channel outbox → Slack. `createAlertEngine` wires it; main.ts starts it,
 * tests drive `runCycle()` and `deliverNow()` deterministically. All state lives in the Store, so another
 * instance over the same store (a restart, or a new leader among replicas) resumes where this one stopped.
 */
import { observeRelayCycle } from '../../base/metrics.ts';
import type { WebClient } from '@slack/web-api';
import type { BaseDeps } from '../../base/deps.ts';
import type { Directory } from '../../directory/types.ts';
import { emptyReport, runCycle as runOneCycle, type CycleReport } from './cycle.ts';
import { createDeliveryQueue, type DeliveryReport } from './delivery-queue.ts';
import { resolveAlertOptions, type AlertOptions, type AlertOptionsInput } from '../rules/options.ts';
import { createOutbox } from './outbox.ts';
import { alertSlack, type AlertSlack } from './alert-slack.ts';
import { alertStore } from './alert-store.ts';
import { createAlertPeople, type AlertPeople } from './alert-people.ts';
import { scheduleDigests, type DigestRoutinesHook } from './digest-run.ts';
import { readAlertStatus, type AlertStatusReport } from './status-report.ts';
import { backoffDelay, jitteredInterval, waitAfterCycle } from '../rules/timing.ts';

export type { CycleReport } from './cycle.ts';
export type { DeliveryReport } from './delivery-queue.ts';
export type { AlertStatusReport } from './status-report.ts';
export { createAlertWebClient } from './alert-slack.ts';
export { alertStore } from './alert-store.ts';
export { subscribeEverySite } from '../rules/subscriptions.ts';

/** Leadership hook (issue 8): checked before each cycle and before every delivery write. */
export interface AlertLeadership {
  isLeader(): boolean | Promise<boolean>;
  fence(): Promise<boolean>;
}

export interface CreateAlertEngineOptions {
  /** A WebClient built with createAlertWebClient (rejectRateLimitedCalls), or a ready AlertSlack. */
  slack: WebClient | AlertSlack;
  options?: AlertOptionsInput;
  leadership?: AlertLeadership;
  random?: () => number;
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  /** Who is told about assigned tasks; by default built from the WebClient and the directory. */
  people?: AlertPeople;
  /**
   * Runs each cycle's platform read (issue 39: many relays share a bound on reads at once). Only the read waits
   * here; a relay backing off does not hold a place while it waits.
   */
  gate?: <T>(run: () => Promise<T>) => Promise<T>;
}

export interface AlertEngine {
  /** Starts the poll loop (every interval ± jitter, longer while backing off) and background delivery. */
  start(): void;
  stop(): Promise<void>;
  /** One cycle now (serialised with the loop); enqueues but does not wait for delivery. */
  runCycle(): Promise<CycleReport & { nextDelayMs: number }>;
  /** Delivers every pending item (sleeping through 429 pauses) and reports what is left. */
  deliverNow(): Promise<DeliveryReport>;
  status(channel?: string): Promise<AlertStatusReport>;
  readonly options: AlertOptions;
}

export type AlertEngineDeps = Pick<BaseDeps, 'monitoring' | 'store' | 'clock' | 'log' | 'config'> & {
  directory?: Directory;
  /** The digest's rounds and handover section (issue 40; the composition root's services). */
  digestRoutines?: DigestRoutinesHook;
};

export function abortableSleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal?.aborted) return resolve();
    const timer = setTimeout(done, Math.max(0, ms));
    function done() {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    }
    signal?.addEventListener('abort', done, { once: true });
  });
}

function isAlertSlack(x: WebClient | AlertSlack): x is AlertSlack {
  return 'post' in x && typeof x.post === 'function';
}

export function createAlertEngine(deps: AlertEngineDeps, create: CreateAlertEngineOptions): AlertEngine {
  const opts = resolveAlertOptions({
    pollIntervalMs: deps.config.pollIntervalSeconds * 1000,
    ...create.options,
  });
  const log = deps.log.child({ module: 'relay' });
  const rs = alertStore(deps.store);
  const outbox = createOutbox(deps.store);
  const leadership = create.leadership ?? { isLeader: () => true, fence: async () => true };
  const random = create.random ?? Math.random;
  const sleep = create.sleep ?? abortableSleep;
  const people =
    create.people ??
    (!isAlertSlack(create.slack) && deps.directory
      ? createAlertPeople({ store: deps.store, client: create.slack, directory: deps.directory })
      : undefined);
  const queue = createDeliveryQueue({
    rs,
    outbox,
    slack: isAlertSlack(create.slack) ? create.slack : alertSlack(create.slack),
    ...(people ? { people } : {}),
    fence: () => leadership.fence(),
    now: () => deps.clock.now(),
    sleep,
    log,
    intervalMs: opts.channelIntervalMs,
    errorBackoffBaseMs: opts.backoffBaseMs,
    errorBackoffCapMs: opts.backoffCapMs,
  });
  const abort = new AbortController();
  let chain: Promise<unknown> = Promise.resolve();
  let loop: Promise<void> | null = null;
  /** Whether the last cycle's wait is a backoff (counted in full) rather than the poll interval. */
  let backingOff = false;

  async function cycleOnce(): Promise<CycleReport & { nextDelayMs: number }> {
    const startedAt = deps.clock.now();
    const interval = jitteredInterval(opts.pollIntervalMs, opts.jitter, random);
    backingOff = false;
    if (!(await leadership.isLeader())) {
      return { ...emptyReport(startedAt), nextDelayMs: interval };
    }
    const gate = create.gate ?? ((run) => run());
    const timer = performance.now();
    const report = await gate(() =>
      runOneCycle({
        monitoring: deps.monitoring,
        directory: deps.directory,
        rs,
        outbox,
        opts,
        log,
        now: startedAt,
        fence: () => leadership.fence(),
        signal: abort.signal,
      }),
    );
    observeRelayCycle(report.outcome, timer);
    // Shift handover digests come from the relay's records, so they go out even when this read failed.
    if (await leadership.fence()) {
      await scheduleDigests({
        rs,
        outbox,
        now: startedAt,
        lateAfterMs: Math.max(3 * opts.pollIntervalMs, 5 * 60_000),
        dedupeTtlMs: opts.eventDedupeTtlMs,
        ...(deps.digestRoutines ? { routines: deps.digestRoutines } : {}),
      });
    }
    const status = await rs.status();
    const failures = status?.consecutiveFailures ?? 0;
    const delay =
      report.outcome === 'failed'
        ? backoffDelay(
            failures,
            {
              baseMs: opts.backoffBaseMs,
              capMs: opts.backoffCapMs,
              retryAfterMs: report.error?.retryAfterMs,
            },
            random,
          )
        : 0;
    const nextDelayMs = Math.max(interval, delay);
    if (status) {
      await rs.saveStatus({
        ...status,
        lastDurationMs: deps.clock.now() - startedAt,
        backoffUntil: delay > 0 ? startedAt + nextDelayMs : null,
      });
    }
    if (Object.keys(report.enqueued).length > 0 && loop !== null) queue.kick();
    backingOff = delay > 0;
    return { ...report, nextDelayMs };
  }

  function serial<T>(run: () => Promise<T>): Promise<T> {
    const next = chain.then(run, run);
    chain = next.catch(() => undefined);
    return next;
  }

  async function pollLoop(): Promise<void> {
    queue.kick(); // resume a pending outbox left by a previous instance
    while (!abort.signal.aborted) {
      let wait = jitteredInterval(opts.pollIntervalMs, opts.jitter, random);
      const startedAt = deps.clock.now();
      try {
        const next = (await serial(cycleOnce)).nextDelayMs;
        wait = waitAfterCycle({ delayMs: next, backingOff }, startedAt, deps.clock.now());
        queue.kick();
      } catch (err) {
        // Store unavailable and the like: nothing was evaluated; try again after a backed-off wait.
        log.error({ err: err instanceof Error ? err.message : String(err) }, 'alert cycle aborted');
        wait = Math.max(
          wait,
          backoffDelay(1, { baseMs: opts.backoffBaseMs, capMs: opts.backoffCapMs }, random),
        );
      }
      await sleep(wait, abort.signal);
    }
  }

  return {
    options: opts,
    start() {
      loop ??= pollLoop();
    },
    async stop() {
      abort.abort();
      await queue.stop();
      await loop;
      await chain;
    },
    runCycle: () => serial(cycleOnce),
    deliverNow: () => queue.drain(),
    status: (channel) => readAlertStatus(rs, outbox, deps.clock.now(), channel),
  };
}
