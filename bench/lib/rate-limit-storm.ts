/**
 * Makes the Slack stand-in answer a share of chat.postMessage calls with 429 and a random Retry-After: after
 * every call to a channel it decides (seeded PRNG) whether that channel's next call is rate limited.
 */
import { createPrng } from '../../src/sandbox/prng.ts';
import type { Standin, StandinChange } from '../../src/slack-standin/index.ts';

export function rateLimitStorm(
  standin: Standin,
  channels: string[],
  opts: { share: number; minSeconds: number; maxSeconds: number; seed: number },
): () => void {
  const random = createPrng(opts.seed);
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
