/**
 * A name typed with a slip is offered as "did you mean", never blamed on the range: the button runs the same request
 * (range and export as typed) with the name, resolved again with the clicker's own key. Local mode's people: Ana sees
 * every site, Ben only Chicago Works.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkBlockKitAndStop } from '../fixtures/block-kit.ts';
import { startHarness, type Harness } from '../harness.ts';
import { CHANNEL, expectValidBlockKit, postedSince, waitFor } from './source-helpers.ts';

const NOW = Date.parse('2026-11-25T12:00:00Z');
const ANA = 'U0ANA';
const BEN = 'U0BEN';
let h: Harness;
beforeAll(async () => {
  h = await startHarness({ links: 'local', clock: { now: () => NOW }, sandbox: { now: () => NOW } });
});
afterAll(() => checkBlockKitAndStop(h));

/** `/reading <text>` as `user`; the note only they see that answers it. */
async function ask(text: string, user = ANA) {
  const since = postedSince(h);
  await h.driver.command({ command: '/reading', text, user });
  return waitFor(() =>
    since().find((m) => m.ephemeralTo === user && /did you mean|I found|No data source/.test(m.text)),
  );
}

/** Clicks the first "did you mean" button of `offer` as `user`; resolves to the answer message's update. */
async function choose(offer: Awaited<ReturnType<typeof ask>>, user = ANA) {
  const button = offer.blocks
    ?.flatMap((b) => (b as { elements?: { action_id?: string; value?: string }[] }).elements ?? [])
    .find((e) => e.action_id?.startsWith('reading_did_you_mean'));
  if (!button?.action_id || button.value === undefined) throw new Error('no did-you-mean button');
  const before = h.standin.callsTo('chat.update').length;
  const since = postedSince(h);
  await h.driver.blockAction({
    actionId: button.action_id,
    value: button.value,
    message: offer,
    channel: CHANNEL,
    user,
  });
  return { before, since, value: button.value };
}

describe('/reading with a near-miss name', () => {
  it('offers Main Energy Meter for “Main Enrgy Meter 24h”, keeping the range, not blaming it', async () => {
    const offer = await ask('Main Enrgy Meter 24h');
    expect(offer.text).toContain('did you mean Main Energy Meter?');
    const blocks = JSON.stringify(offer.blocks);
    expect(blocks).toContain('No data source is named *Main Enrgy Meter*');
    expect(blocks).toContain('`/reading Main Energy Meter 24h`');
    expect(offer.text).not.toContain('not the range');
    expect(blocks).not.toContain('Enrgy Meter”');
  });

  it('runs the same request with the name when the button is clicked', async () => {
    const offer = await ask('Main Enrgy Meter 24h');
    const { before } = await choose(offer);
    await waitFor(() =>
      h.standin
        .callsTo('chat.update')
        .slice(before)
        .find((c) => String(c.args.text).startsWith('Main Energy Meter — last 24 h')),
    );
  });

  it('keeps export and a since range as typed', async () => {
    const offer = await ask('Main Enrgy Meter since yesterday export');
    expect(JSON.stringify(offer.blocks)).toContain('`/reading Main Energy Meter since yesterday export`');
    const { before } = await choose(offer);
    await waitFor(() =>
      h.standin
        .callsTo('chat.update')
        .slice(before)
        .find((c) =>
          /Main Energy Meter.*since yesterday \(2026-11-24\).*readings exported/.test(String(c.args.text)),
        ),
    );
  });

  it('says a name and a range are both off: the name it meant, and what about the range it did not get', async () => {
    const reply = await ask('Main Enrgy Meter since lunch');
    expect(reply.text).toContain(
      'No data source is named *Main Enrgy Meter*: did you mean *Main Energy Meter*?',
    );
    expect(reply.text).toContain('“lunch” after “since” is not a day or time I understand');
  });

  it('does not take leading words of a longer name as the source (“Main” of Main Energy Meter)', async () => {
    const reply = await ask('Main Xyzzy Qwerty 24h');
    expect(reply.text).toContain('No data source matches');
    expect(reply.text).not.toContain('I found');
  });

  it('resolves the name again for the clicker: a button naming a source Ben cannot see reads nothing', async () => {
    const offer = await ask('Main Enrgy Meter 24h');
    const mark = h.sandbox.admin.requests().length;
    const { since } = await choose(offer, BEN);
    const note = await waitFor(() =>
      since().find((m) => m.ephemeralTo === BEN && m.text.includes('No data source matches')),
    );
    expect(note.text).toContain('Main Energy Meter');
    // every platform call for the click carried Ben's own key, and none read Main Energy Meter's readings
    const calls = h.sandbox.admin
      .requests()
      .slice(mark)
      .filter((r) => r.kind === 'api');
    expect(calls.length).toBeGreaterThan(0);
    for (const c of calls) expect(c.headers['x-api-key']).toBe(h.sandbox.userKeys.ben);
    expect(calls.filter((c) => c.path === '/reading')).toEqual([]);
    expectValidBlockKit(h.standin);
  });
});
