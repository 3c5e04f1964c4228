/**
 * The web console in a real browser against a tiny signature-checking app (no fieldline code): Block Kit laid
 * out like Slack, untrusted text kept as text, ephemerals, chat.update in place, confirm dialogs, selects,
 * shortcuts, modals with field errors, and the Home tab. Every click must reach the app as a signed request.
 */
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { z } from 'zod';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import {
  startConsoleFixture,
  type AppRequest,
  type ConsoleFixture,
} from '../slack-standin/console-fixture.ts';
import { ARTIFACTS, describeInChromium, launchBrowser } from './local-bed.ts';
import { blockGallery, hostileText, NOTE_MODAL, option } from './console-samples.ts';

describeInChromium('web console', () => {
  let f: ConsoleFixture;
  let browser: Browser;
  let page: Page;
  const dialogs: string[] = [];
  const pageErrors: string[] = [];

  const api = (method: string, body: unknown) => f.api(method, body);
  const request = (type: string): AppRequest | undefined =>
    f.requests.filter((r) => r.payload?.type === type).at(-1);
  const msg = (text: string) => page.locator('#messages .msg').filter({ hasText: text });

  beforeAll(async () => {
    f = await startConsoleFixture();
    browser = await launchBrowser();
    page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    page.on('dialog', (d) => {
      dialogs.push(d.message());
      void d.dismiss();
    });
    page.on('pageerror', (err) => pageErrors.push(err.message));
    // Each test starts as the default user (the console remembers the chosen one in localStorage).
    await page.addInitScript(() => localStorage.clear());
  });
  afterAll(async () => {
    await browser?.close();
    await f?.stop();
  });
  beforeEach(async () => {
    f.standin.reset();
    f.requests.length = 0;
    f.respond(() => undefined);
    await page.goto(f.url);
    await page.waitForSelector('body[data-ready=true]');
  });

  it('lays out Block Kit like Slack and shows unknown blocks as a readable placeholder', async () => {
    f.standin.addMessage({ channel: 'C0GENERAL', user: 'U0BOT', text: 'gallery', blocks: blockGallery() });
    const m = msg('Pump report');
    await m.waitFor();
    expect(await m.getByRole('heading').textContent()).toBe('Pump report');
    expect(await m.locator('b').first().textContent()).toBe('pump 3');
    expect(await m.locator('i').first().textContent()).toBe('leaking');
    expect(await m.locator('a[href="https://plant.example/p3"]').textContent()).toBe('details');
    expect(await m.locator('.mention').first().textContent()).toBe('@Ana Silva');
    const expected = new Intl.DateTimeFormat('en-US', {
      timeZone: 'Europe/Lisbon',
      hour: 'numeric',
      minute: '2-digit',
    }).format(new Date(1_700_000_000_000));
    expect(await m.locator('time').first().textContent()).toContain(expected);
    expect(await m.locator('.section-fields .field').count()).toBe(2);
    expect(await m.locator('.btn-primary', { hasText: 'Done' }).count()).toBe(1);
    expect(await m.locator('.btn-danger', { hasText: 'Cancel task' }).count()).toBe(1);
    expect(await m.locator('hr').count()).toBe(1);
    expect(await m.locator('img[alt="Pressure chart"]').count()).toBe(1);
    expect(await m.locator('.rt-list li').allTextContents()).toEqual(['check seal', 'replace gasket']);
    expect(await m.locator('.block-unknown').textContent()).toContain('fancy_widget');
    await page.screenshot({ path: join(ARTIFACTS, 'console-blocks.png'), fullPage: true });
    expect(pageErrors).toEqual([]);
  });

  it('shows escaped and hostile text as text: no markup, no script, no javascript: link', async () => {
    f.standin.addMessage({ channel: 'C0GENERAL', text: hostileText });
    const m = msg('alert(2)');
    await m.waitFor();
    expect(await m.locator('.msg-text').textContent()).toContain('<script>alert(2)</script> & co');
    expect(await m.locator('.msg-text img, .msg-text script').count()).toBe(0);
    expect(await m.locator('a').count()).toBe(0);
    expect(dialogs).toEqual([]);
  });

  it('marks ephemerals "Only visible to you" and hides them from other users', async () => {
    await api('chat.postEphemeral', { channel: 'C0GENERAL', user: 'U0ANA', text: 'just for Ana' });
    await msg('just for Ana').getByText('Only visible to you').waitFor();
    await page.selectOption('#user-select', 'U0BEN');
    await expect.poll(() => page.locator('#user-email').textContent()).toBe('ben.okafor@plant.example');
    expect(await msg('just for Ana').count()).toBe(0);
  });

  it('replaces a message in place on chat.update', async () => {
    const posted = z
      .object({ ts: z.string() })
      .parse(await api('chat.postMessage', { channel: 'C0GENERAL', text: 'Status: *open*' }));
    await msg('Status: open').waitFor();
    await api('chat.update', { channel: 'C0GENERAL', ts: posted.ts, text: 'Status: *closed*' });
    await msg('Status: closed').getByText('(edited)').waitFor();
    expect(await page.locator('#messages .msg').count()).toBe(1);
  });

  it('keeps the composer in view in a long channel and counts "1 reply" in an open thread', async () => {
    let parent = '';
    for (let i = 0; i < 60; i++) {
      const m = f.standin.addMessage({ channel: 'C0GENERAL', text: `shift note ${i}`, user: 'U0BEN' });
      if (i === 59) parent = m.ts;
    }
    f.standin.addMessage({ channel: 'C0GENERAL', text: 'seen, thanks', user: 'U0ANA', thread_ts: parent });
    await msg('shift note 59').getByRole('button', { name: '1 reply' }).click();
    await page.locator('#thread .thread-sep').waitFor();
    expect(await page.locator('#thread .thread-sep').textContent()).toBe('1 reply');
    // The page itself never scrolls: the channel and the thread scroll inside their panes.
    const layout = await page.evaluate(() => ({
      pageScrolls: document.scrollingElement!.scrollHeight > window.innerHeight,
      composerBottom: document.querySelector('#composer')!.getBoundingClientRect().bottom,
      height: window.innerHeight,
    }));
    expect(layout.pageScrolls).toBe(false);
    expect(layout.composerBottom).toBeLessThanOrEqual(layout.height);
  });

  it('asks to confirm a button with a confirm object, and sends nothing when denied', async () => {
    f.standin.addMessage({ channel: 'C0GENERAL', user: 'U0BOT', text: 'gallery', blocks: blockGallery() });
    const cancel = msg('Pump report').getByRole('button', { name: 'Cancel task' });
    await cancel.click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Keep it' }).click();
    expect(request('block_actions')).toBeUndefined();
    await cancel.click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Yes, cancel' }).click();
    await expect
      .poll(() => request('block_actions')?.payload)
      .toMatchObject({
        actions: [{ action_id: 'task_status_cancelled', value: 'T1' }],
      });
    expect(request('block_actions')?.signatureValid).toBe(true);
  });

  it('filters a static select as you type and sends the chosen option', async () => {
    f.standin.addMessage({ channel: 'C0GENERAL', user: 'U0BOT', text: 'gallery', blocks: blockGallery() });
    await msg('Pump report').getByRole('combobox', { name: 'Priority' }).click();
    await page.getByRole('textbox', { name: 'Search Priority' }).fill('hi');
    const listed = page.getByRole('listbox').getByRole('option');
    await expect.poll(() => listed.allTextContents()).toEqual(['High']);
    await page.getByRole('option', { name: 'High' }).click();
    await expect
      .poll(() => request('block_actions')?.payload)
      .toMatchObject({
        actions: [{ action_id: 'task_priority', selected_option: option('High', '15') }],
      });
  });

  it('offers commands as you type / and runs message and global shortcuts', async () => {
    const m = f.standin.addMessage({ channel: 'C0GENERAL', text: 'Valve 7 drips' });
    await page.locator('#composer textarea').fill('/re');
    expect(await page.locator('#composer .suggestion').allTextContents()).toEqual([
      expect.stringMatching(/^\/reading/),
    ]);
    await msg('Valve 7 drips').hover();
    await msg('Valve 7 drips').getByRole('button', { name: 'More actions' }).click();
    await page.getByRole('menuitem', { name: 'Share to feed' }).click();
    await expect
      .poll(() => request('message_action')?.payload)
      .toMatchObject({
        callback_id: 'share_to_feed',
        message_ts: m.ts,
        channel: { id: 'C0GENERAL' },
      });
    await page.getByRole('button', { name: 'Shortcuts' }).click();
    await page.getByRole('menuitem', { name: /New task/ }).click();
    await expect.poll(() => request('shortcut')?.payload).toMatchObject({ callback_id: 'new_task' });
  });

  it('fills a modal, shows field errors from the app, then submits and closes it', async () => {
    f.respond((req) => {
      if (req.payload?.type === 'shortcut')
        void api('views.open', { trigger_id: req.payload.trigger_id, view: NOTE_MODAL });
      if (req.payload?.type !== 'view_submission') return undefined;
      const tries = f.requests.filter((r) => r.payload?.type === 'view_submission').length;
      return tries === 1
        ? { json: { response_action: 'errors', errors: { note: 'Say a little more.' } } }
        : undefined;
    });
    await page.getByRole('button', { name: 'Shortcuts' }).click();
    await page.getByRole('menuitem', { name: /New task/ }).click();
    const modal = page.getByRole('dialog', { name: 'Shift note' });
    await modal.getByLabel('Note').fill('Pump 3\nleaks');
    await modal.getByLabel('Litres').fill('2.5');
    await modal.getByLabel('Checked').check();
    await modal.getByLabel('Night').check();
    await modal.getByLabel('Inspection date').fill('2026-11-20');
    await modal.getByRole('combobox', { name: 'Who' }).click();
    await modal.getByRole('option', { name: 'Ben Okafor' }).click();
    await modal.getByRole('button', { name: 'Save' }).click();
    await modal.getByText('Say a little more.').waitFor();
    await page.screenshot({ path: join(ARTIFACTS, 'console-modal-errors.png') });
    expect(await modal.getByLabel('Note').inputValue()).toBe('Pump 3\nleaks');
    // What was chosen survives the re-render with errors, as in Slack.
    expect(await modal.getByRole('combobox', { name: 'Who' }).textContent()).toContain('Ben Okafor');
    expect(await modal.getByLabel('Night').isChecked()).toBe(true);
    await modal.getByRole('button', { name: 'Save' }).click();
    await modal.waitFor({ state: 'detached' });
    const values = request('view_submission')?.payload?.view;
    expect(values).toMatchObject({
      state: {
        values: {
          note: { note: { value: 'Pump 3\nleaks' } },
          litres: { litres: { value: '2.5' } },
          checks: { checks: { selected_options: [option('Checked', 'checked')] } },
          shift: { shift: { selected_option: option('Night', 'night') } },
          day: { day: { selected_date: '2026-11-20' } },
          who: { who: { selected_user: 'U0BEN' } },
        },
      },
    });
  });

  it('shows the Home tab the app publishes when it is opened', async () => {
    f.respond((req) => {
      const event = req.payload?.event;
      if (event && typeof event === 'object' && 'type' in event && event.type === 'app_home_opened') {
        void api('views.publish', {
          user_id: 'U0ANA',
          view: {
            type: 'home',
            blocks: [{ type: 'header', text: { type: 'plain_text', text: 'Your open tasks' } }],
          },
        });
      }
      return undefined;
    });
    await page.locator('#app-list button').click();
    await page.locator('#home').getByRole('heading', { name: 'Your open tasks' }).waitFor();
    expect(pageErrors).toEqual([]);
  });

  it('keeps the newest message in view when a message grows in place, so the next one is seen', async () => {
    for (let i = 0; i < 40; i++)
      f.standin.addMessage({ channel: 'C0GENERAL', text: `note ${i}`, user: 'U0BEN' });
    const posted = z
      .object({ ts: z.string() })
      .parse(await api('chat.postMessage', { channel: 'C0GENERAL', text: 'Reading Main Energy Meter…' }));
    await msg('Reading Main Energy Meter').waitFor();
    const tall = Array.from({ length: 12 }, (_, i) => ({
      type: 'section',
      text: { type: 'mrkdwn', text: `*Metric ${i}*\nLatest 42 · min 1 · max 99` },
    }));
    await api('chat.update', { channel: 'C0GENERAL', ts: posted.ts, text: 'the report', blocks: tall });
    await msg('Metric 11').waitFor();
    await api('chat.postMessage', { channel: 'C0GENERAL', text: 'the next answer' });
    const next = msg('the next answer');
    await next.waitFor();
    await expect
      .poll(async () => {
        const box = await next.boundingBox();
        const pane = await page.locator('#messages').boundingBox();
        return box !== null && pane !== null && box.y + box.height <= pane.y + pane.height + 1;
      })
      .toBe(true);
  });

  it('attaches a file: shared in the channel as a message with the file, and as a file_share event in the app DM', async () => {
    await page.locator('#composer textarea').fill('meter log');
    await page.locator('#composer .attach-input').setInputFiles({
      name: 'log.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from('timestamp,Active Power\n2026-11-19 10:00:00,1\n'),
    });
    await msg('meter log').locator('a, .file, [data-file]').first().waitFor();
    const shared = f.standin.messages('C0GENERAL').find((m) => m.text === 'meter log');
    expect(shared?.files).toHaveLength(1);
    expect(f.standin.state.file(shared!.files![0]!)?.content.toString()).toContain('Active Power');
    expect(await page.locator('#composer textarea').inputValue()).toBe('');

    await page.locator('#app-list button').click();
    await page.getByRole('tab', { name: 'Messages' }).click();
    await page.locator('#composer .attach-input').setInputFiles({
      name: 'dm.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from('timestamp,Temperature\n2026-11-19 10:00:00,21\n'),
    });
    await expect
      .poll(() => (request('event_callback')?.payload?.event as Record<string, unknown> | undefined)?.subtype)
      .toBe('file_share');
    expect(request('event_callback')?.payload?.event).toMatchObject({
      type: 'message',
      channel_type: 'im',
      files: [{ name: 'dm.csv', mimetype: 'text/csv' }],
    });
  });

  it('/invite @fieldline makes the app a member of a private channel, where it could not post before', async () => {
    const refused = await api('chat.postMessage', { channel: 'G0PRIVATE', text: 'before' });
    expect(refused).toMatchObject({ ok: false, error: 'channel_not_found' });
    await page.locator('#channel-list button', { hasText: 'shift-leads' }).click();
    await page.locator('#composer textarea').fill('/invite @fieldline');
    await page.locator('#composer textarea').press('Enter');
    await msg('added an integration to this channel').waitFor();
    expect(await api('chat.postMessage', { channel: 'G0PRIVATE', text: 'after' })).toMatchObject({
      ok: true,
    });
  });

  it('lays out for a phone (390 × 844): sidebar as a drawer, composer full width, thread full screen', async () => {
    const phone = await browser.newPage({ viewport: { width: 390, height: 844 } });
    try {
      let parent = '';
      for (let i = 0; i < 5; i++)
        parent = f.standin.addMessage({ channel: 'C0GENERAL', text: `note ${i}` }).ts;
      f.standin.addMessage({ channel: 'C0GENERAL', text: 'a reply', user: 'U0BEN', thread_ts: parent });
      await phone.goto(f.url);
      await phone.waitForSelector('body[data-ready=true]');
      const width = (sel: string) => phone.locator(sel).evaluate((el) => el.getBoundingClientRect().width);
      expect(await phone.locator('.sidebar').isVisible()).toBe(false);
      expect(await width('#messages')).toBeGreaterThanOrEqual(380);
      expect(await width('#composer textarea')).toBeGreaterThan(250);
      await phone.getByRole('button', { name: 'Channels' }).click();
      await phone.locator('#channel-list button', { hasText: 'plant-north-alerts' }).click();
      await expect.poll(() => phone.locator('#channel-title').textContent()).toBe('#plant-north-alerts');
      expect(await phone.locator('.sidebar').isVisible()).toBe(false);
      await phone.getByRole('button', { name: 'Channels' }).click();
      await phone.locator('#channel-list button', { hasText: 'general' }).click();
      await phone
        .locator('#messages .msg', { hasText: 'note 4' })
        .getByRole('button', { name: '1 reply' })
        .click();
      const pane = await phone.locator('#thread').boundingBox();
      expect(pane).toMatchObject({ x: 0, y: 0, width: 390, height: 844 });
      await phone.screenshot({ path: join(ARTIFACTS, 'console-phone-thread.png') });
      await phone.getByRole('button', { name: 'Close thread' }).click();
      await phone.screenshot({ path: join(ARTIFACTS, 'console-phone.png') });
    } finally {
      await phone.close();
    }
  });
});
