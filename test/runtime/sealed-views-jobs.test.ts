/**
 * The sealed private_metadata on the job path (src/runtime/sealed-views.ts): a submission's work runs as a job
 * that dispatches the received body again — in a worker thread with its own app (built from the same
 * configuration, so the same key), or from a Socket Mode body the job records with JSON.stringify — and opens the
 * metadata there again: the card goes where fieldline's metadata says, and a forged one is still refused.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { JsonObject } from '../../src/slack-standin/index.ts';
import { UNVERIFIED_FORM_TEXT } from '../../src/runtime/sealed-views.ts';
import { openBySlashCommand } from '../fixtures/opened-view.ts';
import { startHarness, waitFor, type Harness, type HarnessOptions } from '../harness.ts';

let h: Harness | undefined;
afterEach(async () => {
  await h?.stop();
  h = undefined;
});

const cardIn = (bed: Harness, channel: string, taskId: string) =>
  bed.standin
    .messages(channel)
    .find((m) => (m.blocks ?? []).some((b) => (b as JsonObject).block_id === `task_card_${taskId}`));

async function createTask(bed: Harness, name: string, forged?: string) {
  const view = await openBySlashCommand(bed, { command: '/task', text: `new ${name}` }, 'task_create');
  const res = await bed.driver.blockSuggestion({ actionId: 'task_site', value: 'berlin', view });
  const site = (res.body as { options: JsonObject[] }).options[0]!;
  if (forged !== undefined) bed.standin.view(view.id)!.private_metadata = forged;
  const before = bed.sandbox.admin.written().tasks.length;
  const result = await bed.driver.viewSubmission({ view, values: { task_site: site } });
  return { result, before };
}

describe.each<[string, HarnessOptions]>([
  ['jobs in a worker thread', { jobs: { runner: 'thread' } }],
  ['Socket Mode', { slackMode: 'socket' }],
])('%s', (_name, options) => {
  it('the job opens the metadata it was handed: the card lands where /task was typed', async () => {
    const bed = (h = await startHarness(options));
    const { result, before } = await createTask(bed, 'Leak on pump 3');
    expect(result.closed).toBe(true);
    const [record] = await waitFor(
      () =>
        bed.sandbox.admin.written().tasks.slice(before)[0] && bed.sandbox.admin.written().tasks.slice(before),
    );
    await waitFor(() => cardIn(bed, 'C0GENERAL', record!.taskId));
    await bed.app.whenIdle();
    expect(bed.logs.filter((l) => String(l.msg).includes('not sealed by fieldline'))).toEqual([]);
  });

  it('a forged metadata is refused before it becomes a job', async () => {
    const bed = (h = await startHarness(options));
    bed.standin.addChannel({
      id: 'G0PRIVATE',
      name: 'payroll',
      is_private: true,
      is_im: false,
      is_member: true,
    });
    const { result, before } = await createTask(
      bed,
      'Elsewhere',
      JSON.stringify({ replyChannel: 'G0PRIVATE' }),
    );
    expect(JSON.stringify(result.view?.blocks)).toContain(UNVERIFIED_FORM_TEXT);
    await bed.app.whenIdle();
    expect(bed.sandbox.admin.written().tasks.length).toBe(before);
    expect(bed.standin.messages('G0PRIVATE')).toEqual([]);
  });
});
