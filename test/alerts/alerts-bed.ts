/**
 * Test bed of the relay end-to-end tests: the harness (sandbox + stand-in + app) on one shared clock that runs
 * with real time plus an offset the test advances, and a relay built over the app's deps whose Slack writes go
 * to the stand-in. Cycles are driven with `relay.runCycle()` / `relay.deliverNow()`, never by timers.
 */
import { expect, test } from 'vitest';
import type { MonitoringApi } from '../../src/monitoring/api.ts';
import { alertDeps } from '../../src/main/compose.ts';
import {
  createAlertEngine,
  createAlertWebClient,
  type AlertEngine,
} from '../../src/alerts/engine/alert-engine.ts';
import type { AlertOptionsInput } from '../../src/alerts/rules/options.ts';
import { validateBlocks, type StoredMessage } from '../../src/slack-standin/index.ts';
import { HEALTHY_CAMERA } from '../fixtures/device-status.ts';
import { runCycleAndDeliver } from '../fixtures/alert-cycle.ts';
import { startHarness, waitFor, type Harness, type HarnessOptions } from '../harness.ts';

export const ALERTS = 'C0ALERTS';
export const GENERAL = 'C0GENERAL';
export const MIN = 60_000;

export interface AlertsBed {
  h: Harness;
  relay: AlertEngine;
  /** Moves the shared clock (sandbox, relay, app) forward. */
  advance(ms: number): void;
  now(): number;
  /** A second relay instance over the same store (a restart). */
  newEngine(overrides?: { monitoring?: MonitoringApi; options?: AlertOptionsInput }): AlertEngine;
  /** Runs `/monitor <text>` in `channel` and waits for the ephemeral answer. */
  monitor(text: string, channel?: string): Promise<string>;
  /** Top-level bot messages (parents) in a channel. */
  parents(channel: string): StoredMessage[];
  /** Gate Camera North (Berlin Plant) reports HEALTHY_CAMERA with `fault` over it; returns the camera's id. */
  setCamera(fault?: Partial<typeof HEALTHY_CAMERA>): string;
  /** The parents in #alerts about Gate Camera North. */
  cameraParents(): StoredMessage[];
  /** Chooses `choice` in the Snooze menu of the parent `ts` in #alerts; returns the ephemeral answer. */
  snooze(ts: string | undefined, choice: string): Promise<string>;
  replies(channel: string, threadTs: string): StoredMessage[];
  /** Cycle then delivery; asserts the cycle was complete. */
  tick(ms?: number): Promise<void>;
  stop(): Promise<void>;
}

export const FAST: AlertOptionsInput = {
  pendingMs: 2 * MIN,
  healthyMs: 5 * MIN,
  channelIntervalMs: 5,
  pageSize: 50,
};

export async function startAlertsBed(
  opts: { harness?: HarnessOptions; relay?: AlertOptionsInput; startAt?: string } = {},
): Promise<AlertsBed> {
  // A start date moves the whole world there before the sandbox seeds it (readings, statuses, due dates).
  let offset = opts.startAt !== undefined ? Date.parse(opts.startAt) - Date.now() : 0;
  const now = () => Date.now() + offset;
  const h = await startHarness({
    ...opts.harness,
    clock: { now },
    sandbox: { now, ...opts.harness?.sandbox },
  });
  const newEngine = (overrides: { monitoring?: MonitoringApi; options?: AlertOptionsInput } = {}) =>
    createAlertEngine(
      { ...alertDeps(h.deps), ...(overrides.monitoring ? { monitoring: overrides.monitoring } : {}) },
      {
        slack: createAlertWebClient({ token: h.standin.botToken, apiUrl: h.standin.apiUrl, log: h.deps.log }),
        options: { ...FAST, ...opts.relay, ...overrides.options },
        random: () => 0.5,
      },
    );
  const relay = newEngine();
  /** The first ephemeral answer in `channel` after its first `before` messages. */
  const nextEphemeral = async (channel: string, before: number) =>
    (
      await waitFor(() =>
        h.standin
          .messages(channel)
          .slice(before)
          .find((m) => m.ephemeralTo !== undefined),
      )
    ).text;
  const bed: AlertsBed = {
    h,
    relay,
    advance: (ms) => void (offset += ms),
    now,
    newEngine,
    async monitor(text, channel = ALERTS) {
      const before = h.standin.messages(channel).length;
      const res = await h.driver.command({ command: '/monitor', text, channel });
      expect(res.status).toBe(200);
      const ackText =
        typeof res.body === 'object' && res.body !== null && 'text' in res.body ? String(res.body.text) : '';
      return ackText !== '' ? ackText : nextEphemeral(channel, before);
    },
    parents: (channel) =>
      h.standin
        .messages(channel)
        .filter(
          (m) =>
            m.bot_id !== undefined && !m.ephemeralTo && (m.thread_ts === undefined || m.thread_ts === m.ts),
        ),
    replies: (channel, ts) => h.standin.messages(channel).filter((m) => m.thread_ts === ts && m.ts !== ts),
    setCamera(fault = {}) {
      const camera = sourceNamed(h, 'Gate Camera North').id;
      h.sandbox.admin.setDeviceStatus(camera, { ...HEALTHY_CAMERA, ...fault });
      return camera;
    },
    cameraParents: () => bed.parents(ALERTS).filter((m) => m.text.includes('Gate Camera North')),
    async snooze(ts, choice) {
      const before = h.standin.messages(ALERTS).length;
      const res = await h.driver.blockAction({
        actionId: 'alert_snooze',
        message: ts ?? '',
        channel: ALERTS,
        selectedOption: choice,
      });
      expect(res.status).toBe(200);
      return nextEphemeral(ALERTS, before);
    },
    async tick(ms = 3 * MIN) {
      offset += ms;
      await runCycleAndDeliver(relay);
    },
    async stop() {
      await relay.stop();
      await h.stop();
    },
  };
  return bed;
}

/** Every block the relay sent must pass the stand-in's Block Kit validator (schema + limits). */
export function expectValidBlocks(h: Harness): void {
  const calls = [...h.standin.callsTo('chat.postMessage'), ...h.standin.callsTo('chat.update')];
  expect(calls.length).toBeGreaterThan(0);
  for (const call of calls) {
    expect(call.response.error ?? 'ok', JSON.stringify(call.response)).toMatch(/^(ok|ratelimited)$/);
    const blocks = call.args.blocks;
    if (blocks !== undefined) expect(validateBlocks(blocks as unknown[], 'message')).toEqual([]);
  }
}

export function sourceNamed(h: Harness, name: string) {
  const found = h.sandbox.admin.state.sources.find((s) => s.name === name);
  if (!found) throw new Error(`no seeded source ${name}`);
  return found;
}

export { HEALTHY_CAMERA } from '../fixtures/device-status.ts';

/**
 * The alert tests' starting point: Gate Camera North reports healthy, #alerts follows Berlin Plant's alerts, and
 * the first cycles have run (nothing to say yet).
 */
export async function startCameraBed(): Promise<AlertsBed> {
  const bed = await startAlertsBed();
  bed.setCamera();
  expect(await bed.monitor('subscribe alerts site Berlin Plant')).toMatch(/Subscribed/);
  await bed.tick(0);
  await bed.tick();
  return bed;
}

/**
 * The task tests' starting point: each of `channels` follows Berlin Plant's tasks (`filter` added, e.g.
 * `priority high`) and the first cycle has run, silently however many tasks exist.
 */
export async function startTaskBed(
  opts: { channels?: string[]; filter?: string } & Parameters<typeof startAlertsBed>[0] = {},
): Promise<AlertsBed> {
  const { channels = [GENERAL], filter, ...bedOpts } = opts;
  const bed = await startAlertsBed(bedOpts);
  for (const channel of channels) {
    const text = `subscribe tasks site Berlin Plant${filter ? ` ${filter}` : ''}`;
    expect(await bed.monitor(text, channel)).toMatch(/Subscribed/);
  }
  await bed.tick(0);
  return bed;
}

/** A vitest fixture: the bed `start` makes, stopped when its test (or file) is done. */
const bedFrom =
  (start: () => Promise<AlertsBed>) =>
  // eslint-disable-next-line no-empty-pattern -- vitest reads a fixture's dependencies from this pattern
  async ({}, use: (bed: AlertsBed) => Promise<void>) => {
    const bed = await start();
    await use(bed);
    await bed.stop();
  };

/** Tests whose `bed` starts from `startCameraBed`, one bed each. */
export const cameraTest = test.extend<{ bed: AlertsBed }>({ bed: bedFrom(startCameraBed) });
/** Tests whose `bed` starts from `startTaskBed` (#general follows Berlin Plant's tasks), one bed each. */
export const taskTest = test.extend<{ bed: AlertsBed }>({ bed: bedFrom(() => startTaskBed()) });
/** Tests that share one plain bed for their whole file (they only talk to `/monitor`). */
export const sharedBedTest = test.extend<{ bed: AlertsBed }>({
  bed: [bedFrom(() => startAlertsBed()), { scope: 'file' }],
});
