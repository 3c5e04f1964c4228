/**
 * Rounds and the handover in the web console, in a real browser (local mode): a round posted in
 * #plant-north-alerts with Start (which opens the round's form), and the shift digest carrying the handover with
 * Accept handover, accepted with a click and edited in place. Screenshots at desktop (1280×800) and phone
 * (390×844) width go to artifacts/e2e/ and /tmp/shots/rounds/ when it exists.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { TZDate } from '@date-fns/tz';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createScheduler, type RoundsScheduler } from '../../src/rounds/index.ts';
import { waitFor } from '../harness.ts';
import {
  ARTIFACTS,
  describeInChromium,
  launchBrowser,
  MIN,
  startLocalBed,
  type LocalBed,
} from './local-bed.ts';

const SHOTS = '/tmp/shots/rounds';
const ALERTS = 'C0ALERTS';

/** "HH:mm" in `zone`, `aheadMs` from now. */
function localTime(ms: number, zone: string): string {
  const d = new TZDate(ms, zone);
  return `${String(d.getHours()).padStart(2, '0')}:${String(d.getMinutes()).padStart(2, '0')}`;
}

describeInChromium('rounds and the handover in the console', () => {
  let bed: LocalBed;
  let browser: Browser;
  let scheduler: RoundsScheduler;
  const pageErrors: string[] = [];

  const command = async (command: string, text: string) => {
    const res = await bed.h.driver.command({ command, text, channel: ALERTS, user: 'U0ANA' });
    expect(res.status).toBe(200);
  };
  const ephemeral = (re: RegExp) =>
    waitFor(() => bed.h.standin.messages(ALERTS).find((m) => m.ephemeralTo === 'U0ANA' && re.test(m.text)), {
      timeoutMs: 15_000,
    });

  beforeAll(async () => {
    bed = await startLocalBed();
    browser = await launchBrowser();
    scheduler = createScheduler(bed.h.deps, {
      slackFor: async () => ({ botToken: bed.h.standin.botToken, apiUrl: bed.h.standin.apiUrl }),
    });
  });
  afterAll(async () => {
    await scheduler?.stop();
    await browser?.close();
    await bed?.stop();
  });

  async function shot(page: Page, name: string) {
    await page.screenshot({ path: join(ARTIFACTS, `${name}.png`), fullPage: false });
    if (existsSync(SHOTS)) await page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage: false });
  }

  async function openAlerts(width: number, height: number): Promise<Page> {
    const page = await browser.newPage({
      viewport: { width, height },
      ...(width < 500 ? { isMobile: true, hasTouch: true } : {}),
    });
    page.on('pageerror', (err) => pageErrors.push(err.message));
    await page.goto(bed.url);
    await page.waitForSelector('body[data-ready=true]');
    if (width < 500) await page.locator('#menu-button').click();
    await page.locator('#channel-list button', { hasText: 'plant-north-alerts' }).click();
    await expect.poll(() => page.locator('#channel-title').textContent()).toBe('#plant-north-alerts');
    return page;
  }

  it('posts a round with Start; Start opens its form', async () => {
    const due = localTime(Date.now() + 2 * MIN, 'Europe/Berlin');
    await command('/round', `add Daily Safety Round at ${due} window 60m limit "Oil Level" 20..80`);
    await ephemeral(/scheduled/);
    await bed.tick(3 * MIN);
    expect((await scheduler.tick()).posted).toBe(1);

    const page = await openAlerts(1280, 800);
    const post = page.locator('#messages .msg').filter({ hasText: 'Round: Daily Safety Round' }).last();
    await post.waitFor();
    expect(await post.locator('button', { hasText: 'Start' }).count()).toBe(1);
    await shot(page, 'round-post-1280');
    await post.locator('button', { hasText: 'Start' }).click();
    const modal = page.getByRole('dialog');
    await modal.getByText('Oil Level', { exact: false }).first().waitFor();
    await shot(page, 'round-form-1280');
    await page.close();

    const phone = await openAlerts(390, 844);
    await phone.locator('#messages .msg').filter({ hasText: 'Round: Daily Safety Round' }).last().waitFor();
    await shot(phone, 'round-post-390');
    await phone.close();
    expect(pageErrors).toEqual([]);
  });

  it('shows the handover in the digest with Accept handover, edited in place once accepted', async () => {
    const change = bed.h.deps.clock.now() + 10 * MIN;
    await command('/monitor', 'subscribe alerts site Chicago Works');
    await ephemeral(/Chicago Works/);
    await command('/monitor', `digest at ${localTime(change, 'America/Chicago')}`);
    await ephemeral(/digest|shift/i);
    await command('/handover', 'setup site Chicago Works accept 30m');
    await ephemeral(/hands over in this channel/);
    expect((await scheduler.tick()).offered).toBe(1);
    const offer = await waitFor(() =>
      bed.h.standin.messages(ALERTS).find((m) => m.text.startsWith('Shift change at')),
    );
    const before = bed.h.standin.views().length;
    await bed.h.driver.blockAction({
      actionId: 'handover_fill',
      message: offer.ts,
      channel: ALERTS,
      user: 'U0ANA',
    });
    const view = await waitFor(
      () =>
        bed.h.standin
          .views()
          .slice(before)
          .find((v) => v.open && v.callback_id === 'handover_view'),
      { timeoutMs: 15_000 },
    );
    await bed.h.driver.viewSubmission({
      view,
      user: 'U0ANA',
      values: {
        fl_t_2101: 'Ana',
        fl_n_2102: '72',
        fl_t_2103: 'PASS',
        fl_t_2104: 'Pump 3 noisy, check at 16:00',
      },
    });
    await ephemeral(/Handover kept/);
    await bed.tick(11 * MIN);

    const page = await openAlerts(1280, 800);
    const digest = page
      .locator('#messages .msg')
      .filter({ hasText: 'Shift handover — Chicago Works' })
      .last();
    await digest.waitFor();
    await digest.locator('button', { hasText: 'Accept handover' }).waitFor();
    await digest.scrollIntoViewIfNeeded();
    await shot(page, 'handover-digest-1280');
    const phone = await openAlerts(390, 844);
    const phoneDigest = phone
      .locator('#messages .msg')
      .filter({ hasText: 'Shift handover — Chicago Works' })
      .last();
    await phoneDigest.waitFor();
    await phoneDigest.locator('button', { hasText: 'Accept handover' }).scrollIntoViewIfNeeded();
    await shot(phone, 'handover-digest-390');
    await phone.close();

    await digest.locator('button', { hasText: 'Accept handover' }).click();
    await digest.getByText('Handover accepted by', { exact: false }).waitFor();
    expect(await digest.locator('button', { hasText: 'Accept handover' }).count()).toBe(0);
    await digest.scrollIntoViewIfNeeded();
    await shot(page, 'handover-accepted-1280');
    await page.close();
    expect(pageErrors).toEqual([]);
  });
});
