/**
 * Issue 38: in the console a person sees only the conversations they are a member of, as in Slack — Kai (the
 * partner) sees #partner-co-shared and not the private #shift-leads; membership changes show at once, and a
 * person removed from the conversation they are looking at is taken out of it. Local mode as main.ts seeds it.
 */
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { describeInChromium, launchBrowser, startLocalBed, type LocalBed } from './local-bed.ts';

const SHOTS = '/tmp/shots/membership';

describeInChromium('conversations by membership in the console', () => {
  let bed: LocalBed;
  let browser: Browser;
  let page: Page;
  const pageErrors: string[] = [];

  const channelList = () => page.locator('#channel-list button').allTextContents();
  const names = async () => (await channelList()).map((t) => t.replace(/^(#|🔒)\s*/, ''));
  const actAs = async (user: string, email: string | null) => {
    await page.selectOption('#user-select', user);
    await expect.poll(() => page.locator('#user-email').textContent()).toBe(email ?? 'no email in profile');
  };

  beforeAll(async () => {
    await mkdir(SHOTS, { recursive: true });
    bed = await startLocalBed();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await bed?.stop();
  });
  beforeEach(async () => {
    page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    page.on('pageerror', (err) => pageErrors.push(err.message));
    await page.addInitScript(() => localStorage.clear());
    await page.goto(bed.url);
    await page.waitForSelector('body[data-ready=true]');
  });

  it('Kai sees only the channel shared with Partner Co; Ana sees hers, the private #shift-leads included', async () => {
    expect(await names()).toEqual([
      'general',
      'plant-north-alerts',
      'maintenance',
      'shift-leads',
      'partner-co-shared',
    ]);
    await actAs('U0KAI', 'kai@partner.example');
    await expect.poll(names).toEqual(['partner-co-shared']);
    // He was on #general (not his): the console took him to his own channel.
    await expect.poll(() => page.locator('#channel-title').textContent()).toBe('#partner-co-shared');
    await page.locator('#messages .msg').filter({ hasText: 'Hi from Partner Co' }).waitFor();
    await page.screenshot({ path: join(SHOTS, 'kai-1280.png') });

    const phone = await browser.newPage({ viewport: { width: 390, height: 844 } });
    await phone.addInitScript(() => localStorage.setItem('console.user', 'U0KAI'));
    await phone.goto(bed.url);
    await phone.waitForSelector('body[data-ready=true]');
    await phone.locator('#menu-button').click();
    await expect
      .poll(() => phone.locator('#channel-list button').allTextContents())
      .toEqual(['# partner-co-shared']);
    // The drawer has slid in.
    await expect
      .poll(async () => (await phone.locator('#channel-list').boundingBox())?.x ?? -1)
      .toBeGreaterThanOrEqual(0);
    await phone.screenshot({ path: join(SHOTS, 'kai-390.png') });
    await phone.close();

    await actAs('U0GUS', null);
    await expect.poll(names).toEqual(['maintenance']);
    expect(pageErrors).toEqual([]);
  });

  it('follows membership changes: joining shows the channel, leaving the one on screen moves the person out', async () => {
    await actAs('U0BEN', 'ben.okafor@plant.example');
    await expect.poll(names).not.toContain('shift-leads');
    bed.h.standin.addMember('G0PRIVATE', 'U0BEN');
    await expect.poll(names).toContain('shift-leads');
    await page.locator('#channel-list button', { hasText: 'shift-leads' }).click();
    await expect.poll(() => page.locator('#channel-title').textContent()).toBe('#shift-leads');
    await page.screenshot({ path: join(SHOTS, 'ben-shift-leads-1280.png') });

    bed.h.standin.removeMember('G0PRIVATE', 'U0BEN');
    await expect.poll(names).not.toContain('shift-leads');
    await expect.poll(() => page.locator('#channel-title').textContent()).toBe('#general');
    expect(pageErrors).toEqual([]);
  });
});
