/**
 * Issue 35: a refused person (a guest, a Slack Connect partner) who sends a second command within a few seconds is
 * answered again. The gate remembers a refusal; when the remembered refusal is met where the ack is no longer
 * Slack's answer (the request's job: the receiving thread had not seen the decision yet), the refusal goes
 * through the response_url instead of an ack nobody reads. Nothing reaches the platform either way.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DriverResult } from '../../src/slack-standin/index.ts';
import { startHarness, waitFor, type Harness } from '../harness.ts';
import { platformCallsSince, requestMark, textOf } from './access-helpers.ts';

const CHANNEL = 'C0GENERAL';
/** Commands the lister takes (each its own signed request, so none is a replay of another). */
const TEXTS = ['list all', 'list open', 'list overdue', 'list site chicago'];
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.each(['event-loop', 'thread'] as const)('refusals are always answered (jobs: %s)', (runner) => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ links: 'local', jobs: { runner } });
  });
  afterAll(async () => {
    await h?.stop();
  });

  /** Runs `send`, then counts the refusals `user` was shown: in an ack, or ephemeral in the channel. */
  async function answersTo(user: string, why: string, expected: number, send: () => Promise<DriverResult[]>) {
    const mark = requestMark(h);
    const before = h.standin.messages(CHANNEL).length;
    const results = await send();
    const inAck = results.filter((r) =>
      (r.body as { text?: string } | undefined)?.text?.includes(why),
    ).length;
    const later = () =>
      h.standin
        .messages(CHANNEL)
        .slice(before)
        .filter((m) => m.ephemeralTo === user && textOf(m).includes(why)).length;
    await waitFor(() => inAck + later() >= expected, { timeoutMs: 15_000 }).catch(() => undefined);
    await h.app.whenIdle();
    // Nobody with a key acts meanwhile: any platform call would be the refused person's.
    expect(platformCallsSince(h, mark)).toEqual([]);
    return inAck + later();
  }

  const command = (user: string, text = 'list all') =>
    h.driver.command({ command: '/task', text, user, channel: CHANNEL });

  it('a guest sending a second command 1 s after the first is answered both times', async () => {
    const why = 'not available to workspace guests';
    const count = await answersTo('U0GUS', why, 2, async () => {
      const first = await command('U0GUS');
      await sleep(1_000);
      return [first, await command('U0GUS', 'list site chicago')];
    });
    expect(count).toBe(2);
  });

  it('16 commands at once from a Slack Connect partner each get the refusal', async () => {
    const why = 'another organisation';
    const count = await answersTo('U0KAI', why, 16, () =>
      Promise.all(Array.from({ length: 16 }, (_, i) => command('U0KAI', TEXTS[i % TEXTS.length]))),
    );
    expect(count).toBe(16);
  });

  it('16 more at once, once the refusal is remembered everywhere, each get it too', async () => {
    const why = 'another organisation';
    const count = await answersTo('U0KAI', why, 16, () =>
      Promise.all(Array.from({ length: 16 }, (_, i) => command('U0KAI', TEXTS[(i + 1) % TEXTS.length]))),
    );
    expect(count).toBe(16);
  });
});
