/**
 * Issue 18: the queue between acks and work is bounded, and overload is answered honestly on every surface —
 * "queued (position N)" while others wait, "busy, try again in a minute" past the bound (nothing recorded; a
 * command's text echoed, a modal kept open with its values) — while views.open and option lists, which must
 * happen within Slack's windows on the receiving replica, are never queued. A queue of 1 running + 1 waiting; the
 * running job is held by one slow platform answer.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, waitFor, type Harness } from '../../harness.ts';
import { openByCommand, option, tasksWritten } from '../../tasks/task-helpers.ts';

// The same answers whichever way Slack reaches the app: signed HTTP requests, or Socket Mode's envelopes.
describe.each(['http', 'socket'] as const)('a busy queue (%s)', (slackMode) => {
  let h: Harness;
  /** Requests that reached the Bolt app (the receiver's processEvent); the door answers the others itself. */
  let reachedApp = 0;
  beforeAll(async () => {
    h = await startHarness({ slackMode, jobs: { concurrency: 1, maxWaiting: 1 } });
    const bolt = h.app.app;
    const processEvent = bolt.processEvent.bind(bolt);
    bolt.processEvent = (event) => {
      reachedApp += 1;
      return processEvent(event);
    };
  });
  afterAll(async () => {
    await h?.stop();
  });

  const ackText = (res: { body: unknown }) => (res.body as { text?: string } | undefined)?.text ?? '';
  /** `/task <text>` as Ana in #general; the ack's text (empty: accepted, the work starts now). */
  const task = async (text: string) =>
    ackText(await h.driver.command({ command: '/task', text, user: 'U0ANA', channel: 'C0GENERAL' }));
  const kinds = async () =>
    (
      (await (await fetch(`${h.url}/readyz`)).json()) as {
        jobs: { kinds: Record<string, { done: number; refused: number; queuedBusy: number }> };
      }
    ).jobs.kinds;

  it('queues with a position, then refuses with what was typed; modals and options still answer', async () => {
    // The first job's first platform call answers after 4 s: it holds the only running slot meanwhile.
    h.sandbox.admin.inject({ endpoint: '**', latencyMs: 4_000, times: 1 });
    const first = await task('list all');
    expect(first).toBe('');
    await waitFor(() => h.sandbox.admin.requests().length > 0 || undefined);

    const second = await task('list open');
    expect(second).toContain('fieldline is busy — your request is queued (position 1)');

    // Past the bound, work is refused at the door (src/runtime/jobs/door.ts): the app never sees it.
    const seen = reachedApp;
    const third = await task('list mine');
    expect(third).toContain('try again in a minute');
    expect(third).toContain('You typed: `/task list mine`');
    expect(reachedApp).toBe(seen);
    // What needs no queue is answered by the app as ever.
    expect(await task('help')).toContain('/task list');
    expect(reachedApp).toBe(seen + 1);

    // Never queued: the create modal opens (trigger_id) and its site list loads while the queue is full.
    const view = await openByCommand(h, 'new Pump seal check');
    const site = await option(h, view, 'task_site', 'berlin');

    // A submission past the bound keeps the modal open with everything typed, and says why on the name field.
    const before = tasksWritten(h).length;
    const refused = await h.driver.viewSubmission({ view, values: { task_site: site } });
    expect(refused.closed).toBe(false);
    expect(refused.responseAction).toBe('errors');
    expect(refused.errors?.task_name).toMatch(/busy — submit again in a minute/);
    expect(h.standin.view(view.id)).toBeDefined();
    expect(reachedApp).toBe(seen + 1 + 2); // help, then the modal's opening and its site list: not the submission

    // Everything accepted completes: the running job and the queued one both answered the person.
    await h.app.whenIdle();
    const listed = await kinds();
    expect(listed['tasks.list']).toMatchObject({ done: 2, refused: 1, queuedBusy: 1 });
    expect(listed['tasks.create']).toMatchObject({ done: 0, refused: 1 });
    expect(tasksWritten(h).length).toBe(before);

    // The same modal, submitted again once the queue has room, creates the task (the refusal kept nothing).
    const again = await h.driver.viewSubmission({ view, values: { task_site: site } });
    expect(again.closed).toBe(true);
    await h.app.whenIdle();
    expect(tasksWritten(h).length).toBe(before + 1);
    expect((await kinds())['tasks.create']).toMatchObject({ done: 1 });
  });
});
