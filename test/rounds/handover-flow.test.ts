/**
 * A handover the next shift accepts, end to end on a clock the test moves: an admin sets up Chicago Works' handover
 * in #alerts (its form, the seeded "Shift Handover Checklist"); before the 14:00 shift change the outgoing lead is
 * offered it (once, with two schedulers), fills it in (one reading with their key); the digest at the change carries
 * the answers with Accept handover; two people accept at once — one acceptance, the other told who, the digest
 * edited in place; the next handover, not accepted in time, is reminded once (with the group); the digest after it
 * says whether the last one was accepted. A site without a form gets a note instead.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCycleAndDeliver } from '../fixtures/alert-cycle.ts';
import { waitFor } from '../harness.ts';
import { expectValidBlocks, MIN } from '../alerts/alerts-bed.ts';
import { startRoundsBed, type RoundsBed } from './rounds-bed.ts';

const ALERTS = 'C0ALERTS';
const DIGEST = /^Shift handover — Chicago Works/;
let bed: RoundsBed;
/** Who won the acceptance of the 14:00 handover. */
let accepted = '';

// Friday 27 March 2026 17:00Z = 12:00 in Chicago (CDT, UTC−5); shift changes 06:00, 14:00, 22:00 site time.
beforeAll(async () => {
  bed = await startRoundsBed('2026-03-27T17:00:00Z');
});
afterAll(async () => {
  expectValidBlocks(bed.h);
  await bed.stop();
});

const blocksOf = (m: { blocks?: unknown } | undefined) => JSON.stringify(m?.blocks ?? []);
const message = (ts: string) => bed.h.standin.messages(ALERTS).find((m) => m.ts === ts);

describe('handover', () => {
  it('an admin sets it up with the site’s handover form', async () => {
    await bed.monitor('subscribe alerts site Chicago Works');
    await bed.monitor('digest at 06:00,14:00,22:00');
    expect(await bed.command('/handover', 'setup site Chicago Works', { user: 'U0BEN' })).toMatch(
      /Only workspace admins/,
    );
    const answer = await bed.command(
      '/handover',
      'setup site Chicago Works accept 30m group <!subteam^S0LEADS|@plant-leads>',
    );
    expect(answer).toMatch(
      /\*Chicago Works\* hands over in this channel with the \*Shift Handover Checklist\*/,
    );
    expect(answer).toMatch(/06:00, 14:00, 22:00 site time/);
  });

  it('offers it once before the shift change; the lead fills it in', async () => {
    expect((await bed.tickBoth()).offered).toBe(0);
    bed.advance(95 * MIN); // 13:35
    expect((await bed.tickBoth()).offered).toBe(1);
    expect((await bed.tickBoth()).offered).toBe(0);
    const offer = bed.posts(ALERTS, /^Shift change at 14:00 \(Chicago Works\)/);
    expect(offer).toHaveLength(1);
    const view = await bed.press('handover_fill', offer[0]!, 'handover_view', 'U0DAV');
    const form = bed.h.sandbox.admin.state.sources.find((s) => s.name === 'Shift Handover Checklist')!;
    const before = bed.h.sandbox.admin.written().readings.filter((r) => r.sourceId === form.id).length;
    const res = await bed.h.driver.viewSubmission({
      view,
      user: 'U0DAV',
      values: { fl_t_2101: 'David', fl_n_2102: '70', fl_t_2103: 'PASS', fl_t_2104: 'Pump 3 <noisy> & warm' },
    });
    expect(res.closed).toBe(true);
    await waitFor(
      () => bed.h.sandbox.admin.written().readings.filter((r) => r.sourceId === form.id).length > before,
    );
    const kept = await waitFor(() =>
      bed.ephemeralsTo(ALERTS, 'U0DAV').find((m) => m.text.includes('Handover kept')),
    );
    expect(kept.text).toContain('14:00 shift change');
  });

  it('the digest at the change carries it; two accept at once: one acceptance, edited in place', async () => {
    bed.advance(26 * MIN); // 14:01
    await runCycleAndDeliver(bed.relay);
    const digest = await waitFor(() => bed.posts(ALERTS, DIGEST).at(-1));
    const shown = blocksOf(digest);
    expect(digest.text).toContain('handover filled in');
    expect(shown).toContain('Handover by <@U0DAV>');
    expect(shown).toContain('Pump 3 &lt;noisy&gt; &amp; warm');
    expect(shown).toContain('Accept handover');
    // open incidents and tasks are still there, beside it
    expect(shown).toContain('Open incidents');

    await Promise.all(
      ['U0ANA', 'U0BEN'].map((user) =>
        bed.h.driver.blockAction({ actionId: 'handover_accept', message: digest.ts, channel: ALERTS, user }),
      ),
    );
    const answers = await waitFor(() => {
      const got = ['U0ANA', 'U0BEN'].map((u) =>
        bed
          .ephemeralsTo(ALERTS, u)
          .find((m) => /^(:handshake: You accepted|This handover was already accepted)/.test(m.text)),
      );
      return got.every(Boolean) ? got : undefined;
    });
    const texts = answers.map((m) => m!.text);
    expect(texts.filter((t) => t.startsWith(':handshake: You accepted'))).toHaveLength(1);
    const winner = texts[0]!.startsWith(':handshake:') ? 'U0ANA' : 'U0BEN';
    expect(texts.filter((t) => t.includes(`already accepted by <@${winner}>`))).toHaveLength(1);
    const edited = await waitFor(() =>
      blocksOf(message(digest.ts)).includes('Handover accepted by') ? message(digest.ts) : undefined,
    );
    expect(blocksOf(edited)).toContain(`Handover accepted by <@${winner}> at 14:01 site time`);
    expect(blocksOf(edited)).not.toContain('"action_id":"handover_accept"');
    expect(blocksOf(edited)).toContain('Open incidents');
    accepted = winner;
  });

  it('not accepted in time: one reminder (with the group); the next digest says the last was not accepted', async () => {
    // 22:00: the next change; nobody fills in or accepts
    bed.advance(8 * 60 * MIN); // 22:01
    await runCycleAndDeliver(bed.relay);
    const digest = await waitFor(() =>
      bed.posts(ALERTS, DIGEST).find((m) => blocksOf(m).includes('No handover was filled in')),
    );
    expect(blocksOf(digest)).toContain(`Last handover (14:00): accepted by <@${accepted}> at 14:01`);
    expect((await bed.tickBoth()).handoverReminders).toBe(0);
    bed.advance(20 * MIN);
    expect((await bed.tickBoth()).handoverReminders).toBe(0);
    bed.advance(11 * MIN); // 22:32, 31 min after the digest
    expect((await bed.tickBoth()).handoverReminders).toBe(1);
    expect((await bed.tickBoth()).handoverReminders).toBe(0);
    bed.advance(60 * MIN);
    expect((await bed.tickBoth()).handoverReminders).toBe(0);
    const reminders = bed.posts(ALERTS, /is not accepted yet$/);
    expect(reminders).toHaveLength(1);
    expect(blocksOf(reminders[0])).toContain('<!subteam^S0LEADS>');
    // 06:00: the digest says the 22:00 handover was not accepted
    bed.advance(7 * 60 * MIN);
    await runCycleAndDeliver(bed.relay);
    const next = await waitFor(() =>
      bed.posts(ALERTS, DIGEST).find((m) => blocksOf(m).includes('Last handover (22:00)')),
    );
    expect(blocksOf(next)).toContain('Last handover (22:00): *not accepted*');
  });

  it('a site without a handover form hands over with a note', async () => {
    await bed.monitor('subscribe alerts site Pune Assembly');
    expect(await bed.command('/handover', 'setup site Pune Assembly')).toMatch(
      /a free-text note \(the site has no handover form\)/,
    );
    const before = bed.h.standin.views().length;
    await bed.h.driver.command({ command: '/handover', text: 'Pune', channel: ALERTS, user: 'U0DAV' });
    const view = await waitFor(() =>
      bed.h.standin
        .views()
        .slice(before)
        .find((v) => v.open && v.callback_id === 'handover_view' && v.user === 'U0DAV'),
    );
    expect(JSON.stringify(view.blocks)).toContain('handover_note');
    const empty = await bed.h.driver.viewSubmission({
      view,
      user: 'U0DAV',
      values: { handover_note: '  ' },
      allowMissingRequired: true,
    });
    expect(empty.closed).toBe(false);
    const res = await bed.h.driver.viewSubmission({
      view,
      user: 'U0DAV',
      values: { handover_note: 'Line 2 stopped for cleaning' },
    });
    expect(res.closed).toBe(true);
    await waitFor(
      () => bed.ephemeralsTo(ALERTS, 'U0DAV').filter((m) => m.text.includes('Handover kept')).length >= 2,
    );
  });
});
