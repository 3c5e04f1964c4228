/**
 * Where a form is reached from — `/form` (the list, a name, a near miss), "Fill in" on a form's /source card, "Fill in
 * a form" on App Home — and who may fill it: a guest and a person without a key are refused before any platform
 * call; a button naming a form the person's key does not see is refused by the platform (the value is no authority).
 * Local mode's links: Ana sees every site, Ben only Chicago Works, Chloé has not connected, Gus is a guest.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StoredMessage } from '../../src/slack-standin/index.ts';
import { checkBlockKitAndStop } from '../fixtures/block-kit.ts';
import { startHarness, waitFor, type Harness } from '../harness.ts';
import { openHome } from '../home/home-helpers.ts';
import { answerTo, platformCallsSince, requestMark, textOf } from '../access/access-helpers.ts';
import { FORM_VIEW, formNamed, inputsOf, openForm, OTHER_VIEW, viewSince, viewText } from './form-helpers.ts';

let h: Harness;
beforeAll(async () => {
  h = await startHarness({ links: 'local' });
});
afterAll(() => checkBlockKitAndStop(h));

/** Platform calls made after `mark` with any key but Ana's (her own earlier work may still be finishing). */
const callsNotByAna = (mark: number) =>
  platformCallsSince(h, mark)
    .filter((r) => r.headers['x-api-key'] !== h.sandbox.userKeys.ana)
    .map((r) => `${r.method} ${r.path}`);

async function clickIn(message: StoredMessage, actionId: string, value: string, user = 'U0ANA') {
  const before = h.standin.views().length;
  await h.driver.blockAction({ actionId, value, message, channel: message.channel, user });
  return before;
}

describe('/form', () => {
  it('lists the forms the person’s key sees, each with Fill in', async () => {
    const ana = await answerTo(h, { command: '/form', text: '', user: 'U0ANA' });
    expect(textOf(ana)).toContain('Daily Safety Round');
    expect(textOf(ana)).toContain('Quality Form');
    expect(textOf(ana)).toContain('"action_id":"form_fill"');
    const ben = await answerTo(h, { command: '/form', text: '', user: 'U0BEN' });
    expect(textOf(ben)).toContain('Shift Handover Checklist');
    expect(textOf(ben)).not.toContain('Daily Safety Round');
  });

  it('answers help in the ack', async () => {
    const res = await h.driver.command({ command: '/form', text: 'help' });
    expect(JSON.stringify(res.body)).toContain('/form &lt;name&gt;');
  });

  it('offers the near names for a slip, and opens the one chosen', async () => {
    const loading = await openForm(h, 'Daily Safty Round', { callbackId: OTHER_VIEW });
    const chooser = await waitFor(() => {
      const now = h.standin.view(loading.id);
      return now && viewText(now).includes('Did you mean') ? now : undefined;
    });
    expect(viewText(chooser)).toContain('Daily Safety Round');
    const before = h.standin.views().length;
    await h.driver.blockAction({
      actionId: 'form_fill',
      value: formNamed(h, 'Daily Safety Round').id,
      view: chooser,
    });
    const form = await waitFor(() =>
      h.standin.views().find((v) => v.id === chooser.id && v.callback_id === FORM_VIEW),
    );
    expect(Object.keys(inputsOf(form))).toContain('fl_t_2101');
    expect(h.standin.views().length).toBe(before);
    // chosen from a chooser opened in #general: the answer goes there
    await h.driver.viewSubmission({ view: form, values: { fl_t_2101: 'Shift A', fl_t_2103: 'PASS' } });
    await waitFor(() =>
      h.standin
        .messages('C0GENERAL')
        .find((m) => m.ephemeralTo === 'U0ANA' && m.text.startsWith('Recorded: Daily Safety Round')),
    );
  });
});

describe('Fill in on a form’s /source card', () => {
  it('opens the form', async () => {
    const before = h.standin.messages('C0GENERAL').length;
    await h.driver.command({ command: '/source', text: 'Quality Form', user: 'U0ANA' });
    const list = await waitFor(() =>
      h.standin
        .messages('C0GENERAL')
        .slice(before)
        .find((m) => m.text.includes('matching')),
    );
    const index = (JSON.parse(JSON.stringify(list.blocks)) as { accessory?: { value: string } }[])
      .filter((b) => b.accessory)
      .findIndex((b) => b.accessory?.value === formNamed(h, 'Quality Form').id);
    const mark = h.standin.messages('C0GENERAL').length;
    await h.driver.blockAction({ actionId: `source_details:${index}`, message: list });
    const card = await waitFor(() =>
      h.standin
        .messages('C0GENERAL')
        .slice(mark)
        .find((m) => JSON.stringify(m.blocks).includes('Data source id')),
    );
    expect(JSON.stringify(card.blocks)).toContain('"action_id":"form_fill"');
    const opened = await clickIn(card, 'form_fill', formNamed(h, 'Quality Form').id);
    const form = await viewSince(h, opened, FORM_VIEW);
    expect(viewText(form)).toContain('Quality Form');
  });
});

describe('Fill in a form on App Home', () => {
  it('lists the person’s forms to choose from', async () => {
    const home = await openHome(h, 'U0BEN');
    expect(viewText(home)).toContain('"action_id":"form_home"');
    const before = h.standin.views().length;
    await h.driver.blockAction({ actionId: 'form_home', view: home, user: 'U0BEN' });
    const chooser = await waitFor(() =>
      h.standin
        .views()
        .slice(before)
        .find((v) => v.callback_id === OTHER_VIEW && viewText(v).includes('Choose a form')),
    );
    expect(viewText(chooser)).toContain('Shift Handover Checklist');
    expect(viewText(chooser)).not.toContain('Quality Form');
  });
});

describe('who may fill in a form', () => {
  it('a person who has not connected is asked to, and nothing reaches the platform', async () => {
    const mark = requestMark(h);
    const view = await openForm(h, 'Daily Safety Round', { user: 'U0CHL', callbackId: OTHER_VIEW });
    await waitFor(
      () => h.standin.view(view.id)?.blocks && viewText(h.standin.view(view.id)!).includes('Connect'),
    );
    await h.app.whenIdle();
    expect(callsNotByAna(mark)).toEqual([]);
  });

  it('a guest is refused with the reason, and nothing reaches the platform', async () => {
    const mark = requestMark(h);
    const view = await openForm(h, 'Daily Safety Round', { user: 'U0GUS', callbackId: OTHER_VIEW });
    await waitFor(() => viewText(h.standin.view(view.id)!).includes('not available to workspace guests'));
    // remembered: the next time the gate answers at once
    const again = await answerTo(h, { command: '/form', text: 'Daily Safety Round', user: 'U0GUS' });
    expect(textOf(again)).toContain('not available to workspace guests');
    await h.app.whenIdle();
    expect(callsNotByAna(mark)).toEqual([]);
  });

  it('a Fill in naming a form the person’s key does not see is refused by the platform', async () => {
    const berlin = formNamed(h, 'Daily Safety Round');
    const forged = h.standin.addMessage({
      channel: 'C0GENERAL',
      user: h.standin.botUserId,
      text: 'forms',
      blocks: [
        {
          type: 'section',
          text: { type: 'mrkdwn', text: 'Daily Safety Round' },
          accessory: {
            type: 'button',
            action_id: 'form_fill',
            text: { type: 'plain_text', text: 'Fill in' },
            value: berlin.id,
          },
        },
      ] as never,
    });
    const before = await clickIn(forged, 'form_fill', berlin.id, 'U0BEN');
    const view = await viewSince(h, before, OTHER_VIEW, 'U0BEN');
    await waitFor(() =>
      viewText(h.standin.view(view.id)!).includes(`You have no access to data source ${berlin.id}`),
    );
    expect(
      h.standin
        .views()
        .some(
          (v) =>
            v.user === 'U0BEN' && v.callback_id === FORM_VIEW && viewText(v).includes('Daily Safety Round'),
        ),
    ).toBe(false);
  });
});
