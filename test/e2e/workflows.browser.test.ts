/**
 * The console's Workflows panel in a real browser (local mode): pick a step, fill its inputs, run it — the app
 * gets the signed function_executed event — and see its outputs, or the error Workflow Builder would show.
 * Screenshots at desktop (1280×800) and phone (390×844) width go to artifacts/e2e/ and /tmp/shots/workflows/
 * when it exists (the README's come from there).
 */
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { consoleSession, describeInChromium } from './local-bed.ts';

const SHOTS = '/tmp/shots/workflows';

describeInChromium('the Workflows panel of the console', () => {
  const session = consoleSession(SHOTS);
  const { shot } = session;
  const pageErrors: string[] = [];

  async function open(width: number, height: number, step: string): Promise<Page> {
    const page = await session.browser().newPage({
      viewport: { width, height },
      ...(width < 500 ? { isMobile: true, hasTouch: true } : {}),
    });
    page.on('pageerror', (err) => pageErrors.push(err.message));
    await page.goto(`${session.bed().url}console/workflows?step=${step}`);
    await page.waitForSelector('body[data-ready=true]');
    return page;
  }

  it('is linked from the workspace and runs Latest reading to its outputs', async () => {
    const home = await session.browser().newPage({ viewport: { width: 1280, height: 800 } });
    await home.goto(session.bed().url);
    await home.waitForSelector('body[data-ready=true]');
    await home.getByRole('link', { name: /Workflows/ }).click();
    await home.waitForSelector('body[data-ready=true]');
    expect(await home.locator('#wf-step option').allTextContents()).toEqual([
      'Create a maintenance task',
      'Record a reading',
      'Latest reading',
      'Post to the platform feed',
      'Open incidents at a site',
    ]);
    await home.close();

    const page = await open(1280, 800, 'fieldline_latest_reading');
    await page.getByLabel('Acting person').selectOption('U0ANA');
    await page.getByLabel('Data source').fill('Boiler Feed Flow');
    await page.getByLabel('Metric').fill('Pressure');
    const runs = session.bed().h.standin.functions.list().length;
    await page.getByRole('button', { name: 'Run step' }).click();
    await page.waitForSelector('body[data-run=completed]');
    const run = session.bed().h.standin.functions.list()[runs];
    expect(run?.state).toBe('completed');
    expect(run?.inputs).toEqual({
      acting_user: 'U0ANA',
      data_source: 'Boiler Feed Flow',
      metric: 'Pressure',
    });
    const outputs = page.locator('#wf-outputs');
    expect(await page.locator('#wf-status').textContent()).toBe('Completed');
    expect(await outputs.locator('dt').allTextContents()).toEqual([
      'Value',
      'Unit',
      'Time (site time)',
      'Age in minutes',
    ]);
    expect(await outputs.locator('dd').nth(0).textContent()).toBe(String(run?.outputs?.value));
    expect(await outputs.locator('dd').nth(1).textContent()).toBe('bar');
    await shot(page, 'workflows-latest-reading-1280');
    await page.close();
  });

  it('runs Create a maintenance task, and shows a refusal as Workflow Builder would', async () => {
    const page = await open(1280, 800, 'fieldline_create_task');
    await page.getByLabel('Acting person').selectOption('U0ANA');
    await page.getByLabel('Site', { exact: true }).fill('Chicago Works');
    await page.getByLabel('Task name').fill('Boiler feed pressure high at 06:00');
    await page.getByLabel('Priority').selectOption('high');
    const before = session.bed().h.sandbox.admin.written().tasks.length;
    await page.getByRole('button', { name: 'Run step' }).click();
    await page.waitForSelector('body[data-run=completed]');
    expect(session.bed().h.sandbox.admin.written().tasks.length).toBe(before + 1);
    expect(await page.locator('#wf-outputs').textContent()).toContain(
      '“Boiler feed pressure high at 06:00” at Chicago Works — high priority',
    );
    await shot(page, 'workflows-create-task-1280');

    await page.getByLabel('Acting person').selectOption('U0GUS');
    await page.getByRole('button', { name: 'Run step' }).click();
    await page.waitForSelector('body[data-run=failed]');
    expect(await page.locator('#wf-status').textContent()).toMatch(/^Failed: The acting person is a guest/);
    expect(session.bed().h.sandbox.admin.written().tasks.length).toBe(before + 1);
    await shot(page, 'workflows-refused-1280');
    await page.close();
  });

  it('fits a phone', async () => {
    const page = await open(390, 844, 'fieldline_open_incidents');
    await page.getByLabel('Acting person').selectOption('U0ANA');
    await page.getByLabel('Site', { exact: true }).fill('Berlin Plant');
    await page.getByRole('button', { name: 'Run step' }).click();
    await page.waitForSelector('body[data-run=completed]');
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(390);
    await page.locator('#wf-outputs').scrollIntoViewIfNeeded();
    await shot(page, 'workflows-open-incidents-390');
    await page.close();
    expect(pageErrors).toEqual([]);
  });
});
