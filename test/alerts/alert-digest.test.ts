import { afterEach, describe, expect, it } from 'vitest';
import type { StoredMessage } from '../../src/slack-standin/index.ts';
import { runCycleAndDeliver } from '../fixtures/alert-cycle.ts';
import { waitFor } from '../harness.ts';
import { ALERTS, expectValidBlocks, MIN, startAlertsBed, type AlertsBed } from './alerts-bed.ts';

const HALF_HOUR = 30 * MIN;
const digests = (bed: AlertsBed): StoredMessage[] =>
  bed.parents(ALERTS).filter((m) => m.text.startsWith('Shift handover'));
const site = (m: StoredMessage | undefined) =>
  /Shift handover — ([^(:]+?)( \(late\))?:/.exec(m?.text ?? '')?.[1];
const blocksOf = (m: StoredMessage | undefined) => JSON.stringify(m?.blocks ?? []);

describe('alerts: shift handover digest', () => {
  let bed: AlertsBed;
  afterEach(() => bed.stop());

  /** Half-hour ticks until `iso`; returns which digests appeared at which UTC half hour. */
  async function runUntil(iso: string, script: Record<string, () => unknown> = {}): Promise<string[]> {
    const seen: string[] = [];
    while (bed.now() < Date.parse(iso)) {
      const before = digests(bed).length;
      bed.advance(HALF_HOUR);
      const slot = new Date(Math.round(bed.now() / HALF_HOUR) * HALF_HOUR).toISOString().slice(11, 16);
      await script[slot]?.();
      await runCycleAndDeliver(bed.relay);
      for (const m of digests(bed).slice(before)) seen.push(`${site(m)} ${slot}`);
    }
    return seen;
  }

  it('posts each site at its own local shift change on 2026-03-29 (Berlin skips 02:00–03:00), with the shift in it', async () => {
    bed = await startAlertsBed({ startAt: '2026-03-28T20:00:00Z' });
    const admin = bed.h.sandbox.admin;
    bed.setCamera();
    await bed.monitor('subscribe alerts site Berlin Plant site Chicago Works');
    await bed.monitor('subscribe tasks site Berlin Plant site Chicago Works');
    expect(await bed.monitor('digest at 02:30,06:00,22:00')).toMatch(/each site in its own time zone/);
    await bed.tick(0);

    const ana = admin.state.users.find((u) => u.email === 'ana.silva@plant.example');
    const anaSlack = bed.h.standin.users.find((u) => u.email === ana?.email)?.id;
    const berlinTasks = admin.state.tasks.filter((t) => t.siteId === '101' && t.statusId === '5');
    const [toDone, toCancel, overdue] = berlinTasks;
    const sensor = admin.state.sources.find((s) => s.siteId === '101' && s.applyingId === 1);
    // The scripted night shift at Berlin Plant (22:00 CET → 03:30 CEST), in UTC half hours.
    const seen = await runUntil('2026-03-29T04:15:00Z', {
      '21:30': () => {
        bed.setCamera({ onLine: false });
        admin.setLastReadingAge(sensor?.id ?? '', 3 * 3600);
        admin.updateTask(overdue?.id ?? '', { dueDate: '2026-03-20', assigneeId: ana?.id ?? null });
      },
      '23:00': () => void admin.createTask({ name: 'Night shift: check dock door', siteId: '101' }),
      '23:30': () => admin.updateTask(toDone?.id ?? '', { statusId: '20' }),
      '00:00': () => admin.updateTask(toCancel?.id ?? '', { statusId: '25' }),
      '00:30': async () => {
        const parent = bed.parents(ALERTS).find((m) => m.text.includes('Gate Camera North'));
        await bed.h.driver.blockAction({
          actionId: 'alert_ack',
          message: parent?.ts ?? '',
          channel: ALERTS,
          user: anaSlack,
        });
        await waitFor(() =>
          blocksOf(bed.parents(ALERTS).find((m) => m.ts === parent?.ts)).includes('Acknowledged by'),
        );
      },
    });
    // 22:00 CET = 21:00Z; 02:30 does not exist on 2026-03-29 → 03:30 CEST = 01:30Z, once; 06:00 CEST = 04:00Z.
    // Chicago (CDT, UTC−5): 22:00 = 03:00Z.
    expect(seen).toEqual([
      'Berlin Plant 21:00',
      'Berlin Plant 01:30',
      'Chicago Works 03:00',
      'Berlin Plant 04:00',
    ]);
    const night = digests(bed).filter((m) => site(m) === 'Berlin Plant')[1];
    const shown = blocksOf(night);
    expect(shown).toContain('shift change at 03:30 site time');
    expect(shown).toMatch(
      /Open incidents\* \(\d+\)[^"]*Gate Camera North\* — Offline[^·]* · \d+ h( \d+ min)? · acknowledged by <@U0ANA> at 01:30 site time/,
    );
    expect(shown).toMatch(
      /Incidents raised this shift\* \(\d+\)[^"]*Gate Camera North\* at \d\d:\d\d site time/,
    );
    expect(shown).toMatch(
      /Tasks created this shift\* \(1\)\\n\*Night shift: check dock door\* at 00:00 site time/,
    );
    expect(shown).toContain(`Tasks done this shift* (1)\\n*${toDone?.name}*`);
    expect(shown).toContain(`Tasks cancelled this shift* (1)\\n*${toCancel?.name}*`);
    expect(shown).toMatch(/Tasks overdue now\*, oldest first \(\d+\)/);
    expect(shown).toContain(`*${overdue?.name}* — due 2026-03-20 · <@${anaSlack}>`);
    expect(shown).toMatch(new RegExp(`Sources silent now\\* \\(\\d+\\)[^"]*${sensor?.name}`));
    expect(shown).not.toContain('late');
    expectValidBlocks(bed.h);
  });

  it('on 2026-11-01 Chicago repeats 01:00–02:00: its 01:30 shift change is posted once', async () => {
    bed = await startAlertsBed({ startAt: '2026-10-31T23:00:00Z' });
    await bed.monitor('subscribe alerts site Berlin Plant site Chicago Works');
    await bed.monitor('digest at 01:30,06:00');
    await bed.tick(0);
    const seen = await runUntil('2026-11-01T12:15:00Z');
    // Berlin (CET since 2026-10-25): 01:30 = 00:30Z, 06:00 = 05:00Z. Chicago: 01:30 CDT = 06:30Z (not again at
    // 07:30Z, the repeated 01:30 CST), 06:00 CST = 12:00Z.
    expect(seen).toEqual([
      'Berlin Plant 00:30',
      'Berlin Plant 05:00',
      'Chicago Works 06:30',
      'Chicago Works 12:00',
    ]);
  });

  it('/monitor digest now posts the current digest for anyone; "and N more" lists the rest', async () => {
    bed = await startAlertsBed();
    await bed.monitor('subscribe alerts site Berlin Plant');
    await bed.monitor('subscribe tasks site Berlin Plant');
    await bed.tick(0);
    const admin = bed.h.sandbox.admin;
    for (const n of [1, 2, 3, 4, 5])
      admin.createTask({ name: `Overdue check ${n}`, siteId: '101', dueDate: `2020-01-0${n}` });
    await bed.tick(MIN);
    const nonAdmin = bed.h.standin.users.find((u) => !u.is_admin && !u.is_owner)?.id;
    await bed.h.driver.command({
      command: '/monitor',
      text: 'digest at 06:00',
      channel: ALERTS,
      user: nonAdmin,
    });
    await waitFor(() =>
      bed.h.standin
        .messages(ALERTS)
        .find((m) => m.ephemeralTo === nonAdmin && m.text.includes('Only workspace admins')),
    );
    admin.clearRequests();
    await bed.h.driver.command({ command: '/monitor', text: 'digest now', channel: ALERTS, user: nonAdmin });
    const digest = await waitFor(() => digests(bed)[0]);
    // Built from the relay's records: not one platform call.
    expect(admin.requests().filter((r) => r.kind === 'api')).toEqual([]);
    expect(digest.text).toMatch(/^Shift handover — now: Berlin Plant \(open \d+, raised \d+/);
    // It says which window it used and why (no shift times here: the non-admin's `digest at` was refused).
    expect(blocksOf(digest)).toContain(
      'since its last shift change at the default times (06:00, 14:00, 22:00 site time): this channel has none of its own. Set them with `/monitor digest at`',
    );
    expect(blocksOf(digest)).not.toContain('this shift since');
    expect(blocksOf(digest)).toMatch(/\*Berlin Plant\* · since \d\d:\d\d site time/);
    expect(blocksOf(digest)).toMatch(/Tasks overdue now\*, oldest first \((\d+)\)/);
    const more = await bed.h.driver.blockAction({
      actionId: 'digest_more_overdue_0',
      message: digest.ts,
      channel: ALERTS,
      user: nonAdmin,
    });
    expect(more.status).toBe(200);
    const listed = await waitFor(() =>
      bed.h.standin.messages(ALERTS).find((m) => m.ephemeralTo === nonAdmin && m.text.startsWith('overdue:')),
    );
    const total = Number(/\((\d+)\)/.exec(blocksOf(digest).split('Tasks overdue now')[1] ?? '')?.[1]);
    expect(listed.text).toBe(`overdue: ${total}`);
    expect(total).toBeGreaterThan(3);
    expectValidBlocks(bed.h);
  });

  it('/monitor digest now posts ONE message for every site, each a section, naming the window of shift times', async () => {
    bed = await startAlertsBed();
    await bed.monitor('subscribe alerts');
    await bed.monitor('digest at 06:00,18:00');
    await bed.tick(0);
    const before = bed.parents(ALERTS).length;
    await bed.h.driver.command({ command: '/monitor', text: 'digest now', channel: ALERTS });
    await waitFor(() => digests(bed)[0]);
    await bed.h.app.whenIdle();
    const posted = bed.parents(ALERTS).slice(before);
    expect(posted).toHaveLength(1);
    const shown = blocksOf(posted[0]);
    for (const name of ['Berlin Plant', 'Chicago Works', 'Sydney Terminal'])
      expect(shown).toMatch(new RegExp(`\\*${name}\\* · since \\d\\d:\\d\\d site time`));
    expect(shown).toContain(
      'Each site since its last shift change (06:00, 18:00 site time, set with `/monitor digest at`)',
    );
    expectValidBlocks(bed.h);
  });

  it('two replicas post one digest per shift change; one missed while none ran is posted late, once', async () => {
    bed = await startAlertsBed({ startAt: '2026-11-20T12:50:00Z' }); // 13:50 in Berlin
    await bed.monitor('subscribe alerts site Berlin Plant');
    await bed.monitor('digest at 06:00,14:00,22:00 site Berlin Plant');
    expect(await bed.monitor('list')).toMatch(
      /Shift handover digest\* for \*Berlin Plant\* at 06:00, 14:00, 22:00/,
    );
    await bed.tick(0);
    const other = bed.newEngine();
    bed.advance(12 * MIN); // 14:02 Berlin: past the 14:00 shift change
    for (const relay of [bed.relay, other, bed.relay]) await runCycleAndDeliver(relay);
    expect(digests(bed).map((m) => m.text.split(':')[0])).toEqual(['Shift handover — Berlin Plant']);

    // Nothing runs through 22:00 and 06:00; the next cycle posts the latest shift change once, marked late.
    bed.advance(17 * 60 * MIN); // 07:05 the next morning
    for (const relay of [other, bed.relay]) await runCycleAndDeliver(relay);
    bed.advance(MIN);
    await runCycleAndDeliver(bed.relay);
    await other.stop();
    const all = digests(bed);
    expect(all).toHaveLength(2);
    expect(all[1]?.text).toMatch(/^Shift handover — Berlin Plant \(late\)/);
    expect(blocksOf(all[1])).toMatch(/shift change at 06:00 site time · :hourglass: \*late\*/);
  });
});
