/**
 * Benchmark 4 — delivery. Events spread over channels are enqueued at once in the relay's persistent outbox
 * and delivered by its per-channel queues to the Slack stand-in, which answers about half of the
 * chat.postMessage calls with 429 and a Retry-After of 1–3 s. Measured from the stand-in's record of calls.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { pino } from 'pino';
import { loadConfig } from '../src/base/config.ts';
import { systemClock } from '../src/base/deps.ts';
import { createLogger } from '../src/base/log.ts';
import { createMonitoringClient } from '../src/monitoring/index.ts';
import { createAlertEngine, createAlertWebClient } from '../src/alerts/engine/alert-engine.ts';
import type { OutboxDraft } from '../src/alerts/rules/model.ts';
import { createOutbox } from '../src/alerts/engine/outbox.ts';
import { incidentFromAlert } from '../src/alerts/render/incident-message.ts';
import { startStandin } from '../src/slack-standin/index.ts';
import { openStore } from '../src/store/open-store.ts';
import { rateLimitStorm } from './lib/rate-limit-storm.ts';
import { percentile } from './lib/stats.ts';

export interface DeliveryResult {
  channels: number;
  events: number;
  delivered: number;
  lost: number;
  duplicates: number;
  orderViolations: number;
  calls: number;
  rateLimited: number;
  p50LagMs: number;
  p95LagMs: number;
  maxLagMs: number;
  /** Most successful posts to one channel within any 1 s window. */
  maxPerSecond: number;
  /** Most calls (incl. 429-answered ones) to one channel within any 1 s window. */
  maxAttemptsPerSecond: number;
  /** Shortest gap between two calls (incl. 429-answered ones) to the same channel. */
  minGapMs: number;
  /** Most calls (incl. 429-answered ones) to one channel within any 10 s window. */
  maxAttemptsPer10s: number;
  drainMs: number;
  met: boolean;
}

/** ~1 message per second, sustained: at most 11 calls to one channel in any 10 s window. */
export const MAX_PER_10S = 11;

function draft(channel: string, k: number, at: number): OutboxDraft {
  const id = `${channel}-${k}`;
  return {
    kind: 'incident.opened',
    id: `bench:${id}`,
    subject: `incident:bench-${id}`,
    incident: incidentFromAlert({
      key: `bench-${id}:silent`,
      episodeId: `bench-${id}`,
      sourceId: String(100_000 + k),
      sourceName: `Bench ${id} #`,
      siteId: '101',
      siteName: 'Bench Plant',
      siteTimeZone: 'Europe/Berlin',
      condition: 'silent',
      severity: 'warning',
      detail: 'no reading for 2 h',
      raisedAt: at,
      clearedAt: null,
      durationMs: null,
    }),
  };
}

function minGap(times: number[]): number {
  const sorted = [...times].sort((a, b) => a - b);
  let best = Number.POSITIVE_INFINITY;
  for (let i = 1; i < sorted.length; i++) best = Math.min(best, (sorted[i] ?? 0) - (sorted[i - 1] ?? 0));
  return best;
}

function maxInWindow(times: number[], windowMs: number): number {
  const sorted = [...times].sort((a, b) => a - b);
  let best = 0;
  let start = 0;
  for (let end = 0; end < sorted.length; end++) {
    while ((sorted[end] ?? 0) - (sorted[start] ?? 0) >= windowMs) start++;
    best = Math.max(best, end - start + 1);
  }
  return best;
}

export async function runDelivery(opts: {
  channels: number;
  events: number;
  seed: number;
  log(line: string): void;
}): Promise<DeliveryResult> {
  const dir = await mkdtemp(join(tmpdir(), 'fieldline-delivery-'));
  const log = createLogger({
    level: 'info',
    destination: pino.destination({ dest: '/dev/null', sync: false }),
  });
  const standin = await startStandin({});
  const store = await openStore({ kind: 'sqlite', path: join(dir, 'fieldline.sqlite') }, { log });
  const monitoring = createMonitoringClient({ baseUrl: 'http://127.0.0.1:9', apiKey: 'unused-by-delivery' });
  const channels = Array.from({ length: opts.channels }, (_, i) => `C0BENCH${String(i).padStart(2, '0')}`);
  for (const id of channels)
    standin.addChannel({ id, name: id.toLowerCase(), is_private: false, is_im: false, is_member: true });
  const relay = createAlertEngine(
    { config: loadConfig({}), log, monitoring, store, clock: systemClock },
    { slack: createAlertWebClient({ token: standin.botToken, apiUrl: standin.apiUrl, log }) },
  );
  const stopStorm = rateLimitStorm(standin, channels, {
    share: 0.5,
    minSeconds: 1,
    maxSeconds: 3,
    seed: opts.seed,
  });
  try {
    const outbox = createOutbox(store);
    const enqueuedAt = Date.now();
    const perChannel = Math.ceil(opts.events / channels.length);
    let total = 0;
    for (let k = 0; k < perChannel; k++) {
      for (const channel of channels) {
        if (total >= opts.events) break;
        await outbox.enqueue(channel, [draft(channel, k, enqueuedAt)], enqueuedAt);
        total++;
      }
    }
    const started = performance.now();
    const report = await relay.deliverNow();
    const drainMs = performance.now() - started;
    opts.log(
      `delivery: drained in ${(drainMs / 1000).toFixed(1)} s, ${report.delivered} delivered, pending ${JSON.stringify(report.pending)}`,
    );

    const posts = standin
      .callsTo('chat.postMessage')
      .filter((c) => channels.includes(String(c.args.channel)));
    const ok = posts.filter((c) => c.status === 200 && c.response.ok === true);
    const seen = new Map<string, number>();
    let orderViolations = 0;
    const lags: number[] = [];
    const lastK = new Map<string, number>();
    for (const call of ok) {
      const m = /Bench (C0BENCH\d+)-(\d+) #/.exec(String(call.args.text));
      if (!m) continue;
      const [, channel = '', kText = ''] = m;
      const k = Number(kText);
      const id = `${channel}-${k}`;
      seen.set(id, (seen.get(id) ?? 0) + 1);
      if ((seen.get(id) ?? 0) > 1) continue;
      if (k <= (lastK.get(channel) ?? -1)) orderViolations++;
      lastK.set(channel, k);
      lags.push(call.at - enqueuedAt);
    }
    const delivered = seen.size;
    const duplicates = [...seen.values()].reduce((n, c) => n + c - 1, 0);
    const perChannelMax = (calls: typeof posts) =>
      Math.max(
        ...channels.map((ch) =>
          maxInWindow(
            calls.filter((c) => c.args.channel === ch).map((c) => c.at),
            1000,
          ),
        ),
      );
    const maxPerSecond = perChannelMax(ok);
    const per10s = Math.max(
      ...channels.map((ch) =>
        maxInWindow(
          posts.filter((c) => c.args.channel === ch).map((c) => c.at),
          10_000,
        ),
      ),
    );
    const gap = Math.min(
      ...channels.map((ch) => minGap(posts.filter((c) => c.args.channel === ch).map((c) => c.at))),
    );
    const lost = total - delivered;
    return {
      channels: channels.length,
      events: total,
      delivered,
      lost,
      duplicates,
      orderViolations,
      calls: posts.length,
      rateLimited: posts.filter((c) => c.status === 429).length,
      p50LagMs: percentile(lags, 50),
      p95LagMs: percentile(lags, 95),
      maxLagMs: percentile(lags, 100),
      maxPerSecond,
      maxAttemptsPerSecond: perChannelMax(posts),
      minGapMs: gap,
      maxAttemptsPer10s: per10s,
      drainMs,
      // "≤ ~1 message per second": sustained over 10 s, counting 429-answered calls too.
      met: lost === 0 && orderViolations === 0 && duplicates === 0 && per10s <= MAX_PER_10S,
    };
  } finally {
    stopStorm();
    await relay.stop();
    await store.close();
    await monitoring.close();
    await standin.close();
    await rm(dir, { recursive: true, force: true });
  }
}
