/**
 * Helpers of the concurrency tests (issue 35): Slack requests sent all at once, as people typing or pressing
 * back to back would, each answered by a job of its own running concurrently with the others.
 */
import { expect } from 'vitest';
import type { StoredMessage } from '../../src/slack-standin/index.ts';
import { waitFor } from '../harness.ts';
import type { AlertsBed } from './alerts-bed.ts';

/** `n` channels the bot is a member of, added to the stand-in. */
export function addChannels(bed: AlertsBed, prefix: string, n: number): string[] {
  return Array.from({ length: n }, (_, i) => {
    const id = `C0${prefix}${i}`;
    bed.h.standin.addChannel({
      id,
      name: `${prefix.toLowerCase()}-${i}`,
      is_private: false,
      is_im: false,
      is_member: true,
    });
    return id;
  });
}

/** "Busy, your request is queued": a note before the answer itself (src/runtime/jobs/busy-answers.ts). */
const QUEUED = /fieldline is busy — your request is queued/;

/** Answers in `channel`, without the queued notes. */
const ephemerals = (bed: AlertsBed, channel: string): StoredMessage[] =>
  bed.h.standin.messages(channel).filter((m) => m.ephemeralTo !== undefined && !QUEUED.test(m.text));

/**
 * Sends every `/monitor` command at once and waits until each channel has one new ephemeral answer per command
 * sent there; returns the answers per channel.
 */
export async function monitorAtOnce(
  bed: AlertsBed,
  commands: { channel: string; text: string }[],
): Promise<Map<string, string[]>> {
  const before = new Map(commands.map((c) => [c.channel, ephemerals(bed, c.channel).length]));
  const results = await Promise.all(
    commands.map((c) => bed.h.driver.command({ command: '/monitor', text: c.text, channel: c.channel })),
  );
  for (const res of results) expect(res.status).toBe(200);
  const sent = new Map<string, number>();
  for (const c of commands) sent.set(c.channel, (sent.get(c.channel) ?? 0) + 1);
  const answers = new Map<string, string[]>();
  for (const [channel, n] of sent) {
    const from = before.get(channel) ?? 0;
    const got = await waitFor(
      () => {
        const fresh = ephemerals(bed, channel).slice(from);
        return fresh.length >= n ? fresh : undefined;
      },
      { timeoutMs: 15_000, message: `${n} answers in ${channel}` },
    );
    answers.set(
      channel,
      got.map((m) => m.text),
    );
  }
  return answers;
}

/** Chooses `choice` in the Snooze menu of every parent at once; waits for every answer. */
export async function snoozeAtOnce(
  bed: AlertsBed,
  channel: string,
  parents: string[],
  choice: string,
): Promise<string[]> {
  const from = ephemerals(bed, channel).length;
  const results = await Promise.all(
    parents.map((ts) =>
      bed.h.driver.blockAction({ actionId: 'alert_snooze', message: ts, channel, selectedOption: choice }),
    ),
  );
  for (const res of results) expect(res.status).toBe(200);
  const got = await waitFor(
    () => {
      const fresh = ephemerals(bed, channel).slice(from);
      return fresh.length >= parents.length ? fresh : undefined;
    },
    { timeoutMs: 15_000, message: `${parents.length} snooze answers` },
  );
  return got.map((m) => m.text);
}

/** Channels of `channels` without exactly one top-level bot message whose text matches `pattern`, with the count. */
export function notOnceIn(bed: AlertsBed, channels: string[], pattern: RegExp): Record<string, number> {
  const out: Record<string, number> = {};
  for (const c of channels) {
    const n = bed.parents(c).filter((m) => pattern.test(m.text)).length;
    if (n !== 1) out[c] = n;
  }
  return out;
}
