/**
 * Installing fieldline in another workspace from local mode, in a real browser (issue 39): the console's workspace
 * switcher links to /slack/install; Add to Slack leads to the stand-in's consent page; Allow comes back to the
 * success page; the switcher then sends the console's requests from the new workspace, answered with its own
 * installation's token. A person of a workspace that removed fieldline is told so in words. Screenshots at desktop and phone width go to
 * /tmp/shots/39a/.
 */
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { setupLocalWorkspace } from '../../src/main/local/index.ts';
import { startHarness, waitFor, type Harness } from '../harness.ts';
import { describeInChromium, launchBrowser } from './local-bed.ts';

const SHOTS = '/tmp/shots/39a';
const SIZES = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 390, height: 844 },
] as const;

describeInChromium('installing in another workspace', () => {
  let h: Harness;
  let browser: Browser;
  const pageErrors: string[] = [];

  beforeAll(async () => {
    h = await startHarness({ oauth: {}, logLevel: 'warn', links: 'none' });
    await setupLocalWorkspace(h.deps, h.standin, h.sandbox.userKeys, {
      installUrl: `${h.url}/slack/install`,
    });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await h?.stop();
  });

  const open = async (size: (typeof SIZES)[number]): Promise<Page> => {
    const page = await browser.newPage({ viewport: { width: size.width, height: size.height } });
    page.on('pageerror', (err) => pageErrors.push(err.message));
    return page;
  };
  const shot = (page: Page, name: string, size: string) =>
    page.screenshot({ path: join(SHOTS, `${name}-${size}.png`), fullPage: true });

  it('installs South Plant from the install page and switches the console to it', async () => {
    const page = await open(SIZES[0]);
    await page.goto(h.standin.baseUrl);
    await page.waitForSelector('#workspace-select');
    expect(await page.locator('#workspace-select option:checked').textContent()).toBe('Fieldline Local');
    expect(await page.locator('#workspace-select option[value=T0SOUTH]').textContent()).toContain(
      'not installed',
    );
    await shot(page, 'console-switcher', 'desktop');

    const install = page.locator('a', { hasText: 'Install fieldline in another workspace' });
    expect(await install.getAttribute('href')).toBe(`${h.url}/slack/install`);
    const pages = await open(SIZES[0]);
    await pages.goto(`${h.url}/slack/install`);
    await shot(pages, 'install-page', 'desktop');
    await pages.getByRole('link', { name: 'Add to Slack' }).click();
    await pages.waitForSelector('text=fieldline is requesting permission');
    await shot(pages, 'consent-page', 'desktop');
    await pages.getByLabel('South Plant').check();
    await pages.getByRole('button', { name: 'Allow' }).click();
    await pages.waitForSelector('text=fieldline is installed in South Plant');
    await shot(pages, 'installed-page', 'desktop');

    // Back in the console: the new installation shows, and choosing it sends requests from South Plant.
    await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
    await expect
      .poll(() => page.locator('#workspace-select option[value=T0SOUTH]').textContent())
      .toBe('South Plant');
    await page.locator('#workspace-select').selectOption('T0SOUTH');
    await waitFor(() => h.standin.workspaces?.current().id === 'T0SOUTH');
    const mark = h.standin.workspaces?.oauth.calls.length ?? 0;
    await h.driver.appHomeOpened({ user: 'U0ANA' });
    await waitFor(() =>
      h.standin.workspaces?.oauth.calls.slice(mark).some((c) => c.method === 'views.publish'),
    );
    const keys = new Set(h.standin.workspaces?.oauth.calls.slice(mark).map((c) => c.key));
    expect(keys).toEqual(new Set(['T0SOUTH']));
    await shot(page, 'console-switched', 'desktop');
    expect(pageErrors).toEqual([]);
  });

  it('reads at phone width', async () => {
    const size = SIZES[1];
    const page = await open(size);
    for (const [name, url] of [
      ['install-page', `${h.url}/slack/install`],
      ['console-switcher', h.standin.baseUrl],
    ] as const) {
      await page.goto(url);
      await shot(page, name, size.name);
    }
    await page.goto(`${h.url}/slack/install`);
    const addToSlack = await page.getByRole('link', { name: 'Add to Slack' }).getAttribute('href');
    await page.goto(addToSlack ?? '');
    await shot(page, 'consent-page', size.name);
    expect(pageErrors).toEqual([]);
  });

  it('tells a person of a workspace that removed fieldline why nothing works, at both widths', async () => {
    const sent = await h.standin.uninstall('T0SOUTH');
    expect(sent.status).toBe(200);
    await waitFor(async () => (await h.deps.installs.find({ teamId: 'T0SOUTH' })) === undefined);
    await h.app.whenIdle();
    for (const size of SIZES) {
      const page = await open(size);
      await page.goto(h.standin.baseUrl);
      await page.waitForSelector('#composer textarea');
      // On a phone the switcher is in the closed drawer; the stand-in keeps the workspace chosen on the desktop.
      const select = page.locator('#workspace-select');
      if (await select.isVisible()) await select.selectOption('T0SOUTH');
      await waitFor(() => h.standin.workspaces?.current().id === 'T0SOUTH');
      const input = page.locator('#composer textarea');
      await input.fill('/task list');
      await input.press('Enter');
      const told = page.locator('.msg', { hasText: 'no longer installed in this workspace' }).last();
      await told.waitFor();
      expect(await told.textContent()).not.toContain('went wrong');
      await shot(page, 'uninstalled-answer', size.name);
      await page.close();
    }
    expect(pageErrors).toEqual([]);
  }, 60_000);
});
