/**
 * Figures recorded in the job thread reach /metrics (issue 42: asked for at each scrape), and /readyz tells the
 * truth about Socket Mode: the links open (a replica with none is not ready) and the job engine.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from '../harness.ts';
import { METRICS_TOKEN, scrape, valueOf } from './scrape.ts';

describe('job thread', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ configOverrides: { METRICS_TOKEN }, jobs: { runner: 'thread' } });
  });
  afterAll(async () => {
    await h?.stop();
  });

  it("counts the platform calls a job made in the worker thread, summed with the main thread's", async () => {
    const before = await scrape(h.url);
    const calls = (t: string) =>
      valueOf(t, 'fieldline_platform_request_duration_seconds_count', { method: 'GET', route: '/tasks' });
    await h.driver.command({ command: '/task', text: 'list all' });
    await h.app.whenIdle();
    const after = await scrape(h.url);
    expect(calls(after) - calls(before)).toBeGreaterThanOrEqual(1);
    // The job itself is counted where it was accepted (the main thread), once.
    const done = (t: string) =>
      valueOf(t, 'fieldline_job_work_seconds_count', { kind: 'tasks.list', outcome: 'done' });
    expect(done(after) - done(before)).toBe(1);
    // Process figures are the main thread's only (not counted once per thread).
    expect(after.match(/^# TYPE fieldline_process_cpu_seconds_total /gm)).toHaveLength(1);
  });

  it('/readyz: the job thread is up', async () => {
    const body = (await (await fetch(`${h.url}/readyz`)).json()) as { checks: Record<string, string> };
    expect(body.checks.jobs).toBe('ok');
  });
});

describe('Socket Mode', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ configOverrides: { METRICS_TOKEN }, slackMode: 'socket' });
  });
  afterAll(async () => {
    await h?.stop();
  });

  it('counts the links open and an envelope ack of the command surface; /readyz says the links are ok', async () => {
    const before = await scrape(h.url);
    expect(valueOf(before, 'fieldline_socket_mode_links_open')).toBeGreaterThanOrEqual(2);
    await h.driver.command({ command: '/task', text: 'help' });
    const after = await scrape(h.url);
    const acks = (t: string) => valueOf(t, 'fieldline_ack_duration_seconds_count', { surface: 'command' });
    expect(acks(after) - acks(before)).toBe(1);
    const ready = await fetch(`${h.url}/readyz`);
    const body = (await ready.json()) as { ok: boolean; checks: Record<string, string> };
    expect(body.checks.socketMode).toBe('ok');
  });

  it('a replica whose links are all closed is not ready', async () => {
    await h.app.app.stop();
    const ready = await fetch(`${h.url}/readyz`);
    expect(ready.status).toBe(503);
    const body = (await ready.json()) as { ok: boolean; checks: Record<string, string> };
    expect(body).toMatchObject({ ok: false, checks: { socketMode: 'NO_OPEN_LINKS' } });
  });
});
