/**
 * Local mode in a real browser (Debian's Chromium driven by playwright-core): a person opens the console,
 * creates a task with /task new through the modal, marks it done from the card, then watches a camera alert
 * arrive in #plant-north-alerts and acknowledges it. Screenshots of every step go to artifacts/e2e/.
 */
import { join } from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  ARTIFACTS,
  describeInChromium,
  launchBrowser,
  MIN,
  startLocalBed,
  type LocalBed,
} from './local-bed.ts';
import { HEALTHY_CAMERA } from '../fixtures/device-status.ts';

describeInChromium('local mode', () => {
  let bed: LocalBed;
  let browser: Browser;
  let page: Page;
  const pageErrors: string[] = [];

  const shot = (name: string) => page.screenshot({ path: join(ARTIFACTS, `${name}.png`), fullPage: true });
  const message = (text: string | RegExp): Locator =>
    page.locator('#messages .msg').filter({ hasText: text }).last();
  const openChannel = async (name: string) => {
    await page.locator('#channel-list button', { hasText: name }).click();
    await expect.poll(() => page.locator('#channel-title').textContent()).toBe(`#${name}`);
  };

  beforeAll(async () => {
    bed = await startLocalBed();
    browser = await launchBrowser();
    page = await browser.newPage({ viewport: { width: 1360, height: 900 } });
    page.on('pageerror', (err) => pageErrors.push(err.message));
    const camera = bed.h.sandbox.admin.state.sources.find((s) => s.name === 'Gate Camera North');
    if (!camera) throw new Error('the sandbox seed has no Gate Camera North');
    bed.h.sandbox.admin.setDeviceStatus(camera.id, HEALTHY_CAMERA);
    // Two cycles: the relay records the plant as it is (and learns task status ids) before anything changes.
    await bed.tick(0);
    await bed.tick();
  });

  afterAll(async () => {
    await browser?.close();
    await bed?.stop();
  });

  it('opens the console on #general with the welcome message', async () => {
    await page.goto(bed.url);
    await page.waitForSelector('body[data-ready=true]');
    await expect.poll(() => page.locator('#channel-title').textContent()).toBe('#general');
    await message('Welcome to fieldline').waitFor();
    expect(await message('Welcome to fieldline').locator('.badge').textContent()).toBe('APP');
    await shot('01-console');
    expect(pageErrors).toEqual([]);
  });

  it('creates a task with /task new through the modal and shows its card', async () => {
    await openChannel('maintenance');
    const input = page.locator('#composer textarea');
    await input.fill('/ta');
    await expect(page.locator('#composer .suggestions').textContent()).resolves.toContain('/task');
    await input.fill('/task new Leaking valve on pump 3');
    await input.press('Enter');

    const modal = page.getByRole('dialog');
    await modal.waitFor();
    expect(await modal.getByLabel('Name').inputValue()).toBe('Leaking valve on pump 3');
    await modal.getByLabel('Site', { exact: true }).click();
    await modal.getByRole('option', { name: 'Berlin Plant' }).click();
    await modal.getByRole('combobox', { name: /^Priority/ }).click();
    await modal.getByRole('option', { name: 'High' }).click();
    await shot('02-task-modal');
    await modal.locator('button[type=submit]').click();
    await modal.waitFor({ state: 'detached' });

    const card = message('Leaking valve on pump 3');
    await card.getByRole('button', { name: 'Done', exact: true }).waitFor();
    expect(await card.textContent()).toMatch(/Status\s*To Do/);
    await shot('03-task-card');
  });

  it('marks the task done from the card and the card changes in place', async () => {
    const card = message('Leaking valve on pump 3');
    await card.getByRole('button', { name: 'Done', exact: true }).click();
    await expect.poll(() => card.textContent(), { timeout: 10_000 }).toMatch(/Status\s*Done/);
    expect(await card.getByRole('button', { name: 'Done', exact: true }).count()).toBe(0);
    expect(await page.locator('#messages .msg', { hasText: 'Leaking valve on pump 3' }).count()).toBe(1);
    await shot('04-task-done');
  });

  it('shows a camera alert arriving in #plant-north-alerts and acknowledges it', async () => {
    await openChannel('plant-north-alerts');
    const camera = bed.h.sandbox.admin.state.sources.find((s) => s.name === 'Gate Camera North');
    bed.h.sandbox.admin.setDeviceStatus(camera?.id ?? '', { ...HEALTHY_CAMERA, onLine: false });
    await bed.tick(MIN); // pending
    await bed.tick(3 * MIN); // held past the pending period: raised
    const alert = message(/Gate Camera North/);
    await alert.waitFor({ timeout: 10_000 });
    expect(await alert.textContent()).toMatch(/Offline/);
    await shot('05-alert');

    await alert.getByRole('button', { name: 'Acknowledge' }).click();
    await expect.poll(() => alert.textContent(), { timeout: 10_000 }).toMatch(/Acknowledged by @Ana Silva/);
    await shot('06-alert-acknowledged');
    expect(pageErrors).toEqual([]);
  });

  it('imports a CSV attached in the DM with fieldline, and says so where the person is', async () => {
    await page.locator('#app-list button').click();
    const messagesTab = page.getByRole('tab', { name: 'Messages' });
    if (await messagesTab.count()) await messagesTab.click();
    const csv = 'timestamp,Temperature,Humidity\n2026-11-19 10:00:00,21.5,40\n2026-11-19 10:15:00,21.7,41\n';
    await page.locator('#composer .attach-input').setInputFiles({
      name: 'hall-a.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(csv),
    });
    const shared = message('hall-a.csv');
    await shared.getByRole('button', { name: '1 reply' }).click({ timeout: 10_000 });
    await page.locator('#thread').getByRole('button', { name: 'Import readings…' }).click();
    const modal = page.getByRole('dialog');
    await modal.waitFor();
    await modal.getByLabel('Data source', { exact: true }).click();
    await modal.getByRole('option', { name: /Hall A Climate/ }).click();
    await shot('07-import-modal');
    await modal.locator('button[type=submit]').click();
    await modal.waitFor({ state: 'detached' });
    // the outcome is said once, in the file's thread where the person started the import (issue 35)
    const done = page.locator('#thread .msg').filter({ hasText: /can now be read on/ });
    await done.last().waitFor({ timeout: 20_000 });
    expect(await done.last().textContent()).toContain('Hall A Climate');
    expect(await done.count()).toBe(1);
    expect(
      await page
        .locator('#messages .msg')
        .filter({ hasText: /can now be read on/ })
        .count(),
    ).toBe(0);
    await shot('08-import-confirmed');
    expect(pageErrors).toEqual([]);
  });

  it('makes a task from a message on a phone and follows "open it" to its card, on the host in use', async () => {
    const phone = await browser.newPage({ viewport: { width: 390, height: 844 } });
    const onLocalhost = bed.url.replace('127.0.0.1', 'localhost');
    try {
      await phone.goto(onLocalhost);
      await phone.waitForSelector('body[data-ready=true]');
      await phone.getByRole('button', { name: 'Channels' }).click();
      await phone.locator('#channel-list button', { hasText: 'maintenance' }).click();
      const input = phone.locator('#composer textarea');
      await input.fill('Pump 7 seal is weeping');
      await input.press('Enter');
      const origin = phone.locator('#messages .msg').filter({ hasText: 'Pump 7 seal is weeping' }).last();
      await origin.hover();
      await origin.getByRole('button', { name: 'More actions' }).click();
      await phone.getByRole('menuitem', { name: 'Create task from message' }).click();
      const modal = phone.getByRole('dialog');
      await modal.getByLabel('Name', { exact: true }).waitFor();
      const site = modal.getByLabel('Site', { exact: true });
      if (!(await site.textContent())?.includes('Berlin Plant')) {
        await site.click();
        await modal.getByRole('option', { name: 'Berlin Plant' }).click();
      }
      await modal.locator('button[type=submit]').click();
      await modal.waitFor({ state: 'detached' });
      const openIt = phone.locator('#messages a', { hasText: 'open it' }).last();
      await openIt.waitFor({ timeout: 20_000 });
      expect(await openIt.evaluate((a: HTMLAnchorElement) => a.href)).toMatch(
        new RegExp(`^${onLocalhost}archives/`),
      );
      await openIt.click();
      const card = phone.locator('#thread .msg.linked');
      await card.waitFor();
      expect(await card.textContent()).toContain('Pump 7 seal is weeping');
      expect(await phone.locator('#thread').boundingBox()).toMatchObject({ x: 0, y: 0, width: 390 });
      await phone.screenshot({ path: join(ARTIFACTS, '10-phone-open-it.png') });
    } finally {
      await phone.close();
    }
  });

  it('keeps the newest /reading answer in view on a phone (390 × 844)', async () => {
    const phone = await browser.newPage({ viewport: { width: 390, height: 844 } });
    try {
      await phone.goto(bed.url);
      await phone.waitForSelector('body[data-ready=true]');
      expect(await phone.locator('.sidebar').isVisible()).toBe(false);
      const input = phone.locator('#composer textarea');
      for (const source of ['Main Energy Meter', 'Hall A Climate']) {
        await input.fill(`/reading ${source}`);
        await input.press('Enter');
        const answer = phone
          .locator('#messages .msg')
          .filter({ hasText: `${source} — last 24 h` })
          .last();
        await answer.waitFor({ timeout: 20_000 });
        // the answer's last line is on screen: the pane followed the message as it grew
        await expect
          .poll(
            async () => {
              const box = await answer.boundingBox();
              const pane = await phone.locator('#messages').boundingBox();
              return box !== null && pane !== null && box.y + box.height <= pane.y + pane.height + 1;
            },
            { timeout: 10_000 },
          )
          .toBe(true);
      }
      await phone.screenshot({ path: join(ARTIFACTS, '09-phone-reading.png') });
    } finally {
      await phone.close();
    }
  });
});
