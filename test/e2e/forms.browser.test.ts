/**
 * A form filled in from the web console in a real browser (local mode: Ana): `/form Daily Safety Round` opens the
 * form's modal, laid out from its formConfig; submitting it answers with what was recorded. Screenshots of the
 * modal at desktop (1280×800) and phone (390×844) width go to artifacts/e2e/ and /tmp/shots/forms/ when it exists.
 */
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { consoleSession, describeInChromium } from './local-bed.ts';

const SHOTS = '/tmp/shots/forms';

describeInChromium('a form in the console', () => {
  const session = consoleSession(SHOTS);
  const { shot } = session;
  const pageErrors: string[] = [];

  async function openForm(page: Page) {
    page.on('pageerror', (err) => pageErrors.push(err.message));
    await page.goto(session.bed().url);
    await page.waitForSelector('body[data-ready=true]');
    const input = page.locator('#composer textarea');
    await input.fill('/form Daily Safety Round');
    await input.press('Enter');
    const modal = page.getByRole('dialog');
    await modal.getByText('Inspector', { exact: true }).first().waitFor();
    return modal;
  }

  async function openFormAgain(page: Page) {
    const input = page.locator('#composer textarea');
    await input.fill('/form Daily Safety Round');
    await input.press('Enter');
    const modal = page.getByRole('dialog');
    await modal.getByText('Inspector', { exact: true }).first().waitFor();
    return modal;
  }

  it('opens from /form, is filled in and answers what was recorded (desktop)', async () => {
    const page = await session.browser().newPage({ viewport: { width: 1280, height: 800 } });
    const modal = await openForm(page);
    await modal.getByLabel('Inspector').fill('Shift A');
    await modal.getByLabel('Oil Level').fill('81');
    await modal.getByLabel('Result').fill('PASS');
    await shot(page, 'form-modal-1280');
    await modal.locator('button[type=submit]').click();
    await modal.waitFor({ state: 'detached' });
    const answer = page.locator('#messages .msg').filter({ hasText: 'recorded' }).last();
    await answer.waitFor();
    expect(await answer.textContent()).toContain('Daily Safety Round');
    await shot(page, 'form-recorded-1280');
    await page.close();
    expect(pageErrors).toEqual([]);
  });

  it('fits a phone (390×844)', async () => {
    const page = await session.browser().newPage({
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
    });
    const modal = await openForm(page);
    await modal.getByLabel('Inspector').fill('Shift B');
    await shot(page, 'form-modal-390');
    const box = await modal.boundingBox();
    expect(box?.width ?? 0).toBeLessThanOrEqual(390);
    // closed half-way: opened again, what was typed is back
    await modal.getByRole('button', { name: 'Cancel' }).click();
    await modal.waitFor({ state: 'detached' });
    const again = await openFormAgain(page);
    await expect.poll(() => again.getByLabel('Inspector').inputValue()).toBe('Shift B');
    expect(await again.textContent()).toContain('filled in again');
    await shot(page, 'form-draft-390');
    await page.close();
    expect(pageErrors).toEqual([]);
  });

  it('shows every kind of field a formConfig can carry, an unknown one as text with its note (phone)', async () => {
    const form = session.bed().h.sandbox.admin.state.sources.find((x) => x.name === 'Daily Safety Round');
    const res = await fetch(`${session.bed().h.sandbox.url}/data-sources/${form?.id}?withLastReading=true`, {
      headers: { 'x-api-key': session.bed().h.sandbox.keys.full },
    });
    const { data } = (await res.json()) as { data: Record<string, unknown> };
    const formConfig = {
      order: ['2101', '2110', '2102', '2112', '2111'],
      required: ['2101', '2110'],
      properties: {
        '2101': { title: 'Inspector', type: 'string', enum: ['Shift A', 'Shift B', 'Shift C'] },
        '2110': { title: 'Guards fitted', type: 'boolean' },
        '2102': { title: 'Oil Level', type: 'number', minimum: 0, maximum: 100, unit: '%' },
        '2112': { title: 'Checked on', type: 'string', format: 'date' },
        '2111': { title: 'Signature', type: 'signature' },
      },
    };
    session.bed().h.sandbox.admin.inject({
      endpoint: 'GET /data-sources/{id}',
      status: 200,
      body: { data: { ...data, formConfig } },
    });
    const page = await session.browser().newPage({
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
    });
    const modal = await openForm(page);
    await modal.getByText('Guards fitted').waitFor();
    expect(await modal.textContent()).toContain('fieldline does not know this kind of field (signature)');
    await shot(page, 'form-kinds-390');
    await page.close();
    expect(pageErrors).toEqual([]);
  });
});
