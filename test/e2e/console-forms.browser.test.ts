/**
 * Modals in the web console: a modal belongs to the browser tab whose click opened it (as a Slack client shows
 * only the modals it triggered), and every field of a form is named by its label — a select by "Site", not by
 * its placeholder — so a screen reader (and playwright's getByLabel) finds it.
 */
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { startConsoleFixture, type ConsoleFixture } from '../slack-standin/console-fixture.ts';
import { option } from './console-samples.ts';
import { ARTIFACTS, describeInChromium, launchBrowser } from './local-bed.ts';

const plain = (text: string) => ({ type: 'plain_text', text });
const input = (id: string, label: string, element: object, extra: object = {}) => ({
  type: 'input',
  block_id: id,
  label: plain(label),
  element: { action_id: id, ...element },
  ...extra,
});

/** A form shaped like fieldline's task form: every placeholder differs from its field's label. */
const TASK_FORM = {
  type: 'modal',
  callback_id: 'task_form',
  title: plain('New task'),
  submit: plain('Create'),
  blocks: [
    input('name', 'Name', { type: 'plain_text_input', placeholder: plain('What needs doing') }),
    input(
      'site',
      'Site',
      {
        type: 'static_select',
        placeholder: plain('Type to search sites'),
        options: [option('Berlin Plant', '101')],
      },
      { hint: plain('The site the task is for.') },
    ),
    input('priority', 'Priority', {
      type: 'static_select',
      placeholder: plain('Choose a priority'),
      options: [option('High', '15'), option('Low', '5')],
    }),
    input('who', 'Assignees', { type: 'multi_users_select', placeholder: plain('Pick people') }),
    input('due', 'Due date', { type: 'datepicker', placeholder: plain('Pick a date') }),
    input('kind', 'Kind', {
      type: 'radio_buttons',
      options: [option('General', 'g'), option('Device', 'd')],
    }),
  ],
};

describeInChromium('console modals and forms', () => {
  let f: ConsoleFixture;
  let browser: Browser;
  let context: BrowserContext;

  const api = (method: string, body: unknown) => f.api(method, body);
  const openPage = async (width = 1280, height = 800) => {
    const p = await context.newPage();
    await p.setViewportSize({ width, height });
    await p.goto(f.url);
    await p.waitForSelector('body[data-ready=true]');
    return p;
  };
  const runShortcut = async (p: Page) => {
    await p.getByRole('button', { name: 'Shortcuts' }).click();
    await p.getByRole('menuitem', { name: /New task/ }).click();
  };
  /** Every change before `text` has reached the page: the stream keeps its order. */
  const caughtUp = async (p: Page, text: string) => {
    await api('chat.postMessage', { channel: 'C0GENERAL', text });
    await p.locator('#messages .msg', { hasText: text }).waitFor();
  };

  beforeAll(async () => {
    f = await startConsoleFixture();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await f?.stop();
  });
  beforeEach(async () => {
    await context?.close();
    // One browser profile: its tabs share localStorage, so both act as the same person, as in Slack.
    context = await browser.newContext();
    f.standin.reset();
    f.respond((req) => {
      if (req.payload?.type === 'shortcut')
        void api('views.open', { trigger_id: req.payload.trigger_id, view: TASK_FORM });
      return undefined;
    });
  });

  it('shows a modal only in the tab that opened it', async () => {
    const [first, second] = [await openPage(), await openPage(390, 844)];
    await runShortcut(first);
    await first.getByRole('dialog', { name: 'New task' }).waitFor();
    await caughtUp(second, 'after the modal opened');
    expect(await second.getByRole('dialog').count()).toBe(0);
    await second.screenshot({ path: join(ARTIFACTS, 'console-tab-without-modal-phone.png') });

    await first.getByRole('button', { name: 'Cancel' }).click();
    await first.getByRole('dialog').waitFor({ state: 'detached' });

    // The other tab's modal is its own: opened there, shown there only.
    await runShortcut(second);
    await second.getByRole('dialog', { name: 'New task' }).waitFor();
    await second.screenshot({ path: join(ARTIFACTS, 'console-tab-modal-phone.png') });
    await caughtUp(first, 'after the second modal opened');
    expect(await first.getByRole('dialog').count()).toBe(0);
  });

  it('shows a modal opened from outside the console (no tab) in every tab of its person', async () => {
    const [first, second] = [await openPage(), await openPage()];
    const trigger = f.standin.issueTriggerId('U0ANA');
    expect(await api('views.open', { trigger_id: trigger, view: TASK_FORM })).toMatchObject({ ok: true });
    await first.getByRole('dialog', { name: 'New task' }).waitFor();
    await second.getByRole('dialog', { name: 'New task' }).waitFor();
  });

  it('names each field by its label, not by its placeholder', async () => {
    const page = await openPage();
    await runShortcut(page);
    const modal = page.getByRole('dialog', { name: 'New task' });
    await modal.waitFor();
    await modal.getByLabel('Name', { exact: true }).fill('Leaking valve');
    const site = modal.getByRole('combobox', { name: 'Site', exact: true });
    expect(await modal.getByLabel('Site', { exact: true }).getAttribute('role')).toBe('combobox');
    expect(await site.textContent()).toContain('Type to search sites');
    expect(await site.getAttribute('aria-describedby')).toBeTruthy();
    expect(await page.locator(`#${await site.getAttribute('aria-describedby')}`).textContent()).toBe(
      'The site the task is for.',
    );
    await site.click();
    await modal.getByRole('option', { name: 'Berlin Plant' }).click();
    expect(await site.textContent()).toContain('Berlin Plant');
    await modal.getByLabel('Priority', { exact: true }).click();
    await modal.getByRole('option', { name: 'High' }).click();
    await modal.getByLabel('Assignees', { exact: true }).click();
    await modal.getByRole('option', { name: 'Ben Okafor' }).click();
    await modal.getByLabel('Due date', { exact: true }).fill('2026-11-20');
    await modal.getByRole('radiogroup', { name: 'Kind' }).getByLabel('Device').check();
    // No control is named by its placeholder any more.
    for (const placeholder of ['Type to search sites', 'Choose a priority', 'Pick people', 'Pick a date'])
      expect(await modal.getByLabel(placeholder).count(), placeholder).toBe(0);
    await page.screenshot({ path: join(ARTIFACTS, 'console-form-labels.png') });
    await modal.getByRole('button', { name: 'Create' }).click();
    await modal.waitFor({ state: 'detached' });
    const submitted = f.requests.filter((r) => r.payload?.type === 'view_submission').at(-1);
    expect(submitted?.payload?.view).toMatchObject({
      state: {
        values: {
          name: { name: { value: 'Leaking valve' } },
          site: { site: { selected_option: { value: '101' } } },
          priority: { priority: { selected_option: { value: '15' } } },
          who: { who: { selected_users: ['U0BEN'] } },
          due: { due: { selected_date: '2026-11-20' } },
          kind: { kind: { selected_option: { value: 'd' } } },
        },
      },
    });
  });
});
