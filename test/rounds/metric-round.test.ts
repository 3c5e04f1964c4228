/**
 * A round of a meter's metrics (no form), for one person (posted to them by DM), creating its task at once: the
 * modal asks for the chosen metrics, the reading is written with the reader's key, the value out of limits is shown
 * in the round's channel with the task already created (with the reader's key). Then the workspace leaves: its
 * rounds are removed and nothing more is posted.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { removeRoundsWorkspace } from '../../src/rounds/index.ts';
import { TEAM } from '../../src/slack-standin/index.ts';
import { waitFor } from '../harness.ts';
import { MIN } from '../alerts/alerts-bed.ts';
import { startRoundsBed, type RoundsBed } from './rounds-bed.ts';

const ALERTS = 'C0ALERTS';
let bed: RoundsBed;

// Friday 27 March 2026 13:00Z = 08:00 in Chicago (CDT).
beforeAll(async () => {
  bed = await startRoundsBed('2026-03-27T13:00:00Z');
});
afterAll(() => bed.stop());

const blocksOf = (m: { blocks?: unknown } | undefined) => JSON.stringify(m?.blocks ?? []);

describe('a metrics round for a person', () => {
  it('is scheduled from a meter’s metrics', async () => {
    expect(await bed.command('/round', 'add Boiler Feed Flow metrics Flow Rate, Nonsense at 09:00')).toMatch(
      /has no metric “Nonsense”/,
    );
    const answer = await bed.command(
      '/round',
      'add Boiler Feed Flow metrics Flow Rate, Pressure at 09:00 on weekdays to <@U0BEN|ben> limit Pressure ..7 create tasks',
    );
    expect(answer).toMatch(
      /Round \*Boiler Feed Flow\* scheduled at 09:00 Mon–Fri, site time \(America\/Chicago\), posted to <@U0BEN> by DM/,
    );
    expect(await bed.command('/round', 'list')).toMatch(/1 rounds/);
    // A schedule change is an audit entry (issue 42), with the round's site.
    expect(bed.h.logs.filter((l) => l.audit === true && l.kind === 'schedule.changed')).toEqual([
      expect.objectContaining({
        slackUser: expect.any(String),
        detail: 'round at 09:00',
        site: expect.any(String),
      }),
    ]);
  });

  it('is posted to the person; Start asks for the metrics; the value out of limits gets its task at once', async () => {
    bed.advance(60 * MIN + 10_000);
    expect((await bed.tickBoth()).posted).toBe(1);
    const post = await waitFor(() =>
      bed.h.standin
        .messages()
        .find((m) => m.text.startsWith('Round due: Boiler Feed Flow') && !m.ephemeralTo),
    );
    expect(post.channel).not.toBe(ALERTS);
    const view = await bed.press('round_start', post, 'round_form_view', 'U0BEN');
    const shown = JSON.stringify(view.blocks);
    expect(shown).toContain('Flow Rate');
    expect(shown).toContain('Limits at most 7');
    const source = bed.h.sandbox.admin.state.sources.find((s) => s.name === 'Boiler Feed Flow')!;
    const tasksBefore = bed.h.sandbox.admin.written().tasks.length;
    const res = await bed.h.driver.viewSubmission({
      view,
      user: 'U0BEN',
      values: { fl_n_1201: '40', fl_n_1202: '9.5' },
    });
    expect(res.closed).toBe(true);
    const reading = await waitFor(() =>
      bed.h.sandbox.admin
        .written()
        .readings.find((r) => r.sourceId === source.id && r.values['1202'] === 9.5),
    );
    expect(reading.values['1201']).toBe(40);
    const notice = await waitFor(() =>
      bed.h.standin
        .messages(ALERTS)
        .find(
          (m) => m.text.startsWith('Outside limits: Pressure 9.5') && blocksOf(m).includes('Task created'),
        ),
    );
    expect(blocksOf(notice)).toContain('read by <@U0BEN>');
    expect(blocksOf(notice)).not.toContain('round_task');
    const created = bed.h.sandbox.admin.written().tasks.slice(tasksBefore);
    expect(created).toHaveLength(1);
    expect(String(created[0]?.body.description)).toMatch(/Pressure read 9.5, outside its limits at most 7/);
    const write = bed.h.sandbox.admin
      .requests()
      .filter((r) => r.method === 'POST' && r.path.startsWith('/task'))
      .at(-1);
    expect(write?.headers['x-api-key']).not.toBe(bed.h.sandbox.keys.full);
  });

  it('goes with the workspace: removed, nothing more is posted', async () => {
    await removeRoundsWorkspace(bed.h.deps.store, TEAM.id);
    expect(await bed.command('/round', 'list')).toMatch(/No rounds yet/);
    // Monday 09:00: it would have been due (weekdays); the workspace left, so nothing is posted
    bed.advance(3 * 24 * 60 * MIN);
    expect((await bed.tickBoth()).posted).toBe(0);
    expect(
      bed.h.standin.messages().filter((m) => /^Round (due|done): Boiler Feed Flow/.test(m.text)),
    ).toHaveLength(1);
    const left = bed.h.deps.store.namespace('rounds').namespace('ws').namespace(TEAM.id);
    expect(await left.get('defs')).toBeUndefined();
    expect(await left.get('oor-ids')).toBeUndefined();
    expect(await bed.h.deps.store.namespace('rounds-index').get('workspaces')).toEqual([]);
  });
});
