/**
 * "Complete with photos" in the web console, in a real browser (local mode): the card's button opens the photo
 * form, its file_input takes photos chosen from the disk (uploaded to the stand-in as the person, as Slack's
 * client does), and the submit uploads them to the platform and marks the task Done, the card edited in place.
 * Screenshots at desktop (1280×800) and phone (390×844) width go to artifacts/e2e/ and /tmp/shots/photos/ when
 * it exists.
 */
import { Resvg } from '@resvg/resvg-js';
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { waitFor } from '../harness.ts';
import { consoleSession, describeInChromium } from './local-bed.ts';

const SHOTS = '/tmp/shots/photos';
const GENERAL = 'C0GENERAL';

/** A real PNG photo (rendered), and a JPEG's first bytes with padding (the platform stores bytes as sent). */
const PNG = Buffer.from(
  new Resvg(
    '<svg xmlns="http://www.w3.org/2000/svg" width="320" height="240"><rect width="320" height="240" fill="#2b6"/><circle cx="160" cy="120" r="70" fill="#fd3"/></svg>',
  )
    .render()
    .asPng(),
);
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(2000, 5)]);

describeInChromium('Complete with photos in the console', () => {
  const session = consoleSession(SHOTS);
  const { shot } = session;
  const pageErrors: string[] = [];

  /** A task made through the create modal (as Ana), its card in #general. */
  async function createTask(name: string): Promise<string> {
    const before = session.bed().h.standin.views().length;
    await session
      .bed()
      .h.driver.command({ command: '/task', text: `new ${name}`, channel: GENERAL, user: 'U0ANA' });
    const view = await waitFor(() =>
      session
        .bed()
        .h.standin.views()
        .slice(before)
        .find((v) => v.open && v.callback_id === 'task_create'),
    );
    const options = await session.bed().h.driver.blockSuggestion({
      actionId: 'task_site',
      value: 'berlin',
      view,
      user: 'U0ANA',
    });
    const site = (options.body as { options: object[] }).options[0]!;
    await session
      .bed()
      .h.driver.viewSubmission({ view, user: 'U0ANA', values: { task_site: site as never } });
    await waitFor(
      () =>
        session
          .bed()
          .h.standin.messages(GENERAL)
          .find((m) => !m.ephemeralTo && m.text.startsWith(`Task: ${name}`)),
      { timeoutMs: 15_000 },
    );
    return name;
  }

  async function openGeneral(width: number, height: number): Promise<Page> {
    const page = await session.browser().newPage({
      viewport: { width, height },
      ...(width < 500 ? { isMobile: true, hasTouch: true } : {}),
    });
    page.on('pageerror', (err) => pageErrors.push(err.message));
    await page.goto(session.bed().url);
    await page.waitForSelector('body[data-ready=true]');
    if (width < 500) await page.locator('#menu-button').click();
    await page.locator('#channel-list button', { hasText: 'general' }).first().click();
    await expect.poll(() => page.locator('#channel-title').textContent()).toBe('#general');
    return page;
  }

  async function completeWithPhotos(width: number, height: number, task: string, tag: string) {
    const page = await openGeneral(width, height);
    const card = page.locator('#messages .msg').filter({ hasText: task }).last();
    await card.waitFor();
    await shot(page, `photos-card-${tag}`);
    await card.locator('button', { hasText: 'Complete with photos' }).click();
    const modal = page.getByRole('dialog');
    await modal.locator('input[type=file]').waitFor({ state: 'attached' });
    expect(await modal.locator('input[type=file]').getAttribute('accept')).toBe(
      '.jpg,.jpeg,.png,.heic,.webp',
    );
    await modal.locator('input[type=file]').setInputFiles([
      { name: `${tag}-before.png`, mimeType: 'image/png', buffer: PNG },
      { name: `${tag}-after.jpg`, mimeType: 'image/jpeg', buffer: JPEG },
    ]);
    await expect.poll(() => modal.locator('.file-input-item').count(), { timeout: 10_000 }).toBe(2);
    await shot(page, `photos-form-${tag}`);
    const uploadsBefore = session.bed().h.sandbox.admin.written().uploads.length;
    await modal.locator('button[type=submit]').click();
    await expect
      .poll(() => card.locator('.section-fields').textContent(), { timeout: 15_000 })
      .toContain('Done');
    const uploads = session
      .bed()
      .h.sandbox.admin.written()
      .uploads.slice(uploadsBefore)
      .map((u) => u.name);
    expect(uploads.sort()).toEqual([`${tag}-after.jpg`, `${tag}-before.png`]);
    await shot(page, `photos-done-${tag}`);
    await page.close();
  }

  it('at desktop width: choose two photos, submit, the card shows Done', async () => {
    await completeWithPhotos(1280, 800, await createTask('Replace the inlet filter'), '1280');
    expect(pageErrors).toEqual([]);
  });

  it('at phone width: the same from a phone', async () => {
    await completeWithPhotos(390, 844, await createTask('Tighten the flange bolts'), '390');
    expect(pageErrors).toEqual([]);
  });
});
