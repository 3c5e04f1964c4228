/**
 * What the web console shows besides Block Kit itself: every emoji fieldline writes, the APP badge on the app's
 * messages (the local welcome included), a thread reply also sent to the channel, who you are acting as on a
 * phone, and a phone composer whose text box keeps its width whatever emoji font the machine has.
 */
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { z } from 'zod';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { startConsoleFixture, type ConsoleFixture } from '../slack-standin/console-fixture.ts';
import { shortcodesInSource } from '../slack-standin/shortcodes.ts';
import { ARTIFACTS, describeInChromium, launchBrowser } from './local-bed.ts';
import { rasterise } from '../../src/readings/chart/chart-png.ts';

/** Debian's fonts-noto-color-emoji, the colour emoji font most desktops and phones have. */
const COLOUR_EMOJI_FONT = '/usr/share/fonts/truetype/noto/NotoColorEmoji.ttf';

describeInChromium('console display', () => {
  let f: ConsoleFixture;
  let browser: Browser;
  let page: Page;

  const api = (method: string, body: unknown) => f.api(method, body);
  const msg = (pane: string, text: string) => page.locator(`${pane} .msg`).filter({ hasText: text });
  const open = async (p: Page) => {
    await p.goto(f.url);
    await p.waitForSelector('body[data-ready=true]');
  };

  beforeAll(async () => {
    f = await startConsoleFixture();
    browser = await launchBrowser();
    page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.addInitScript(() => localStorage.clear());
  });
  afterAll(async () => {
    await browser?.close();
    await f?.stop();
  });
  beforeEach(async () => {
    f.standin.reset();
    await page.setViewportSize({ width: 1280, height: 800 });
    await open(page);
  });

  it('shows every emoji fieldline writes, in text and in buttons', async () => {
    const codes = [...(await shortcodesInSource()).keys()];
    expect(codes).toEqual(expect.arrayContaining(['incoming_envelope', 'key', 'arrow_up', 'mute']));
    const line = codes.map((c) => `:${c}:`).join(' ');
    await api('chat.postMessage', {
      channel: 'C0GENERAL',
      text: line,
      blocks: [
        { type: 'section', text: { type: 'mrkdwn', text: `*Status* ${line}` } },
        {
          type: 'actions',
          elements: [
            {
              type: 'button',
              action_id: 'mute',
              text: { type: 'plain_text', text: ':mute: Mute', emoji: true },
            },
          ],
        },
      ],
    });
    const m = msg('#messages', 'Status');
    await m.waitFor();
    const shown = (await m.locator('.section-text').textContent()) ?? '';
    expect(codes.filter((c) => shown.includes(`:${c}:`))).toEqual([]);
    expect(shown).toContain('📨');
    expect(await m.getByRole('button', { name: '🔇 Mute' }).count()).toBe(1);
    await page.screenshot({ path: join(ARTIFACTS, 'console-emoji.png') });
  });

  it("badges the app's messages APP, the welcome stored as its bot user included", async () => {
    f.standin.addMessage({ channel: 'C0GENERAL', user: f.standin.botUserId, text: 'Welcome to fieldline' });
    f.standin.addMessage({ channel: 'C0GENERAL', user: 'U0BEN', text: 'Morning all' });
    const welcome = msg('#messages', 'Welcome to fieldline');
    await welcome.waitFor();
    expect(await welcome.locator('.msg-author').textContent()).toBe('fieldline');
    expect(await welcome.locator('.badge').textContent()).toBe('APP');
    await msg('#messages', 'Morning all').waitFor();
    expect(await msg('#messages', 'Morning all').locator('.badge').count()).toBe(0);
  });

  it('marks a thread reply also sent to the channel, in the channel and in the thread', async () => {
    const parent = z
      .object({ ts: z.string() })
      .parse(await api('chat.postMessage', { channel: 'C0GENERAL', text: 'Pump 3 is *leaking*' }));
    await api('chat.postMessage', { channel: 'C0GENERAL', text: 'Only in the thread', thread_ts: parent.ts });
    await api('chat.postMessage', {
      channel: 'C0GENERAL',
      text: 'Valve closed, pump stopped',
      thread_ts: parent.ts,
      reply_broadcast: true,
    });
    const broadcast = msg('#messages', 'Valve closed, pump stopped');
    await broadcast.waitFor();
    expect(await broadcast.locator('.broadcast-from').textContent()).toBe(
      'replied to a thread: Pump 3 is leaking',
    );
    expect(await msg('#messages', 'Only in the thread').count()).toBe(0);
    await page.screenshot({ path: join(ARTIFACTS, 'console-broadcast.png') });

    await broadcast.getByRole('button', { name: 'Pump 3 is leaking' }).click();
    const inThread = msg('#thread', 'Valve closed, pump stopped');
    await inThread.getByText('Also sent to the channel').waitFor();
    expect(await msg('#thread', 'Only in the thread').getByText('Also sent to the channel').count()).toBe(0);
    expect(await inThread.locator('.broadcast-from').count()).toBe(0);
    await page.screenshot({ path: join(ARTIFACTS, 'console-broadcast-thread.png') });
  });

  it('says who you are acting as in the phone header, and only in the sidebar on a desktop', async () => {
    const acting = page.getByRole('button', { name: /^Acting as / });
    expect(await acting.isVisible()).toBe(false);
    expect(await page.locator('#user-select').isVisible()).toBe(true);

    await page.setViewportSize({ width: 390, height: 844 });
    await acting.waitFor();
    expect(await acting.getAttribute('aria-label')).toBe('Acting as Ana Silva (switch person)');
    const chip = await acting.boundingBox();
    const head = await page.locator('.main .channel-head').boundingBox();
    expect(chip && head && chip.y >= head.y && chip.y + chip.height <= head.y + head.height).toBe(true);
    expect(chip && chip.x + chip.width <= 390).toBe(true);
    await page.screenshot({ path: join(ARTIFACTS, 'console-phone-acting-as.png') });

    await acting.click();
    await page.locator('#user-select').selectOption('U0BEN');
    await expect.poll(() => acting.getAttribute('aria-label')).toBe('Acting as Ben Okafor (switch person)');
    expect(await acting.textContent()).toContain('Ben Okafor');
  });

  it('shows a phone-shaped chart across the message width on a phone, not in a 300-px-high box', async () => {
    // the shape of /reading's chart: 480 × 795 units (three stacked panels), rasterised at twice that
    const svg =
      '<svg xmlns="http://www.w3.org/2000/svg" width="480" height="795"><rect width="480" height="795" fill="#fff"/>' +
      '<text x="10" y="40" style="font-size:20px">Line 1 Energy Meter</text></svg>';
    const png = await rasterise(svg);
    const file = f.standin.addFile({ name: 'chart.png', content: png, mimetype: 'image/png', user: 'U0BOT' });
    f.standin.addMessage({ channel: 'C0GENERAL', user: 'U0BOT', text: 'chart below', files: [file.id] });
    const img = msg('#messages', 'chart below').locator('.file-image img');
    await img.waitFor();
    await expect.poll(() => img.evaluate((i: HTMLImageElement) => i.naturalWidth)).toBe(960);

    await page.setViewportSize({ width: 390, height: 844 });
    const phone = await img.boundingBox();
    const column = await msg('#messages', 'chart below').locator('.msg-main').boundingBox();
    // as wide as the message column (Slack's phone app), so 11-px labels at 324 px stay about 11 px
    expect(phone && column && phone.width >= column.width - 2).toBe(true);
    expect(phone && phone.width).toBeGreaterThanOrEqual(300);
    expect(phone && phone.x + phone.width <= 390).toBe(true);
    await page.screenshot({ path: join(ARTIFACTS, 'console-phone-chart.png') });
  });

  it('gives the phone composer its text box the width, with and without a colour emoji font', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'console-fonts-'));
    // The same fonts minus the colour emoji one, whether or not this machine has it.
    const noColourEmoji = join(dir, 'fonts.conf');
    await writeFile(
      noColourEmoji,
      `<?xml version="1.0"?>
<!DOCTYPE fontconfig SYSTEM "fonts.dtd">
<fontconfig>
  <include ignore_missing="yes">/etc/fonts/fonts.conf</include>
  <selectfont><rejectfont><glob>*NotoColorEmoji*</glob></rejectfont></selectfont>
</fontconfig>
`,
    );
    const variants = [
      { name: 'system-fonts', browser },
      {
        name: 'no-colour-emoji',
        browser: await launchBrowser({ env: { ...process.env, FONTCONFIG_FILE: noColourEmoji } }),
      },
    ];
    const clipWidths: number[] = [];
    try {
      for (const v of variants) {
        const phone = await v.browser.newPage({ viewport: { width: 390, height: 844 } });
        try {
          f.standin.addMessage({ channel: 'C0GENERAL', text: 'note', user: 'U0BEN' });
          await open(phone);
          const box = (sel: string) =>
            phone.locator(sel).evaluate((el) => {
              const r = el.getBoundingClientRect();
              return { x: r.x, y: r.y, width: r.width, height: r.height };
            });
          // What the emoji font changes: how wide it draws the attach button's 📎.
          clipWidths.push(
            await phone.evaluate(() => {
              const probe = document.createElement('span');
              probe.style.fontSize = '18px';
              probe.textContent = '📎';
              document.body.append(probe);
              const width = probe.getBoundingClientRect().width;
              probe.remove();
              return width;
            }),
          );
          const text = await box('#composer textarea');
          expect(text.width, v.name).toBeGreaterThanOrEqual(370);
          for (const sel of ['#composer .shortcuts-button', '#composer .attach-button'])
            expect((await box(sel)).width, `${v.name} ${sel}`).toBe(36);
          const send = await box('#composer [type=submit]');
          expect(send.x + send.width, v.name).toBeLessThanOrEqual(390);
          expect(send.y, `${v.name}: the buttons sit under the text box`).toBeGreaterThanOrEqual(
            text.y + text.height,
          );
          await phone.screenshot({ path: join(ARTIFACTS, `console-phone-composer-${v.name}.png`) });
        } finally {
          await phone.close();
        }
      }
      // The two runs did differ in their emoji font where this machine has the colour one.
      if (existsSync(COLOUR_EMOJI_FONT)) expect(clipWidths[0]).not.toBe(clipWidths[1]);
    } finally {
      await variants[1]?.browser.close();
      await rm(dir, { recursive: true, force: true });
    }
  });
});
