/**
 * Rounds end to end, through signed requests against the sandbox and the stand-in, on a clock the test moves: an
 * admin schedules a round; two schedulers (two stores on one sqlite file, as two replicas) tick at the due time and
 * the round is posted once; Start opens the form; a value outside its limits is marked, shown in the round's channel
 * and a task is created once from it with the presser's own key; a round not done in its window is reminded once
 * and shows as missed in the shift digest; App Home shows the last completion and the 7-day rate.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCycleAndDeliver } from '../fixtures/alert-cycle.ts';
import { waitFor } from '../harness.ts';
import { expectValidBlocks, MIN } from '../alerts/alerts-bed.ts';
import { startRoundsBed, type RoundsBed } from './rounds-bed.ts';

const ALERTS = 'C0ALERTS';
const ROUND = /^Round due: Daily Safety Round/;
let bed: RoundsBed;

// Friday 27 March 2026, 06:00Z = 07:00 in Berlin (CET); the round is due at 08:00 = 07:00Z.
beforeAll(async () => {
  bed = await startRoundsBed('2026-03-27T06:00:00Z');
});
afterAll(async () => {
  expectValidBlocks(bed.h);
  await bed.stop();
});

const blocksOf = (m: { blocks?: unknown } | undefined) => JSON.stringify(m?.blocks ?? []);
const readingsOf = (sourceId: string) =>
  bed.h.sandbox.admin.written().readings.filter((r) => r.sourceId === sourceId);
const taskPosts = () =>
  bed.h.sandbox.admin.requests().filter((r) => r.method === 'POST' && r.path.startsWith('/task'));

describe('rounds', () => {
  it('only an admin schedules one; the round is read with their key and says when it is next due', async () => {
    expect(await bed.command('/round', 'add Daily Safety Round at 08:00', { user: 'U0BEN' })).toMatch(
      /Only workspace admins/,
    );
    const answer = await bed.command(
      '/round',
      'add Daily Safety Round at 08:00 window 60m limit "Oil Level" 20..80',
    );
    expect(answer).toMatch(
      /Round \*Daily Safety Round\* scheduled at 08:00 every day, site time \(Europe\/Berlin\), posted to <#C0ALERTS>/,
    );
    expect(answer).toMatch(/Next due: Fri 27 Mar 08:00 site time/);
    expect(await bed.command('/round', 'add Daily Safety Round at 08:00 limit Nonsense 1..2')).toMatch(
      /has no field “Nonsense”/,
    );
    expect(await bed.command('/round', 'list')).toMatch(/1 rounds/);
  });

  it('is posted once when due, with two schedulers sharing the store', async () => {
    expect((await bed.tickBoth()).posted).toBe(0);
    expect(bed.posts(ALERTS, ROUND)).toHaveLength(0);
    bed.advance(60 * MIN + 30_000); // 08:00:30 Berlin
    const report = await bed.tickBoth();
    expect(report.posted).toBe(1);
    expect(bed.posts(ALERTS, ROUND)).toHaveLength(1);
    // ticking again (both replicas) posts nothing more
    expect((await bed.tickBoth()).posted).toBe(0);
    expect(bed.posts(ALERTS, ROUND)).toHaveLength(1);
    expect(blocksOf(bed.posts(ALERTS, ROUND)[0])).toContain('Oil Level 20–80');
  });

  it('Start opens the form; a value out of limits is marked, shown in the channel, and its task created once', async () => {
    const post = bed.posts(ALERTS, ROUND)[0]!;
    const view = await bed.press('round_start', post, 'round_form_view');
    expect(JSON.stringify(view.blocks)).toContain('Limits 20–80');
    const form = bed.h.sandbox.admin.state.sources.find((s) => s.name === 'Daily Safety Round')!;
    const before = readingsOf(form.id).length;
    const res = await bed.h.driver.viewSubmission({
      view,
      user: 'U0ANA',
      values: { fl_t_2101: 'Ana', fl_n_2102: '95', fl_t_2103: 'PASS', fl_t_2104: 'oil <high> & dark' },
    });
    expect(res.closed).toBe(true);
    await waitFor(() => readingsOf(form.id).length > before);
    expect(readingsOf(form.id).at(-1)?.values).toMatchObject({ '2102': 95 });
    const confirmation = await waitFor(() =>
      bed.ephemeralsTo(ALERTS, 'U0ANA').find((m) => blocksOf(m).includes('Outside limits')),
    );
    expect(blocksOf(confirmation)).toMatch(/Oil Level\* 95 — outside 20–80/);
    expect(blocksOf(confirmation)).toContain('&lt;high&gt; &amp; dark');
    const notice = await waitFor(() => bed.posts(ALERTS, /^Outside limits: Oil Level 95/)[0]);
    expect(blocksOf(notice)).toContain('read by <@U0ANA>');
    // the round's post is edited in place: done, by whom
    await waitFor(() =>
      blocksOf(bed.h.standin.messages(ALERTS).find((m) => m.ts === post.ts)).includes('Done by <@U0ANA>'),
    );

    // two people press Create task at once: one task, created with a person's own key
    const tasksBefore = taskPosts().length;
    await Promise.all(
      ['U0ANA', 'U0BEN'].map((user) =>
        bed.h.driver.blockAction({ actionId: 'round_task', message: notice.ts, channel: ALERTS, user }),
      ),
    );
    await waitFor(() =>
      blocksOf(bed.h.standin.messages(ALERTS).find((m) => m.ts === notice.ts)).includes('Task created'),
    );
    await waitFor(() =>
      ['U0ANA', 'U0BEN'].every((u) =>
        bed
          .ephemeralsTo(ALERTS, u)
          .some((m) => /task/i.test(m.text) && /created|exists|creating/.test(m.text)),
      ),
    );
    const created = taskPosts().slice(tasksBefore);
    expect(created).toHaveLength(1);
    expect(created[0]?.headers['x-api-key']).not.toBe(bed.h.sandbox.keys.full);
    const written = bed.h.sandbox.admin
      .written()
      .tasks.filter((t) => String(t.body.name).startsWith('Out of limits: Oil Level 95'));
    expect(written).toHaveLength(1);
    const description = String(written[0]?.body.description);
    expect(description).toMatch(/Oil Level read 95, outside its limits 20–80/);
    expect(description).toMatch(/Source: Daily Safety Round \(Berlin Plant\)/);
    expect(description).toMatch(/Read by Ana Silva/);
  });

  it('a round not done within its window is reminded once, and the digest shows it missed', async () => {
    await bed.monitor('subscribe alerts site Berlin Plant');
    await bed.monitor('digest at 06:00,14:00,22:00');
    // Saturday 08:00 Berlin: posted; nobody does it
    bed.advance(23 * 60 * MIN + 30 * MIN); // Sat 07:30:30 Berlin
    await bed.tickBoth();
    bed.advance(30 * MIN);
    expect((await bed.tickBoth()).posted).toBe(1);
    // the first is shown done now (edited in place); the second is due
    expect(bed.posts(ALERTS, /^Round (due|done): Daily Safety Round/)).toHaveLength(2);
    expect(bed.posts(ALERTS, ROUND)).toHaveLength(1);
    bed.advance(30 * MIN);
    expect((await bed.tickBoth()).reminded).toBe(0);
    bed.advance(31 * MIN); // past the 60 min window
    expect((await bed.tickBoth()).reminded).toBe(1);
    expect((await bed.tickBoth()).reminded).toBe(0);
    bed.advance(30 * MIN);
    expect((await bed.tickBoth()).reminded).toBe(0);
    expect(bed.posts(ALERTS, /^Reminder: round Daily Safety Round/)).toHaveLength(1);
    // the 14:00 shift change's digest
    bed.advance(4 * 60 * MIN + 30 * MIN); // 14:01:30 Berlin
    await runCycleAndDeliver(bed.relay);
    const digest = await waitFor(() => bed.posts(ALERTS, /^Shift handover — Berlin Plant/).at(-1));
    expect(digest.text).toContain('rounds missed 1');
    expect(blocksOf(digest)).toMatch(/Daily Safety Round\* — done 0 of 1 · :x: \*missed\* 08:00/);
  });

  it('App Home shows each round’s last completion, by whom, and its 7-day rate', async () => {
    await bed.h.driver.event({ type: 'app_home_opened', user: 'U0ANA', tab: 'home' });
    const home = await waitFor(() =>
      bed.h.standin
        .views()
        .find(
          (v) => v.type === 'home' && v.user === 'U0ANA' && JSON.stringify(v.blocks).includes('*Rounds*'),
        ),
    );
    const shown = JSON.stringify(home.blocks);
    expect(shown).toContain('last done by <@U0ANA>, Fri 27 Mar 08:00 site time');
    expect(shown).toContain('1 of 2 done in 7 days (50%)');
  });
});
