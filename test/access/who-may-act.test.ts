/**
 * Who may use fieldline at all: guests, single-channel guests, deactivated users, bots and Slack Connect partners
 * are refused before anything reaches the platform, each told why; people who have not connected a key are asked
 * to. Signed requests through the Slack stand-in, platform calls counted at the sandbox.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, waitFor, type Harness } from '../harness.ts';
import { checkBlockKitAndStop } from '../fixtures/block-kit.ts';
import { openByCommand } from '../tasks/task-helpers.ts';
import { answerTo, platformCallsSince, requestMark, SINGLE_CHANNEL_GUEST, textOf } from './access-helpers.ts';

let h: Harness;
beforeAll(async () => {
  h = await startHarness({ links: 'local' });
  h.standin.addUser(SINGLE_CHANNEL_GUEST);
  h.standin.addUser({
    id: 'U0OLD',
    name: 'otto.left',
    real_name: 'Otto Left',
    email: 'otto@plant.example',
    tz: 'UTC',
    deleted: true,
  });
});
afterAll(() => checkBlockKitAndStop(h));

/**
 * Calls made after `mark` with any key but Ana's (Ana's own work from earlier tests may still be finishing). A
 * refused or unconnected person has no key, so a call made for them would have to carry another one (the shared
 * key, if fieldline fell back to it).
 */
const callsNotByAna = (mark: number) =>
  platformCallsSince(h, mark)
    .filter((r) => r.headers['x-api-key'] !== h.sandbox.userKeys.ana)
    .map((r) => `${r.method} ${r.path}`);

const refused: [string, string, string][] = [
  ['a workspace guest', 'U0GUS', 'not available to workspace guests'],
  ['a single-channel guest', 'U0ULT', 'not available to single-channel guests'],
  ['a deactivated user', 'U0OLD', 'deactivated'],
  ['a partner in a Slack Connect channel', 'U0KAI', 'another organisation'],
];

describe('refused people', () => {
  it.each(refused)(
    '%s is refused with the reason and no platform call, the first time and after',
    async (_who, user, why) => {
      for (const text of ['list all', 'list site chicago']) {
        const mark = requestMark(h);
        const answer = await answerTo(h, { command: '/task', text, user });
        expect(textOf(answer)).toContain(why);
        expect(callsNotByAna(mark)).toEqual([]);
      }
    },
  );

  it('a refused person gets no typeahead options and cannot submit a modal', async () => {
    const view = await openByCommand(h, 'new Pump check', 'C0GENERAL', 'U0ANA');
    const mark = requestMark(h);
    // Gus is refused already (remembered): no options, no submission, nothing reaches the platform.
    const res = await h.driver.blockSuggestion({ actionId: 'task_site', value: 'ber', view, user: 'U0GUS' });
    expect((res.body as { options?: unknown[] }).options).toEqual([]);
    const submitted = await h.driver.viewSubmission({
      view,
      values: {},
      user: 'U0GUS',
      allowMissingRequired: true,
    });
    expect(JSON.stringify(submitted.body)).toContain('not available to workspace guests');
    await h.app.whenIdle();
    expect(callsNotByAna(mark)).toEqual([]);
    expect(h.sandbox.admin.written().tasks).toEqual([]);
  });

  it('ignores messages written by bots (its own included): no reply, no platform call', async () => {
    const mark = requestMark(h);
    const before = h.standin.calls.length;
    const res = await h.driver.event({
      type: 'message',
      channel: 'D0ANA',
      channel_type: 'im',
      bot_id: 'B0OTHER',
      text: 'hello',
      ts: '1700000000.000100',
    });
    expect(res.status).toBe(200);
    await h.app.whenIdle();
    expect(h.standin.calls.slice(before).filter((c) => c.method.startsWith('chat.'))).toEqual([]);
    expect(callsNotByAna(mark)).toEqual([]);
  });
});

describe('people who have not connected', () => {
  it('are asked to connect, with the button, and nothing reaches the platform', async () => {
    const mark = requestMark(h);
    const answer = await answerTo(h, { command: '/task', text: 'list all', user: 'U0CHL' });
    expect(textOf(answer)).toContain('Connect your platform account');
    expect(callsNotByAna(mark)).toEqual([]);
  });

  it('connected people act: Ana lists tasks with her own key', async () => {
    const answer = await answerTo(h, { command: '/task', text: 'list all', user: 'U0ANA' });
    expect(textOf(answer)).not.toContain('Connect your platform account');
    const keys = h.sandbox.admin
      .requests()
      .filter((r) => r.path === '/tasks')
      .map((r) => r.headers['x-api-key']);
    await waitFor(() => keys.length > 0 || undefined);
    expect(keys.at(-1)).toBe(h.sandbox.userKeys.ana);
  });
});
