/**
 * Makes the Slack stand-in answer a share of chat.postMessage calls with 429 and a random Retry-After: after
 * every call to a channel it decides (seeded PRNG) whether that channel's next call is rate limited.
 */
import type { Standin, StandinChange } from '../../src/slack-standin/index.ts';

/** mulberry32: a small, deterministic PRNG. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function rateLimitStorm(
  standin: Standin,
  channels: string[],
  opts: { share: number; minSeconds: number; maxSeconds: number; seed: number },
): () => void {
  const random = prng(opts.seed);
  const decide = (channel: string) => {
    if (random() >= opts.share) return;
    const span = opts.maxSeconds - opts.minSeconds + 1;
    const retryAfterSeconds = opts.minSeconds + Math.floor(random() * span);
    standin.inject({ method: 'chat.postMessage', channel, status: 429, retryAfterSeconds, times: 1 });
  };
  for (const channel of channels) decide(channel);
  const listen = (change: StandinChange) => {
    if (change.kind !== 'call' || change.call.method !== 'chat.postMessage') return;
    const channel = change.call.args.channel;
    if (typeof channel === 'string' && channels.includes(channel)) decide(channel);
  };
  standin.state.on('change', listen);
  return () => standin.state.off('change', listen);
}
