/**
 * Fuzzing commands through the real app: each run gets a channel of its own, so every reply (ack body,
 * response_url or chat message in that channel, or a modal opened with the run's trigger_id) is attributable
 * to that run. No timed assertions: the driver's `tooSlow` flag says whether Slack would have given up.
 */
import fc from 'fast-check';
import { expect } from 'vitest';
import type { DriverResult } from '../../src/slack-standin/index.ts';
import { waitFor, type Harness } from '../harness.ts';

export const NUM_RUNS = 40;
/** A stack frame such as "at fn (file.ts:12:3)": never acceptable in anything shown in Slack. */
const STACK_FRAME = /\bat \S+ \(?[^\s()]+:\d+:\d+\)?/;

/** Words a person might type, some of them deliberately hostile. */
export const noise = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 30 }),
  fc.constantFrom(
    '<!channel>',
    '<@U0ANA>',
    '*bold*',
    '&amp;',
    '`code`',
    '"quoted',
    '“North',
    '..',
    '2026-02-30',
    '2026-11-01..2026-10-01',
    '25:99',
    '-1h',
    '99999d',
    'export',
    'site',
    'priority',
    '\u0000',
    '\n',
    'x'.repeat(3_500),
  ),
);

export function phrase(words: fc.Arbitrary<string>[]): fc.Arbitrary<string> {
  return fc.array(fc.oneof(...words, noise), { maxLength: 6 }).map((parts) => parts.join(' '));
}

function textOf(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value ?? '');
}

function ackReply(res: DriverResult): string | undefined {
  if (res.body === '' || res.body === null || typeof res.body !== 'object') return undefined;
  const body = res.body as Record<string, unknown>;
  const shown = `${textOf(body.text)}${textOf(body.blocks)}`;
  return shown.length > 2 ? shown : undefined;
}

let channelCount = 0;

/** Sends `command text` in a fresh channel and returns what the user was shown (throws when nothing). */
export async function expectHelpfulReply(h: Harness, command: string, text: string): Promise<string> {
  channelCount += 1;
  const channel = `CFUZZ${String(channelCount).padStart(5, '0')}`;
  h.standin.addChannel({
    id: channel,
    name: `fuzz-${channelCount}`,
    is_private: false,
    is_im: false,
    is_member: true,
  });
  const res = await h.driver.command({ command, text, channel });
  expect(res.status, `${command} ${text.slice(0, 80)}`).toBe(200);
  expect(res.tooSlow, `${command} ack took ${res.elapsedMs} ms`).toBe(false);
  const reply = await waitFor(
    () => {
      const inAck = ackReply(res);
      if (inAck) return inAck;
      const shown = h.standin.messages(channel).map((m) => `${m.text}${JSON.stringify(m.blocks ?? [])}`);
      if (shown.length > 0) return shown.join('\n');
      const modal = h.standin
        .callsTo('views.open')
        .find((c) => c.args.trigger_id === res.triggerId && c.response.ok === true);
      return modal ? JSON.stringify(modal.args.view) : undefined;
    },
    { timeoutMs: 10_000, message: `a reply to ${command} ${JSON.stringify(text.slice(0, 80))}` },
  );
  expect(reply).not.toMatch(STACK_FRAME);
  return reply;
}

/** Watches the process for unhandled rejections while the fuzz runs (the app runs in this process). */
export function watchRejections(): { reasons: unknown[]; stop(): void } {
  const reasons: unknown[] = [];
  const listener = (reason: unknown) => reasons.push(reason);
  process.on('unhandledRejection', listener);
  return { reasons, stop: () => process.off('unhandledRejection', listener) };
}
