/**
 * The job thread's figures reach /metrics (issue 42). Platform and Slack calls made by jobs are recorded in the job
 * thread's own registry (each thread has its own module instances); prom-client's AggregatorRegistry is for
 * cluster workers, so threads answer over a BroadcastChannel instead: at each scrape the main thread asks, every
 * job thread answers with its registry as JSON, and the answers are summed with the main thread's
 * (AggregatorRegistry.aggregate: counters and histograms add up). Nothing is sent between scrapes, so a job pays
 * nothing for it.
 */
import { BroadcastChannel } from 'node:worker_threads';
import { AggregatorRegistry, type MetricObjectWithValues, type MetricValue } from 'prom-client';
import { metricsRegistry } from '../base/metrics.ts';

type metric = MetricObjectWithValues<MetricValue<string>>;

const CHANNEL = 'fieldline:metrics';
/** A busy job thread answers later; a scrape does not wait longer than this for it. */
const THREAD_ANSWER_MS = 1_000;

type Message =
  | { t: 'hello'; thread: number }
  | { t: 'bye'; thread: number }
  | { t: 'ask'; id: number }
  | { t: 'answer'; id: number; thread: number; metrics: metric[] };

/** In a job thread: answers the main thread's scrapes. Returns the function that stops answering. */
export function serveThreadMetrics(threadId: number): () => void {
  const channel = new BroadcastChannel(CHANNEL);
  channel.unref();
  channel.onmessage = (event) => {
    const m = (event as { data: Message }).data;
    if (m.t !== 'ask') return;
    void metricsRegistry
      .getMetricsAsJSON()
      .then((metrics) =>
        channel.postMessage({ t: 'answer', id: m.id, thread: threadId, metrics } satisfies Message),
      );
  };
  channel.postMessage({ t: 'hello', thread: threadId } satisfies Message);
  return () => {
    channel.postMessage({ t: 'bye', thread: threadId } satisfies Message);
    channel.close();
  };
}

/** In the main thread: the figures of every job thread that said hello, asked at each scrape. */
export function threadMetricsCollector(): { collect(): Promise<metric[][]>; close(): void } {
  const channel = new BroadcastChannel(CHANNEL);
  channel.unref();
  const threads = new Set<number>();
  let next = 0;
  const waiting = new Map<number, { answers: metric[][]; from: Set<number>; done(): void }>();
  channel.onmessage = (event) => {
    const m = (event as { data: Message }).data;
    if (m.t === 'hello') threads.add(m.thread);
    else if (m.t === 'bye') threads.delete(m.thread);
    else if (m.t === 'answer') {
      threads.add(m.thread);
      const w = waiting.get(m.id);
      if (!w || w.from.has(m.thread)) return;
      w.from.add(m.thread);
      w.answers.push(m.metrics);
      if ([...threads].every((t) => w.from.has(t))) w.done();
    }
  };
  return {
    collect() {
      if (threads.size === 0) return Promise.resolve([]);
      const id = (next += 1);
      return new Promise<metric[][]>((resolve) => {
        const answers: metric[][] = [];
        const finish = () => {
          clearTimeout(timer);
          const w = waiting.get(id);
          waiting.delete(id);
          // A thread that did not answer (it ended, or was replaced) is not waited for again until it answers.
          if (w) for (const t of threads) if (!w.from.has(t)) threads.delete(t);
          resolve(answers);
        };
        const timer = setTimeout(finish, THREAD_ANSWER_MS);
        waiting.set(id, { answers, from: new Set(), done: finish });
        channel.postMessage({ t: 'ask', id } satisfies Message);
      });
    },
    close: () => channel.close(),
  };
}

/** The main thread's registry and the job threads' answers, summed, in Prometheus' text format. */
export async function metricsText(threads?: { collect(): Promise<metric[][]> }): Promise<string> {
  const own = await metricsRegistry.getMetricsAsJSON();
  const others = threads ? await threads.collect() : [];
  if (others.length === 0) return metricsRegistry.metrics();
  return AggregatorRegistry.aggregate([own, ...others]).metrics();
}

export const METRICS_CONTENT_TYPE = metricsRegistry.contentType;
