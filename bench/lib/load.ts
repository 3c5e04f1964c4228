/**
 * Open-loop load: requests leave on a fixed schedule (rate per second) whether or not earlier ones have been
 * answered, over an undici Pool, each signed like Slack signs it. Latency is measured from the scheduled
 * send time, so a stalled server cannot hide its queue (no coordinated omission).
 */
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { Pool } from 'undici';
import { slackSignature } from '../../src/slack-standin/index.ts';
import { classifyAck, type AckOutcome } from './ack-outcome.ts';

export interface LoadRequest {
  kind: string;
  /** Form-encoded body, exactly as Slack would send it. */
  body: string;
  /** Copied to the request's sample (to match answers to requests). */
  tag?: string;
}

export interface LoadOptions {
  url: string;
  signingSecret: string;
  rate: number;
  durationMs: number;
  make(i: number): LoadRequest;
  timeoutMs?: number;
}

export interface Sample {
  kind: string;
  tag?: string;
  latencyMs: number;
  status: number;
  /** What the ack's body said (./ack-outcome.ts). */
  outcome: AckOutcome;
  /** "queued (position N)": N. */
  position?: number;
  /** Rejected: the start of the errors answer. */
  note?: string;
}

export interface LoadResult {
  samples: Sample[];
  /** How far behind its schedule the generator itself ever fell. */
  maxScheduleLagMs: number;
}

export async function openLoop(opts: LoadOptions): Promise<LoadResult> {
  const target = new URL(opts.url);
  const pool = new Pool(target.origin, { connections: 256, keepAliveTimeout: 30_000 });
  const total = Math.round((opts.rate * opts.durationMs) / 1000);
  const spacing = 1000 / opts.rate;
  const samples: Sample[] = [];
  const pending: Promise<void>[] = [];
  let maxScheduleLagMs = 0;

  async function fire(req: LoadRequest, scheduled: number): Promise<void> {
    const { status, text } = await signedPost(pool, target.pathname, opts.signingSecret, req, opts.timeoutMs);
    const latencyMs = performance.now() - scheduled;
    samples.push({
      kind: req.kind,
      ...(req.tag !== undefined ? { tag: req.tag } : {}),
      latencyMs,
      status,
      ...classifyAck(status, text),
    });
  }

  const start = performance.now() + 20;
  for (let i = 0; i < total; i++) {
    const at = start + i * spacing;
    const wait = at - performance.now();
    if (wait >= 1) await sleep(wait);
    maxScheduleLagMs = Math.max(maxScheduleLagMs, performance.now() - at);
    pending.push(fire(opts.make(i), at));
  }
  await Promise.all(pending);
  await pool.close();
  return { samples, maxScheduleLagMs };
}

/** One request signed like Slack signs it; status -1 when it failed to get an answer. */
export async function signedPost(
  pool: Pool,
  path: string,
  signingSecret: string,
  req: LoadRequest,
  timeoutMs = 10_000,
): Promise<{ status: number; text: string }> {
  const ts = Math.floor(Date.now() / 1000);
  try {
    const res = await pool.request({
      method: 'POST',
      path,
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'x-slack-request-timestamp': String(ts),
        'x-slack-signature': slackSignature(signingSecret, ts, req.body),
      },
      body: req.body,
      headersTimeout: timeoutMs,
      bodyTimeout: timeoutMs,
    });
    return { status: res.statusCode, text: await res.body.text() };
  } catch {
    return { status: -1, text: '' };
  }
}
