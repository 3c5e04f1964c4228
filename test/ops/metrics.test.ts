/**
 * /metrics after real flows (issue 42): signed requests from the stand-in, the sandbox as the platform. Every figure
 * is read before and after, so other tests' series in this process do not matter.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedChannels, seedUsers } from '../../src/slack-standin/seed.ts';
import { startHarness, waitFor, type Harness } from '../harness.ts';
import { openByCommand, option, tasksWritten } from '../tasks/task-helpers.ts';
import { labelValues, METRICS_TOKEN, scrape, valueOf } from './scrape.ts';

let h: Harness;
beforeAll(async () => {
  h = await startHarness({ configOverrides: { METRICS_TOKEN } });
});
afterAll(async () => {
  await h?.stop();
});

describe('/metrics on the main port', () => {
  it('answers only a request bearing METRICS_TOKEN; anyone else gets the 404 of an unknown path', async () => {
    expect((await fetch(`${h.url}/metrics`)).status).toBe(404);
    const wrong = await fetch(`${h.url}/metrics`, {
      headers: { authorization: 'Bearer not-the-token-at-all' },
    });
    expect(wrong.status).toBe(404);
    const text = await scrape(h.url);
    expect(text).toContain('# TYPE fieldline_ack_duration_seconds histogram');
    expect(text).toContain('# TYPE fieldline_process_cpu_seconds_total counter');
  });

  it('counts a signed command in the ack histogram of the command surface', async () => {
    const before = await scrape(h.url);
    const res = await h.driver.command({ command: '/task', text: 'help' });
    expect(res.status).toBe(200);
    const after = await scrape(h.url);
    const count = (t: string) => valueOf(t, 'fieldline_ack_duration_seconds_count', { surface: 'command' });
    expect(count(after) - count(before)).toBe(1);
    // Every ack is within the histogram's last finite bucket (2.5 s) or it would not be in it.
    const within = (t: string) =>
      valueOf(t, 'fieldline_ack_duration_seconds_bucket', { surface: 'command', le: '2.5' });
    expect(within(after) - within(before)).toBe(1);
  });

  it('a command that becomes work: its job is accepted, waits and runs; its platform call is timed per route and status', async () => {
    const before = await scrape(h.url);
    await h.driver.command({ command: '/task', text: 'list all' });
    await h.app.whenIdle();
    const after = await scrape(h.url);
    const moved = (name: string, labels: Record<string, string> = {}) =>
      valueOf(after, name, labels) - valueOf(before, name, labels);
    expect(moved('fieldline_jobs_accepted_total', { kind: 'tasks.list' })).toBe(1);
    expect(moved('fieldline_job_wait_seconds_count', { kind: 'tasks.list' })).toBe(1);
    expect(moved('fieldline_job_work_seconds_count', { kind: 'tasks.list', outcome: 'done' })).toBe(1);
    expect(valueOf(after, 'fieldline_jobs_waiting', { kind: 'tasks.list' })).toBe(0);
    expect(valueOf(after, 'fieldline_jobs_running', { kind: 'tasks.list' })).toBe(0);
    expect(
      moved('fieldline_platform_request_duration_seconds_count', {
        method: 'GET',
        route: '/tasks',
        status: '200',
      }),
    ).toBeGreaterThanOrEqual(1);
    expect(moved('fieldline_platform_request_errors_total', { route: '/tasks' })).toBe(0);
  });

  it('a platform failure is counted as an error of its route and status', async () => {
    h.sandbox.admin.inject({ endpoint: 'GET /tasks', status: 500, times: 10 });
    const before = await scrape(h.url);
    await h.driver.command({ command: '/task', text: 'list all' });
    await h.app.whenIdle();
    h.sandbox.admin.clearInjections();
    const after = await scrape(h.url);
    const errors = (t: string) =>
      valueOf(t, 'fieldline_platform_request_errors_total', {
        method: 'GET',
        route: '/tasks',
        status: '500',
      });
    expect(errors(after) - errors(before)).toBeGreaterThanOrEqual(1);
  });

  it('a 429 from Slack is counted per method, and the retried call succeeds', async () => {
    const view = await openByCommand(h, 'new Metrics pump');
    const site = await option(h, view, 'task_site', 'berlin');
    const written = tasksWritten(h).length;
    const before = await scrape(h.url);
    h.standin.inject({ method: 'chat.postMessage', times: 1, retryAfterSeconds: 1 });
    await h.driver.viewSubmission({ view, values: { task_site: site } });
    await waitFor(() => tasksWritten(h).length > written);
    await h.app.whenIdle();
    const after = await scrape(h.url);
    const limited = (t: string) =>
      valueOf(t, 'fieldline_slack_api_rate_limited_total', { method: 'chat.postMessage' });
    expect(limited(after) - limited(before)).toBe(1);
    const ok = (t: string) =>
      valueOf(t, 'fieldline_slack_api_calls_total', { method: 'chat.postMessage', status: '200' });
    expect(ok(after) - ok(before)).toBeGreaterThanOrEqual(1);
    const views = (t: string) => valueOf(t, 'fieldline_ack_duration_seconds_count', { surface: 'view' });
    expect(views(after) - views(before)).toBe(1);
  });

  it('names no secret and no person, channel or task: label values are surfaces, kinds, routes, methods and statuses', async () => {
    const text = await scrape(h.url);
    const users = seedUsers();
    const forbidden = [
      METRICS_TOKEN,
      h.sandbox.keys.full,
      h.sandbox.keys.limited,
      h.standin.botToken,
      ...users.map((u) => u.id),
      ...users.flatMap((u) => (u.email ? [u.email] : [])),
      ...seedChannels().map((c) => c.id),
      ...tasksWritten(h).map((t) => `/${t.taskId}`),
    ];
    for (const s of forbidden) expect(text).not.toContain(s);
    expect(text).not.toMatch(/@/);
    for (const value of labelValues(text)) expect(value).toMatch(/^(?:[\w.+-]+|\/[\w:/-]*|\+Inf)$/);
    // Routes are templates: an id segment is `:id`.
    expect(labelValues(text).filter((v) => v.startsWith('/') && /\d/.test(v))).toEqual([]);
  });
});

describe('/readyz', () => {
  it('includes the job engine', async () => {
    const res = await fetch(`${h.url}/readyz`);
    const body = (await res.json()) as { ok: boolean; checks: Record<string, string> };
    expect(body.checks).toMatchObject({ store: 'ok', jobs: 'ok' });
    expect(body.checks).not.toHaveProperty('socketMode'); // HTTP mode has no links
  });
});

describe('METRICS_PORT', () => {
  it('serves /metrics on its own port (token required when set) and never on the main port', async () => {
    const { createMetricsEndpoint } = await import('../../src/ops/index.ts');
    const endpoint = createMetricsEndpoint({ port: 0, host: '127.0.0.1', token: METRICS_TOKEN });
    const own = await endpoint.listen();
    try {
      const url = `http://127.0.0.1:${own?.port}`;
      expect((await fetch(`${url}/metrics`)).status).toBe(401);
      expect(await scrape(url)).toContain('fieldline_ack_duration_seconds');
      expect((await fetch(`${url}/slack/events`)).status).toBe(404);
      // The main port's route declines /metrics, even with the token.
      const served = endpoint.route(
        { method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${METRICS_TOKEN}` } } as never,
        {} as never,
      );
      expect(served).toBe(false);
    } finally {
      await endpoint.close();
    }
  });
});
