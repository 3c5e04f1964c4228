/**
 * Links into the workspace in the web console: the permalinks the app gets from chat.getPermalink (the
 * stand-in's own 127.0.0.1 address), the "open it" link of a modal, app_redirect and slack:// links. They open
 * the place in the page on the host the page was opened on (here `localhost`), and the same paths opened
 * directly (a new tab) land there too — never `{"ok":false,"error":"not_found"}`.
 */
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { z } from 'zod';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { startConsoleFixture, type ConsoleFixture } from '../slack-standin/console-fixture.ts';
import { ARTIFACTS, describeInChromium, launchBrowser } from './local-bed.ts';

const posted = z.object({ ok: z.literal(true), channel: z.string(), ts: z.string() });
const permalinkOf = z.object({ ok: z.literal(true), permalink: z.string() });

describeInChromium('console links', () => {
  let f: ConsoleFixture;
  let browser: Browser;
  let page: Page;
  /** the console on another name of the same host than the stand-in's own 127.0.0.1 */
  let onLocalhost: string;
  const pageErrors: string[] = [];

  const api = (method: string, body: unknown) => f.api(method, body);
  const post = async (body: Record<string, unknown>) => posted.parse(await api('chat.postMessage', body));
  const permalink = async (channel: string, ts: string) =>
    permalinkOf.parse(await api('chat.getPermalink', { channel, message_ts: ts })).permalink;
  const msg = (p: Page, pane: string, text: string) => p.locator(`${pane} .msg`).filter({ hasText: text });
  const title = (p: Page) => p.locator('#channel-title').textContent();

  beforeAll(async () => {
    f = await startConsoleFixture();
    onLocalhost = f.url.replace('127.0.0.1', 'localhost');
    browser = await launchBrowser();
    page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    page.on('pageerror', (err) => pageErrors.push(err.message));
    await page.addInitScript(() => localStorage.clear());
  });
  afterAll(async () => {
    await browser?.close();
    await f?.stop();
  });
  beforeEach(async () => {
    f.standin.reset();
    f.respond(() => undefined);
    await page.goto(onLocalhost);
    await page.waitForSelector('body[data-ready=true]');
  });

  it('opens a permalink in the page, on the host the page was opened on, with the message highlighted', async () => {
    const alert = await post({ channel: 'C0ALERTS', text: 'Pump 3 pressure high' });
    const reply = await post({ channel: 'C0ALERTS', text: 'Valve closed', thread_ts: alert.ts });
    const toAlert = await permalink('C0ALERTS', alert.ts);
    const toReply = await permalink('C0ALERTS', reply.ts);
    expect(toAlert).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/archives\/C0ALERTS\/p\d+$/);
    await post({
      channel: 'C0GENERAL',
      text: `Seen in <${toAlert}|the alert> and <${toReply}|its reply>, also at <${toAlert}>`,
    });
    const link = page.locator('#messages a', { hasText: 'the alert' });
    await link.waitFor();
    expect(await link.evaluate((a: HTMLAnchorElement) => a.href)).toBe(toAlert.replace(f.url, onLocalhost));
    expect(await link.getAttribute('target')).toBeNull();
    // Unlabelled, it reads as the address on this host too.
    const bare = toAlert.replace(f.url, onLocalhost);
    expect(await page.locator('#messages a', { hasText: bare }).count()).toBe(1);
    expect(await page.locator('#messages').textContent()).not.toContain('127.0.0.1');

    await link.click();
    await expect.poll(() => title(page)).toBe('#plant-north-alerts');
    expect(await msg(page, '#messages', 'Pump 3 pressure high').getAttribute('class')).toContain('linked');
    expect(page.url()).toBe(onLocalhost);

    await page.locator('#channel-list button', { hasText: 'general' }).click();
    await page.locator('#messages a', { hasText: 'its reply' }).click();
    await msg(page, '#thread', 'Valve closed').waitFor();
    expect(await msg(page, '#thread', 'Valve closed').getAttribute('class')).toContain('linked');
    expect(await title(page)).toBe('#plant-north-alerts');
    await page.screenshot({ path: join(ARTIFACTS, 'console-permalink.png') });
    expect(pageErrors).toEqual([]);
  });

  it('makes a link of a web address a person types, as Slack does, and a permalink among them opens here', async () => {
    const alert = await post({ channel: 'C0ALERTS', text: 'Boiler feed pump vibration' });
    const toAlert = await permalink('C0ALERTS', alert.ts);
    const input = page.locator('#composer textarea');
    await input.fill(
      `Same as ${toAlert}, see also https://plant.example/p?a=1&b=<2> and \`http://not.a/link\`.`,
    );
    await input.press('Enter');
    const typed = msg(page, '#messages', 'Same as');
    await typed.waitFor();
    const links = typed.locator('.msg-text a');
    await expect.poll(() => links.count()).toBe(2);
    // the sentence's full stop, the comma and the escaped "<2>" are not part of the addresses; code stays code
    expect(await links.nth(0).evaluate((a: HTMLAnchorElement) => a.href)).toBe(
      toAlert.replace(f.url, onLocalhost),
    );
    expect(await links.nth(1).getAttribute('href')).toBe('https://plant.example/p?a=1&b=');
    expect(await typed.locator('.msg-text').textContent()).toContain('&b=<2> and http://not.a/link.');
    expect(await typed.locator('code').textContent()).toBe('http://not.a/link');

    await links.nth(0).click();
    await expect.poll(() => title(page)).toBe('#plant-north-alerts');
    expect(await msg(page, '#messages', 'Boiler feed pump vibration').getAttribute('class')).toContain(
      'linked',
    );
    expect(pageErrors).toEqual([]);
  });

  it('lands on the message when a permalink is opened in a new tab, on either host name', async () => {
    const alert = await post({ channel: 'C0ALERTS', text: 'Compressor 2 tripped' });
    const link = await permalink('C0ALERTS', alert.ts);
    for (const url of [link, link.replace(f.url, onLocalhost)]) {
      const tab = await browser.newPage({ viewport: { width: 390, height: 844 } });
      try {
        const res = await tab.goto(url);
        expect(res?.status()).toBe(200);
        expect(res?.headers()['content-type']).toMatch(/^text\/html/);
        await tab.waitForSelector('body[data-ready=true]');
        await expect.poll(() => title(tab)).toBe('#plant-north-alerts');
        await expect
          .poll(() => msg(tab, '#messages', 'Compressor 2 tripped').getAttribute('class'))
          .toContain('linked');
        // The address bar shows the workspace again: a reload does not jump back to the message.
        expect(new URL(tab.url()).pathname).toBe('/');
        await tab.screenshot({ path: join(ARTIFACTS, 'console-permalink-new-tab-phone.png') });
      } finally {
        await tab.close();
      }
    }
  });

  it('"open it" in a modal closes the modal and shows the card in the DM with the app', async () => {
    const card = await post({ channel: 'U0ANA', text: 'Task card: Leaking valve on pump 3' });
    const link = await permalink(card.channel, card.ts);
    f.respond((req) => {
      if (req.payload?.type === 'shortcut')
        void api('views.open', {
          trigger_id: req.payload.trigger_id,
          view: {
            type: 'modal',
            title: { type: 'plain_text', text: 'Task' },
            close: { type: 'plain_text', text: 'Close' },
            blocks: [
              {
                type: 'section',
                text: { type: 'mrkdwn', text: `Card posted in your DM with fieldline — <${link}|open it>` },
              },
            ],
          },
        });
      return undefined;
    });
    await page.getByRole('button', { name: 'Shortcuts' }).click();
    await page.getByRole('menuitem', { name: /New task/ }).click();
    const modal = page.getByRole('dialog', { name: 'Task' });
    await modal.getByRole('link', { name: 'open it' }).click();
    await modal.waitFor({ state: 'detached' });
    await expect.poll(() => title(page)).toBe('fieldline');
    expect(await page.getByRole('tab', { name: 'Messages' }).getAttribute('aria-selected')).toBe('true');
    const shown = msg(page, '#messages', 'Task card: Leaking valve on pump 3');
    expect(await shown.getAttribute('class')).toContain('linked');
    await page.screenshot({ path: join(ARTIFACTS, 'console-open-it.png') });
  });

  it('follows app_redirect and slack:// links, and says so when the place is not the viewer’s', async () => {
    const bens = await post({ channel: 'U0BEN', text: 'Ben’s card' });
    const toBens = await permalink(bens.channel, bens.ts);
    await post({
      channel: 'C0GENERAL',
      text: [
        '<https://slack.com/app_redirect?app=A0FIELD&channel=C0ALERTS|alerts channel>',
        '<slack://app?team=T0FIELD&id=A0FIELD&tab=messages|the app>',
        `<${toBens}|Ben’s DM>`,
      ].join(' · '),
    });
    const redirect = page.locator('#messages a', { hasText: 'alerts channel' });
    await redirect.waitFor();
    expect(await redirect.getAttribute('href')).toBe('/app_redirect?app=A0FIELD&channel=C0ALERTS');
    await redirect.click();
    await expect.poll(() => title(page)).toBe('#plant-north-alerts');

    await page.locator('#channel-list button', { hasText: 'general' }).click();
    await page.locator('#messages a', { hasText: 'the app' }).click();
    await expect.poll(() => title(page)).toBe('fieldline');
    expect(await page.getByRole('tab', { name: 'Messages' }).getAttribute('aria-selected')).toBe('true');

    await page.locator('#channel-list button', { hasText: 'general' }).click();
    await page.locator('#messages a', { hasText: 'Ben’s DM' }).click();
    await page.locator('#notices').getByText('in Ben Okafor’s direct messages', { exact: false }).waitFor();
    expect(await title(page)).toBe('#general');
    expect(await msg(page, '#messages', 'Ben’s card').count()).toBe(0);
  });
});
