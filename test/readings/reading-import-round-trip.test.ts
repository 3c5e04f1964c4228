/**
 * Every export of fieldline imports back unchanged: the calculated-metric columns an export carries (and the
 * form's submission columns) are left out with a note, the rest is imported, and the outcome is said once, in
 * the file's thread where the person started the import (issue 35: no broadcast copy, no ephemeral copy).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkBlockKitAndStop } from '../fixtures/block-kit.ts';
import { startHarness, type Harness } from '../harness.ts';
import { CHANNEL, postedSince, sourceNamed, waitFor } from './source-helpers.ts';

const NOW = Date.parse('2026-11-03T12:00:00Z');
let h: Harness;
beforeAll(async () => {
  h = await startHarness({ clock: { now: () => NOW }, sandbox: { now: () => NOW } });
  // The export is the bot's file: importing it takes membership of the channel (issue 37), which Slack answers.
  expect(h.standin.members(CHANNEL)).toContain('U0ANA');
});
afterAll(() => checkBlockKitAndStop(h));

async function exportThenImport(sourceName: string, fileName: string) {
  await h.driver.command({ command: '/reading', text: `${sourceName} 2d export` });
  const file = await waitFor(() => h.standin.uploads().find((f) => f.name === fileName && f.completed), {
    timeoutMs: 20_000,
  });
  const message = await waitFor(() => h.standin.messages(CHANNEL).find((m) => m.files?.includes(file.id)));
  const imports = h.sandbox.admin.written().imports.length;
  const since = postedSince(h);
  await h.driver.messageShortcut('import_readings', { channel: CHANNEL, message });
  const view = await waitFor(() =>
    h.standin.views().find((v) => v.callback_id === 'reading_import' && v.open),
  );
  const id = sourceNamed(h, sourceName).id;
  await h.driver.blockSuggestion({ actionId: 'reading_import_source', value: sourceName, view });
  await h.driver.viewSubmission({ view, values: { source: id } });
  const confirmed = await waitFor(
    () => since().find((m) => m.text === `Import of ${fileName} confirmed` && !m.ephemeralTo),
    { timeoutMs: 20_000 },
  );
  const after = since();
  const exported = file.content.toString('utf8').trim().split('\n');
  return { confirmed, after, exported, message, run: h.sandbox.admin.written().imports.slice(imports) };
}

describe('export → import round trip', () => {
  it('imports a meter’s export back, leaving out Load Factor with a note', async () => {
    const { confirmed, after, exported, message, run } = await exportThenImport(
      'Main Energy Meter',
      'Main-Energy-Meter_last-2d.csv',
    );
    expect(exported[0]).toContain('Load Factor');
    expect(run).toHaveLength(1);
    // the sandbox records a column it could not match; none means the calculated column never reached it
    expect(run[0]).toMatchObject({ state: 'done', rows: exported.length - 1, errors: [] });
    const accepted = after.find((m) => m.text.includes('arrived; import is asynchronous') && !m.ephemeralTo);
    expect(JSON.stringify(accepted?.blocks)).toContain('Load Factor is calculated by the platform; left out');
    // said once, in the file's thread: not also sent to the channel, no ephemeral copies
    expect(confirmed.thread_ts).toBe(message.thread_ts ?? message.ts);
    expect(confirmed.reply_broadcast).toBeUndefined();
    await h.app.whenIdle();
    const user = h.standin.users[0]!.id;
    expect(
      h.standin.messages(CHANNEL).filter((m) => m.ephemeralTo === user && after.some((a) => a.ts <= m.ts)),
    ).toEqual([]);
  });

  for (const { kind, leftOut, sourceName, fileName, column, note } of [
    {
      kind: 'camera’s',
      sourceName: 'Gate Camera North',
      fileName: 'Gate-Camera-North_last-2d.csv',
      column: 'Occupancy',
      leftOut: 'Occupancy',
      note: 'Occupancy is calculated by the platform; left out',
    },
    {
      kind: 'form’s',
      sourceName: 'Daily Safety Round',
      fileName: 'Daily-Safety-Round_last-2d.csv',
      column: 'Submitted By',
      leftOut: 'the submission columns',
      note: 'are submission details; left out',
    },
  ]) {
    it(`imports a ${kind} export back, leaving out ${leftOut}`, async () => {
      const { exported, run, after } = await exportThenImport(sourceName, fileName);
      expect(exported[0]).toContain(column);
      expect(run[0]).toMatchObject({ state: 'done', rows: exported.length - 1, errors: [] });
      const accepted = after.find((m) => m.text.includes('arrived') && !m.ephemeralTo);
      expect(JSON.stringify(accepted?.blocks)).toContain(note);
    });
  }
});
