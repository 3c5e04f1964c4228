/**
 * ACCESS_MODE=shared: an admin's explicit choice. Everyone allowed acts with the shared key, and every write that
 * carries text names the acting person, so the platform keeps a trail of who did what. The gate still applies.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openBySlashCommand } from '../fixtures/opened-view.ts';
import { startHarness, waitFor, type Harness } from '../harness.ts';
import { cardFor, newView, openByCommand, option, tasksWritten } from '../tasks/task-helpers.ts';
import { answerTo, textOf } from './access-helpers.ts';

let h: Harness;
let createdTaskId = '';
beforeAll(async () => {
  h = await startHarness({ links: 'none', configOverrides: { ACCESS_MODE: 'shared' } });
});
afterAll(async () => {
  await h?.stop();
});

describe('shared mode', () => {
  it('a task created by Ana carries her name and email in its description, written with the shared key', async () => {
    const view = await openByCommand(h, 'new Grease the conveyor', 'C0GENERAL', 'U0ANA');
    const site = await option(h, view, 'task_site', 'berlin');
    const before = tasksWritten(h).length;
    await h.driver.viewSubmission({
      view,
      values: { task_site: site, task_description: 'Bearing 3 squeaks' },
      user: 'U0ANA',
    });
    const [record] = await waitFor(() =>
      tasksWritten(h).length > before ? tasksWritten(h).slice(before) : null,
    );
    expect(record!.body.description).toBe(
      'Bearing 3 squeaks\n\n— Created in Slack by Ana Silva (ana.silva@plant.example)',
    );
    const create = h.sandbox.admin.requests().filter((r) => r.method === 'POST' && r.path === '/task/');
    expect(create.at(-1)?.headers['x-api-key']).toBe(h.sandbox.keys.full);
    createdTaskId = record!.taskId;
  });

  it('an edited description carries who edited it (Ben)', async () => {
    const card = await waitFor(() => cardFor(h, createdTaskId));
    const before = h.standin.views().length;
    await h.driver.blockAction({
      actionId: 'task_edit_open',
      message: card,
      channel: card.channel,
      user: 'U0BEN',
    });
    const view = await newView(h, before, 'task_edit');
    const count = h.sandbox.admin.written().patches.length;
    await h.driver.viewSubmission({
      view,
      values: { task_description: 'Bearing 3 replaced' },
      user: 'U0BEN',
    });
    const patch = await waitFor(() => h.sandbox.admin.written().patches[count]);
    expect(patch.body).toEqual({
      description: 'Bearing 3 replaced\n\n— Edited in Slack by Ben Okafor (ben.okafor@plant.example)',
    });
  });

  it('a post by Ben says it was posted by Ben', async () => {
    const view = await openBySlashCommand(
      h,
      { command: '/post', text: 'Line 3 is running again', user: 'U0BEN' },
      'post_create',
    );
    const channels = await h.driver.blockSuggestion({
      actionId: 'post_channel',
      value: '',
      view,
      user: 'U0BEN',
    });
    const channel = (channels.body as { options: Record<string, unknown>[] }).options[0]!;
    const posts = h.sandbox.admin.written().posts.length;
    await h.driver.viewSubmission({ view, values: { post_channel: channel as never }, user: 'U0BEN' });
    const post = await waitFor(() => h.sandbox.admin.written().posts[posts]);
    expect(post.body.content).toBe(
      'Line 3 is running again\n\n— Posted in Slack by Ben Okafor (ben.okafor@plant.example)',
    );
  });

  it('still refuses guests', async () => {
    const answer = await answerTo(h, { command: '/task', text: 'list all', user: 'U0GUS' });
    expect(textOf(answer)).toContain('not available to workspace guests');
  });
});
