/**
 * Jobs run in a worker thread built like main.ts (src/main/job-thread.ts): the thread has its own app and uses the
 * main thread's store through the port, so a claim made on receipt is seen by the job, and a command's answer
 * reaches Slack from the thread.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerTo, textOf } from '../../access/access-helpers.ts';
import { startHarness, waitFor, type Harness } from '../../harness.ts';

let h: Harness;
beforeAll(async () => {
  h = await startHarness({ jobs: { runner: 'thread' } });
});
afterAll(async () => {
  await h?.stop();
});

const readyz = async () =>
  (await (await fetch(`${h.url}/readyz`)).json()) as {
    jobs: { runner: string; kinds: Record<string, { done: number; failed: number }> };
  };

describe('jobs in a worker thread', () => {
  it('runs /task list in the thread and answers through the response_url', async () => {
    const answer = await answerTo(h, { command: '/task', text: 'list all', user: 'U0ANA' });
    // The list itself (rendered in the thread), not an error or a busy note.
    expect(textOf(answer)).toMatch(/open|overdue|task/i);
    expect(textOf(answer)).not.toMatch(/busy|went wrong/i);
    await h.app.whenIdle();
    const stats = await readyz();
    expect(stats.jobs.runner).toBe('worker-thread');
    expect(stats.jobs.kinds['tasks.list']).toMatchObject({ done: 1, failed: 0 });
  });

  it('/monitor status says whether requests wait; Details shows the queue per kind, only to who asks', async () => {
    const answer = await answerTo(h, { command: '/monitor', text: 'status', user: 'U0ANA' });
    const status = textOf(answer);
    expect(status).toContain('Requests: fieldline is keeping up (none waiting).');
    // operator words on the status itself: no job kinds, no percentiles
    expect(status).not.toMatch(/p50|p95|tasks\.list/);
    const before = h.standin.messages('C0GENERAL').length;
    await h.driver.blockAction({
      actionId: 'monitor_status_details',
      message: answer,
      channel: 'C0GENERAL',
      user: 'U0ANA',
    });
    const details = await waitFor(() =>
      h.standin
        .messages('C0GENERAL')
        .slice(before)
        .find((m) => m.ephemeralTo === 'U0ANA'),
    );
    expect(textOf(details)).toContain('*Work queue* (this replica): 0 waiting');
    expect(textOf(details)).toMatch(/`tasks.list`: 1 done · wait p50 \d+ ms \/ p95 \d+ ms · work p50 \d+ ms/);
    await h.app.whenIdle();
    expect(
      h.standin
        .messages('C0GENERAL')
        .slice(before)
        .every((m) => m.ephemeralTo === 'U0ANA'),
    ).toBe(true);
  });
});
