/**
 * The Workflow Builder steps end to end: the stand-in starts a run and sends the signed function_executed event
 * (the run's own xwfp token inside), the app acks and runs the step as the acting person, and the run ends with
 * functions.completeSuccess (outputs checked, and read back on the sandbox) or functions.completeError (the message
 * Workflow Builder shows; for refusals, nothing reached the platform: the sandbox's request log is unchanged).
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { TEAM } from '../../src/slack-standin/index.ts';
import { startHarness, waitFor, type Harness } from '../harness.ts';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
  // Gus (a guest) and Kai (a partner) have keys: only the gate's rules may refuse them.
  const vault = h.deps.access.vault;
  if (!vault) throw new Error('the harness runs in linked mode');
  await vault.save(TEAM.id, 'U0GUS', h.sandbox.admin.mintKey({ userId: '502' }));
  await vault.save(TEAM.id, 'U0KAI', h.sandbox.admin.mintKey({ userId: '502' }));
  h.standin.addUser({
    id: 'U0ZED',
    name: 'zed',
    real_name: 'Zed New',
    email: 'zed@plant.example',
    tz: 'UTC',
  });
  h.standin.addUser({
    id: 'U0OLD',
    name: 'old',
    real_name: 'Old Timer',
    email: 'ana.silva@plant.example',
    tz: 'UTC',
    deleted: true,
  });
  await vault.save(TEAM.id, 'U0OLD', h.sandbox.admin.mintKey({ userId: '501' }));
});
afterAll(async () => {
  expect(h.standin.specProblems()).toEqual([]);
  await h?.stop();
});
beforeEach(() => {
  h.sandbox.admin.clearInjections();
});

async function run(callbackId: string, inputs: Record<string, unknown>) {
  const sent = await h.driver.functionExecuted({ callbackId, inputs });
  expect(sent.status).toBe(200);
  expect(sent.tooSlow).toBe(false);
  return h.standin.functions.whenDone(sent.executionId);
}

const apiRequests = () => h.sandbox.admin.requests().filter((r) => r.kind === 'api').length;

describe('steps that complete', () => {
  it('Create a maintenance task: POST /task/ as the acting person, the card to them, outputs as declared', async () => {
    const before = h.sandbox.admin.written().tasks.length;
    const done = await run('fieldline_create_task', {
      acting_user: 'U0ANA',
      site: 'Chicago Works',
      name: 'Check boiler feed pressure',
      description: 'Pressure above 7 bar at the 06:00 round',
      priority: 'high',
      due_date: '2030-01-15',
      assignee: 'U0BEN',
    });
    expect(done.error).toBeUndefined();
    expect(done.state).toBe('completed');
    const written = h.sandbox.admin.written().tasks.slice(before);
    expect(written).toHaveLength(1);
    const record = written[0]!;
    expect(record.body).toMatchObject({
      name: 'Check boiler feed pressure',
      siteId: '102',
      dueDate: '2030-01-15',
    });
    expect(record.body.assigneeId).toBe('502');
    const outputs = done.outputs ?? {};
    expect(outputs.task_id).toBe(record.taskId);
    expect(outputs.summary).toContain(`Task ${record.taskId} “Check boiler feed pressure” at Chicago Works`);
    expect(outputs.summary).toContain('high priority');
    expect(String(outputs.summary)).not.toMatch(/<|https?:/);
    const card = outputs.card_message as { channel_id: string; message_ts: string };
    const posted = h.standin.messages(card.channel_id).find((m) => m.ts === card.message_ts);
    expect(posted?.text).toContain('Check boiler feed pressure');
    // Read back on the platform, with Ana's key: the task exists as created.
    const back = await h.asPerson('U0ANA', () =>
      h.deps.tasks.get(record.taskId, 'Check boiler feed pressure'),
    );
    expect(back?.site?.id).toBe('102');
  });

  it('Record a reading: written as the acting person, the step’s range checked', async () => {
    const before = h.sandbox.admin.written().readings.length;
    const done = await run('fieldline_record_reading', {
      acting_user: 'U0BEN',
      data_source: 'Boiler Feed Flow',
      metric: 'Pressure',
      value: 7.4,
      min: 4,
      max: 7,
    });
    expect(done.error).toBeUndefined();
    expect(done.outputs).toMatchObject({ out_of_range: true, range: 'the step’s range: 4–7' });
    expect(done.outputs?.written).toMatch(
      /^Boiler Feed Flow · Pressure = 7\.4 bar at \d{4}-\d\d-\d\d \d\d:\d\d/,
    );
    const written = h.sandbox.admin.written().readings.slice(before);
    expect(written).toHaveLength(1);
    expect(written[0]!.values).toMatchObject({ '1202': 7.4 });
  });

  it('Latest reading: the value of the metric, in site time, with its age', async () => {
    const source = h.sandbox.admin.state.sources.find((s) => s.name === 'Chiller Flow');
    expect(source).toBeDefined();
    h.sandbox.admin.setLastReadingAge(source!.id, 40 * 60);
    const t = h.sandbox.admin.now() - 20 * 60_000;
    h.sandbox.admin.addReadings(source!.id, [{ t, values: { '1201': 55.5, '1202': 5.25 } }]);
    const done = await run('fieldline_latest_reading', {
      acting_user: 'U0ANA',
      data_source: 'Chiller Flow',
      metric: 'pressure',
    });
    expect(done.error).toBeUndefined();
    expect(done.outputs).toMatchObject({ value: 5.25, unit: 'bar' });
    expect(done.outputs?.age_minutes).toBeGreaterThanOrEqual(20);
    expect(done.outputs?.time).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d \(.+\)$/);
  });

  it('Post to the platform feed: POST /post to the site’s feed, the post id out', async () => {
    const before = h.sandbox.admin.written().posts.length;
    const done = await run('fieldline_post_to_feed', {
      acting_user: 'U0ANA',
      feed: 'Berlin Plant',
      text: 'Morning round done: all boilers in range.',
    });
    expect(done.error).toBeUndefined();
    const posts = h.sandbox.admin.written().posts.slice(before);
    expect(posts).toHaveLength(1);
    expect(done.outputs).toEqual({ post_id: String(posts[0]!.id) });
    expect(posts[0]!.body.content).toBe('Morning round done: all boilers in range.');
  });

  it('Open incidents at a site: count, worst severity and a list of what the key sees now', async () => {
    const quiet = await run('fieldline_open_incidents', { acting_user: 'U0ANA', site: 'Sydney Terminal' });
    expect(quiet.error).toBeUndefined();
    const source = h.sandbox.admin.state.sources.find((s) => s.name === 'Tank Farm Flow');
    h.sandbox.admin.setLastReadingAge(source!.id, 6 * 3600);
    const done = await run('fieldline_open_incidents', { acting_user: 'U0ANA', site: 'Sydney Terminal' });
    expect(done.error).toBeUndefined();
    const count = Number(done.outputs?.count);
    expect(count).toBeGreaterThan(Number(quiet.outputs?.count));
    expect(['warning', 'critical']).toContain(done.outputs?.worst_severity);
    expect(done.outputs?.list).toContain('Tank Farm Flow');
  });
});

describe('a step that asks first', () => {
  it('posts a question to the acting person and creates the task only when they confirm', async () => {
    const before = h.sandbox.admin.written().tasks.length;
    const sent = await h.driver.functionExecuted({
      callbackId: 'fieldline_create_task',
      inputs: { acting_user: 'U0DAV', site: 'Berlin Plant', name: 'Replace gasket', confirm: true },
    });
    const dm = h.standin.state.dmWith('U0DAV').id;
    const question = await waitFor(() =>
      h.standin.messages(dm).find((m) => m.text.includes('Replace gasket') && m.blocks?.length),
    );
    expect(h.standin.functions.run(sent.executionId)?.state).toBe('running');
    expect(h.sandbox.admin.written().tasks.length).toBe(before);
    // Someone else pressing does nothing.
    await h.driver.blockAction({ actionId: 'workflow_step_confirm', message: question, user: 'U0ANA' });
    await h.app.whenIdle();
    expect(h.standin.functions.run(sent.executionId)?.state).toBe('running');
    await h.driver.blockAction({ actionId: 'workflow_step_confirm', message: question, user: 'U0DAV' });
    const done = await h.standin.functions.whenDone(sent.executionId);
    expect(done.error).toBeUndefined();
    expect(h.sandbox.admin.written().tasks.length).toBe(before + 1);
    expect(done.outputs?.summary).toContain('Replace gasket');
    const answered = await waitFor(() =>
      h.standin.messages(dm).find((m) => m.ts === question.ts && m.text.includes('confirmed')),
    );
    expect(JSON.stringify(answered.blocks)).not.toContain('workflow_step_confirm');
  });

  it('goes on once when the button is pressed twice at once', async () => {
    const before = h.sandbox.admin.written().tasks.length;
    const sent = await h.driver.functionExecuted({
      callbackId: 'fieldline_create_task',
      inputs: { acting_user: 'U0BEN', site: 'Berlin Plant', name: 'Tighten flange', confirm: true },
    });
    const dm = h.standin.state.dmWith('U0BEN').id;
    const question = await waitFor(() =>
      h.standin.messages(dm).find((m) => m.text.includes('Tighten flange')),
    );
    const press = () =>
      h.driver.blockAction({ actionId: 'workflow_step_confirm', message: question, user: 'U0BEN' });
    await Promise.all([press(), press()]);
    const done = await h.standin.functions.whenDone(sent.executionId);
    expect(done.state).toBe('completed');
    await h.app.whenIdle();
    expect(h.sandbox.admin.written().tasks.length).toBe(before + 1);
  });

  it('fails the step, writing nothing, when the person declines an out-of-range value', async () => {
    const before = h.sandbox.admin.written().readings.length;
    const sent = await h.driver.functionExecuted({
      callbackId: 'fieldline_record_reading',
      inputs: {
        acting_user: 'U0CHL',
        data_source: 'Boiler Feed Flow',
        metric: 'Pressure',
        value: 12,
        max: 8,
        confirm_out_of_range: true,
      },
    });
    const dm = h.standin.state.dmWith('U0CHL').id;
    const question = await waitFor(() =>
      h.standin.messages(dm).find((m) => m.text.includes('Write it anyway')),
    );
    await h.driver.blockAction({ actionId: 'workflow_step_cancel', message: question, user: 'U0CHL' });
    const done = await h.standin.functions.whenDone(sent.executionId);
    expect(done.state).toBe('failed');
    expect(done.error).toBe('The acting person chose not to go on; nothing was done.');
    await h.app.whenIdle();
    expect(h.sandbox.admin.written().readings.length).toBe(before);
  });
});

describe('refusals: the step fails with its message and nothing reaches the platform', () => {
  const cases: [string, string, string | RegExp][] = [
    ['a guest', 'U0GUS', /guest of the workspace/],
    ['a Slack Connect partner', 'U0KAI', /from another organisation/],
    ['a deactivated person', 'U0OLD', /deactivated/],
    ['a bot', 'U0BOT', /bot or an app/],
    ['a person with no connected key', 'U0ZED', /has not connected their platform account/],
  ];
  for (const [who, user, message] of cases)
    it(`refuses ${who}`, async () => {
      await h.app.whenIdle();
      const requests = apiRequests();
      const tasks = h.sandbox.admin.written().tasks.length;
      const done = await run('fieldline_create_task', { acting_user: user, site: 'Berlin Plant', name: 'x' });
      expect(done.state).toBe('failed');
      expect(done.error).toMatch(message);
      await h.app.whenIdle();
      expect(apiRequests()).toBe(requests);
      expect(h.sandbox.admin.written().tasks.length).toBe(tasks);
    });

  it('validates inputs with the modals’ messages before anything is read', async () => {
    const expectations: [string, Record<string, unknown>, string][] = [
      [
        'fieldline_create_task',
        { acting_user: 'U0ANA', site: 'Berlin Plant', name: ' ' },
        'Task name: Give the task a name.',
      ],
      [
        'fieldline_create_task',
        { acting_user: 'U0ANA', site: 'Berlin Plant', name: 'x', kind: 'data source' },
        'Data source: A task about a data source needs one: choose it here, or set Kind to Manual task.',
      ],
      [
        'fieldline_create_task',
        { acting_user: 'U0ANA', site: 'Berlin Plant', name: 'x', due_date: '2030-02-30' },
        'Due date: Pick a date from the calendar.',
      ],
      [
        'fieldline_post_to_feed',
        { acting_user: 'U0ANA', feed: 'Berlin Plant', text: '  ' },
        'Text: Write something to post.',
      ],
      [
        'fieldline_create_task',
        { site: 'Berlin Plant', name: 'x' },
        'Acting person: choose who the step acts as (for example the person who ran the workflow).',
      ],
    ];
    for (const [step, inputs, error] of expectations) {
      await h.app.whenIdle();
      const requests = apiRequests();
      const done = await run(step, inputs);
      expect(done.error).toBe(error);
      await h.app.whenIdle();
      expect(apiRequests()).toBe(requests);
    }
  });

  it('says which name matched nothing (after reading as the person)', async () => {
    const done = await run('fieldline_record_reading', {
      acting_user: 'U0ANA',
      data_source: 'Boiler Feed Flow',
      metric: 'Temperature',
      value: 'abc',
    });
    expect(done.error).toMatch(/^Metric: Boiler Feed Flow has no metric “Temperature” \(it has /);
    const bad = await run('fieldline_record_reading', {
      acting_user: 'U0ANA',
      data_source: 'Boiler Feed Flow',
      metric: 'Pressure',
      value: 'abc',
    });
    expect(bad.error).toBe('Value: Pressure takes a number (bar); "abc" is not one.');
  });
});
