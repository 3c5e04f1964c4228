/**
 * fieldline in Socket Mode against the stand-in (its Socket Mode speaks Slack's protocol to
 * @slack/socket-mode's client): two connections stay open, and Slack's connection refreshes, warnings and drops
 * never leave the app unreachable — no command sent meanwhile fails.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSlackApp } from '../../src/runtime/app.ts';
import { helpOf } from '../fixtures/command-help.ts';
import type { DriverResult } from '../../src/slack-standin/index.ts';
import { startHarness, waitFor, type Harness } from '../harness.ts';
import { openHome } from '../home/home-helpers.ts';
import { openByCommand, option } from '../tasks/task-helpers.ts';

let h: Harness;
beforeAll(async () => {
  h = await startHarness({ slackMode: 'socket', standin: { socketRetireGraceMs: 5_000 } });
});
afterAll(async () => {
  await h?.stop();
});

const TASK_SUMMARY = helpOf('/task').summary.replace(/&/g, '&amp;');

function answered(result: DriverResult): boolean {
  const body = result.body as { response_type?: unknown; text?: unknown };
  return (
    result.status === 200 &&
    body.response_type === 'ephemeral' &&
    typeof body.text === 'string' &&
    body.text.includes(TASK_SUMMARY)
  );
}

const socket = () => h.standin.socketMode;
const ids = () =>
  socket()
    .connections()
    .map((c) => c.id);
/** Connections taking envelopes (a refreshed one may still be closing). */
const liveIds = () =>
  socket()
    .connections()
    .filter((c) => !c.retiring)
    .map((c) => c.id);

/** Sends `/task help` from `workers` senders back to back until stopped; every outcome is kept. */
function sendContinuously(workers: number) {
  const results: DriverResult[] = [];
  const failures: unknown[] = [];
  let sending = true;
  const loops = Array.from({ length: workers }, async () => {
    while (sending) {
      try {
        results.push(await h.driver.command({ command: '/task', text: 'help' }));
      } catch (err) {
        failures.push(err);
      }
    }
  });
  return {
    results,
    failures,
    count: () => results.length + failures.length,
    stop: async () => {
      sending = false;
      await Promise.all(loops);
    },
  };
}

describe('fieldline in Socket Mode', () => {
  it('keeps two connections open and answers over both', async () => {
    await socket().whenLive(2);
    for (let i = 0; i < 4; i += 1)
      expect(answered(await h.driver.command({ command: '/task', text: 'help' }))).toBe(true);
    expect(
      socket()
        .connections()
        .every((c) => c.delivered > 0),
    ).toBe(true);
  });

  it('loses no command while Slack refreshes each connection in turn', async () => {
    await socket().whenLive(2);
    const original = liveIds();
    let lowest = Infinity;
    const off = socket().onLiveChange((live) => (lowest = Math.min(lowest, live)));
    const traffic = sendContinuously(3);
    for (const id of original) {
      await waitFor(() => traffic.count() >= 5);
      const before = traffic.count();
      socket().disconnect('refresh_requested', id);
      // The replacement is open, the old connection is gone, and commands kept flowing across the refresh.
      await socket().whenLive(2);
      await waitFor(() => !ids().includes(id), { timeoutMs: 10_000 });
      await waitFor(() => traffic.count() >= before + 10);
    }
    await traffic.stop();
    off();
    expect(traffic.failures).toEqual([]);
    expect(traffic.results.filter((r) => !answered(r))).toEqual([]);
    // Never fewer than one connection taking envelopes: no window where Slack could only answer dispatch_failed.
    expect(lowest).toBeGreaterThanOrEqual(1);
    expect(ids().filter((id) => original.includes(id))).toEqual([]);
    expect(socket().live()).toBe(2);
  });

  it('still acks a command whose connection Slack asks to go right after sending it', async () => {
    await socket().whenLive(2);
    const off = socket().onEnvelope(({ connection }) => {
      off();
      // Same turn as the envelope: the disconnect follows it on the wire, before the app can ack.
      socket().disconnect('refresh_requested', connection);
    });
    const result = await h.driver.command({ command: '/task', text: 'help' });
    expect(answered(result)).toBe(true);
  });

  it('replaces a connection after a warning, and one that drops without a word', async () => {
    await socket().whenLive(2);
    const [warned, dropped] = liveIds();
    socket().disconnect('warning', warned);
    await socket().whenLive(2);
    expect(answered(await h.driver.command({ command: '/task', text: 'help' }))).toBe(true);

    // The first replacement attempt fails: the pool retries.
    h.standin.inject({ method: 'apps.connections.open', error: 'internal_error' });
    socket().drop(dropped ?? '');
    expect(answered(await h.driver.command({ command: '/task', text: 'help' }))).toBe(true);
    await waitFor(() => ids().length === 2 && !ids().includes(dropped ?? ''), { timeoutMs: 10_000 });
    expect(h.logs.some((l) => l.msg === 'could not open a socket mode connection')).toBe(true);
    expect(answered(await h.driver.command({ command: '/task', text: 'help' }))).toBe(true);
  });

  it('says so when Slack turns Socket Mode off, and answers again once it is back on', async () => {
    await socket().whenLive(2);
    socket().disconnect('link_disabled');
    expect(socket().enabled).toBe(false);
    await waitFor(() => h.logs.some((l) => String(l.msg).includes('turned Socket Mode off')));
    socket().setEnabled(true);
    await socket().whenLive(2);
    expect(answered(await h.driver.command({ command: '/task', text: 'help' }))).toBe(true);
  });

  it('carries events, forms and option lists: answers in the ack payload go back over the socket', async () => {
    await socket().whenLive(2);
    await openHome(h, 'U0BEN'); // events_api: app_home_opened
    const view = await openByCommand(h, 'new Overdue already'); // slash_commands: views.open
    const site = await option(h, view, 'task_site', 'pune'); // block_suggestion: options in the ack
    const values = { task_site: site, task_due: '2020-01-15' };
    const first = await h.driver.viewSubmission({ view, values });
    expect(first.responseAction).toBe('errors'); // view_submission: response_action in the ack
    expect(first.errors).toEqual({ task_due: 'Due date is in the past — submit again to confirm.' });
    expect((await h.driver.viewSubmission({ view, values })).closed).toBe(true);
  });

  it('stops start-up with Slack’s answer when the app-level token is wrong', async () => {
    const wrong = createSlackApp(h.deps, {
      mode: 'socket',
      port: 0,
      host: '127.0.0.1',
      botToken: h.standin.botToken,
      appToken: 'xapp-1-not-this-app',
      slackApiUrl: h.standin.apiUrl,
      retryConfig: { retries: 0 },
      register: () => undefined,
    });
    try {
      await expect(wrong.start()).rejects.toMatchObject({ data: { error: 'invalid_auth' } });
    } finally {
      await wrong.stop();
    }
  });

  it('closes every connection when it stops', async () => {
    await socket().whenLive(2);
    await h.app.stop();
    await waitFor(() => socket().connections().length === 0);
  });
});
