/**
 * Local mode in-process for the browser tests: the harness (sandbox + stand-in + app on loopback, wired like
 * local mode) with the web console mounted and the local workspace seeded exactly as main.ts does, plus a
 * relay over the same deps whose cycles the test drives. One shared clock (real time plus an offset the test
 * advances) lets an alert get past its pending period without waiting minutes.
 */
import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe } from 'vitest';
import { setupLocalWorkspace, type LocalWorkspace } from '../../src/main/local/index.ts';
import { alertDeps } from '../../src/main/compose.ts';
import {
  createAlertEngine,
  createAlertWebClient,
  type AlertEngine,
} from '../../src/alerts/engine/alert-engine.ts';
import { runCycleAndDeliver } from '../fixtures/alert-cycle.ts';
import { startHarness, type Harness } from '../harness.ts';

export const CHROMIUM = '/usr/bin/chromium';
export const hasChromium = existsSync(CHROMIUM);
export const ARTIFACTS = join(process.cwd(), 'artifacts', 'e2e');
export const MIN = 60_000;

/** A describe block that runs in Chromium where it is installed, and says in one visible line when it is not. */
export function describeInChromium(title: string, body: () => void): void {
  if (!hasChromium)
    console.warn(`SKIPPED browser tests: ${CHROMIUM} is missing (apt-get install -y chromium)`);
  describe.skipIf(!hasChromium)(`${title} in Chromium (skipped when ${CHROMIUM} is missing)`, body);
}

/** `env`: the browser's environment instead of this process's (e.g. FONTCONFIG_FILE for another set of fonts). */
export async function launchBrowser(opts: { env?: Record<string, string> } = {}): Promise<Browser> {
  await mkdir(ARTIFACTS, { recursive: true });
  return chromium.launch({
    executablePath: CHROMIUM,
    ...(opts.env ? { env: opts.env } : {}),
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

export interface LocalBed {
  h: Harness;
  local: LocalWorkspace;
  relay: AlertEngine;
  /** the console's address */
  url: string;
  /** moves the shared clock (sandbox, relay, app) forward, then runs one relay cycle and delivers it */
  tick(ms?: number): Promise<void>;
  stop(): Promise<void>;
}

export async function startLocalBed(): Promise<LocalBed> {
  let offset = 0;
  const now = () => Date.now() + offset;
  // Exactly local mode: the workspace setup links Ana (every site) and Ben (Chicago Works) itself.
  const h = await startHarness({ clock: { now }, sandbox: { now }, logLevel: 'warn', links: 'none' });
  const local = await setupLocalWorkspace(h.deps, h.standin, h.sandbox.userKeys);
  const relay = createAlertEngine(alertDeps(h.deps), {
    slack: createAlertWebClient({ token: h.standin.botToken, apiUrl: h.standin.apiUrl, log: h.deps.log }),
    options: { pendingMs: 2 * MIN, healthyMs: 5 * MIN, channelIntervalMs: 5, pageSize: 50 },
    random: () => 0.5,
  });
  return {
    h,
    local,
    relay,
    url: h.standin.baseUrl,
    async tick(ms = 3 * MIN) {
      offset += ms;
      await runCycleAndDeliver(relay);
    },
    async stop() {
      local.console.close();
      await relay.stop();
      await h.stop();
    },
  };
}

/**
 * One local bed and one browser for a describe block, started before its tests and stopped after, and `shot` that
 * writes a screenshot to artifacts/e2e and, when it exists, to `shotsDir` (where a person looks at them).
 */
export function consoleSession(shotsDir: string): {
  bed(): LocalBed;
  browser(): Browser;
  shot(page: Page, name: string): Promise<void>;
} {
  let bed: LocalBed | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    bed = await startLocalBed();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await bed?.stop();
  });
  const started = <T>(v: T | undefined, what: string): T => {
    if (v === undefined) throw new Error(`the ${what} has not started`);
    return v;
  };
  return {
    bed: () => started(bed, 'local bed'),
    browser: () => started(browser, 'browser'),
    async shot(page, name) {
      await page.screenshot({ path: join(ARTIFACTS, `${name}.png`), fullPage: false });
      if (existsSync(shotsDir))
        await page.screenshot({ path: join(shotsDir, `${name}.png`), fullPage: false });
    },
  };
}
