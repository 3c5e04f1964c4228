/**
 * The platform's answer for the acting person decides, never a value that came back from Slack: Ben's key (Chicago
 * Works only) decides his data-source typeahead and exports; a data source's site comes from the platform, not
 * from the option value `1001|102`; a relay message's buttons act as the person who clicks. A refusal keeps what
 * the person entered (the form can be opened again).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JsonObject, StoredView } from '../../src/slack-standin/index.ts';
import { clickAlertButton, postSilentAlert } from '../fixtures/alert-parent.ts';
import { checkBlockKitAndStop } from '../fixtures/block-kit.ts';
import { startHarness, waitFor, type Harness } from '../harness.ts';
import { openByCommand, pickInView, tasksWritten } from '../tasks/task-helpers.ts';
import { textOf } from './access-helpers.ts';

let h: Harness;
beforeAll(async () => {
  h = await startHarness({ links: 'local' });
});
afterAll(() => checkBlockKitAndStop(h));

const BEN = 'U0BEN';
const ANA = 'U0ANA';
const opt = (text: string, value: string): JsonObject => ({ text: { type: 'plain_text', text }, value });
/** Sources Ben's key may read, as the sandbox decides (Chicago's own, and Berlin's one shared source). */
const readableByBen = () =>
  new Set(h.sandbox.admin.state.sources.filter((s) => s.siteId === '102' || s.isShared).map((s) => s.id));

/** The first ephemeral message to `user` after `before` (all channels) whose text matches `pattern`. */
const toldSince = (before: number, user: string, pattern: RegExp) =>
  waitFor(
    () =>
      h.standin
        .messages()
        .slice(before)
        .find((m) => m.ephemeralTo === user && pattern.test(textOf(m))),
    { timeoutMs: 10_000 },
  );

describe("Ben's data sources and exports", () => {
  it('offers only the data sources his key reads in the task modal typeahead', async () => {
    const view = await openByCommand(h, 'new Meter reads zero', 'C0GENERAL', BEN);
    const res = await h.driver.blockSuggestion({ actionId: 'task_device', value: '', view, user: BEN });
    const options = (res.body as { options: { value: string }[] }).options;
    expect(options.length).toBeGreaterThan(0);
    const readable = readableByBen();
    for (const o of options) expect(readable.has(o.value.split('|')[0]!), o.value).toBe(true);
    expect(JSON.stringify(options)).not.toContain('Main Energy Meter');
  });

  it.each([['reading_import_source'], ['file_target']])(
    'offers only what his key reads in the %s picker',
    async (actionId) => {
      const picker = h.standin.addMessage({
        channel: 'C0GENERAL',
        user: h.standin.botUserId,
        text: 'picker',
        blocks: [
          {
            type: 'actions',
            elements: [
              {
                type: 'external_select',
                action_id: actionId,
                placeholder: { type: 'plain_text', text: 'Pick' },
              },
            ],
          },
        ] as never,
      });
      const res = await h.driver.blockSuggestion({ actionId, value: '', message: picker, user: BEN });
      const options = (res.body as { options: { value: string; text: { text: string } }[] }).options;
      expect(options.length).toBeGreaterThan(0);
      const readable = readableByBen();
      for (const o of options) {
        const id = o.value.replace(/^ds:/, '');
        if (o.value.startsWith('site:')) expect(o.value).toBe('site:102');
        else expect(readable.has(id), o.text.text).toBe(true);
      }
      expect(JSON.stringify(options)).not.toContain('Main Energy Meter');
    },
  );

  it('exports a Chicago meter with his own key', async () => {
    const before = h.sandbox.admin.requests().length;
    await h.driver.command({ command: '/reading', text: 'Line 1 Energy Meter 7d export', user: BEN });
    const call = await waitFor(
      () =>
        h.sandbox.admin
          .requests()
          .slice(before)
          .find((r) => r.path === '/export'),
      { timeoutMs: 20_000 },
    );
    expect(call.query.meterId).toBe('1008');
    expect(call.headers['x-api-key']).toBe(h.sandbox.userKeys.ben);
  });

  it("an Export button from Ana's Berlin answer, clicked by Ben, exports nothing and tells him why", async () => {
    const before = h.standin.callsTo('chat.update').length;
    await h.driver.command({ command: '/reading', text: 'Main Energy Meter 24h', user: ANA });
    const update = await waitFor(
      () =>
        h.standin
          .callsTo('chat.update')
          .slice(before)
          .find((c) => c.response.ok === true && JSON.stringify(c.args).includes('source_export')),
      { timeoutMs: 20_000 },
    );
    const answer = h.standin
      .messages(String(update.args.channel))
      .find((m) => m.ts === String(update.args.ts))!;
    const mark = h.sandbox.admin.requests().length;
    const told = h.standin.messages().length;
    await h.driver.blockAction({
      actionId: 'source_export',
      message: answer,
      channel: answer.channel,
      user: BEN,
    });
    await toldSince(told, BEN, /no access to/);
    await h.app.whenIdle();
    const exports = h.sandbox.admin
      .requests()
      .slice(mark)
      .filter((r) => r.path === '/export' && r.status === 200);
    expect(exports).toEqual([]);
  });
});

describe("a data source's site comes from the platform", () => {
  async function submitForged(user: string, site: JsonObject, device: JsonObject) {
    const view = await openByCommand(h, 'new Forged meter task', 'C0GENERAL', user);
    const writes = tasksWritten(h).length;
    const before = h.standin.messages().length;
    const res = await h.driver.viewSubmission({
      view,
      values: { task_site: site, task_kind: '3', task_device: device },
      user,
    });
    return { res, writes, before };
  }

  it('a Chicago meter under Berlin (value "1008|101") is refused with the reason, the input kept, nothing created', async () => {
    const { res, writes, before } = await submitForged(
      ANA,
      opt('Berlin Plant', '101'),
      opt('Line 1 Energy Meter', '1008|101'),
    );
    expect(res.closed).toBe(true);
    const told = await toldSince(before, ANA, /belongs to Chicago Works, not to Berlin Plant/);
    expect(textOf(told)).toContain('Open the form again');
    expect(textOf(told)).toContain('Forged meter task');
    await h.app.whenIdle();
    expect(tasksWritten(h).length).toBe(writes);
  });

  it('Ben naming a Berlin meter under Chicago (value "1001|102") is told he has no access to it', async () => {
    const { writes, before } = await submitForged(
      BEN,
      opt('Chicago Works', '102'),
      opt('Main Energy Meter', '1001|102'),
    );
    const told = await toldSince(before, BEN, /no access to data source 1001/);
    expect(textOf(told)).toContain('Open the form again');
    await h.app.whenIdle();
    expect(tasksWritten(h).length).toBe(writes);
  });
});

describe('relay message buttons act as the person who clicks', () => {
  it("Create task on a Berlin alert, submitted by Ben, uses Ben's key and is refused", async () => {
    const parent = await postSilentAlert(h, '1001', 'a1');
    const views = h.standin.views().length;
    await clickAlertButton(h, parent, 'alert_create_task', BEN);
    const view: StoredView = await waitFor(() =>
      h.standin
        .views()
        .slice(views)
        .find((v) => v.callback_id === 'task_create'),
    );
    const mark = h.sandbox.admin.requests().length;
    const writes = tasksWritten(h).length;
    const before = h.standin.messages().length;
    const site = opt('Berlin Plant', '101');
    await h.driver.viewSubmission({
      view: pickInView(h, view, { task_site: site }),
      values: { task_site: site, task_kind: '3', task_device: opt('Main Energy Meter', '1001|101') },
      user: BEN,
    });
    await toldSince(before, BEN, /no access to/);
    await h.app.whenIdle();
    expect(tasksWritten(h).length).toBe(writes);
    const keys = new Set(
      h.sandbox.admin
        .requests()
        .slice(mark)
        .filter((r) => r.kind === 'api')
        .map((r) => r.headers['x-api-key']),
    );
    expect([...keys]).toEqual([h.sandbox.userKeys.ben]);
  });
});
