/**
 * Work never starves the acks (issue 36): a storm of the heaviest command alone, `/reading 1008 24h` (a day of
 * one-minute readings paged from the platform, summarised and charted) at 200 requests/s, fieldline against bare
 * Bolt, with the platform answering at once so the jobs' CPU (parsing, charts) competes with the acking thread.
 * The ack benchmark's method (./ack-latency.ts): same children, interleaved runs, median of the runs' p99.
 */
import { runAckLatency, type AckLoad, type AckResult } from './ack-latency.ts';
import { commandBody } from './lib/slack-bodies.ts';

export const STORM_COMMAND = { command: '/reading', text: '1008 24h' } as const;

/** Every request the storm command, each with its own response_url. */
export const STORM_LOAD: AckLoad = {
  urls: (total) => total,
  make: (info, _template, urls, _run, i) =>
    commandBody(info, STORM_COMMAND.command, STORM_COMMAND.text, urls[i % Math.max(1, urls.length)] ?? ''),
};

export function runStorm(opts: {
  rates: number[];
  durationMs: number;
  reps: number;
  warmupMs: number;
  log(line: string): void;
}): Promise<AckResult> {
  return runAckLatency({ ...opts, load: STORM_LOAD, platformMs: 0, name: 'storm' });
}
