/**
 * `/task list` asked again within 30 s, end to end in shared mode (everyone reads with the shared key, so one
 * kept read could serve several people): answered from the kept read with its age shown, a task created through
 * the modal listed at once, and the access gate still applied to every person.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StoredMessage } from '../../src/slack-standin/index.ts';
import { checkBlockKitAndStop } from '../fixtures/block-kit.ts';
import { startHarness, waitFor, type Harness } from '../harness.ts';
import {
  listed,
  listReply,
  moreButton,
  nextPage,
  openByCommand,
  option,
  tasksWritten,
} from './task-helpers.ts';

let h: Harness;
beforeAll(async () => {
  h = await startHarness({ links: 'none', configOverrides: { ACCESS_MODE: 'shared' } });
});
afterAll(() => checkBlockKitAndStop(h));

const listReads = () =>
  h.sandbox.admin
    .requests()
    .filter((r) => r.path === '/tasks' && r.query.textSearch === undefined && r.query.limit !== '1').length;

const shown = (m: StoredMessage) => `${m.text ?? ''} ${JSON.stringify(m.blocks ?? [])}`;
// How old a reused list is, in operator words: no cache talk (issue 38).
const AS_OF =
  /As of <!date\^\d+\^\{time_secs\}\|\d\d:\d\d:\d\d UTC> your time\. List again to see changes made on the platform since then\./;

describe('/task list asked again', () => {
  it('answers from the read kept for 30 s and says how old it is', async () => {
    const first = await listReply(h, 'list open site chicago');
    expect(shown(first)).not.toMatch(AS_OF);
    const reads = listReads();
    const again = await listReply(h, 'list overdue site chicago');
    expect(listReads()).toBe(reads);
    expect(shown(again)).toMatch(AS_OF);
    expect(shown(again)).not.toMatch(/reused|30 s|cache/);
  });

  it('lists a task created through the modal at once', async () => {
    await listReply(h, 'list all site berlin');
    const view = await openByCommand(h, 'new Kept list check', 'C0GENERAL', 'U0ANA');
    const site = await option(h, view, 'task_site', 'berlin');
    const before = tasksWritten(h).length;
    await h.driver.viewSubmission({ view, values: { task_site: site }, user: 'U0ANA' });
    const [record] = await waitFor(() =>
      tasksWritten(h).length > before ? tasksWritten(h).slice(before) : null,
    );
    await h.app.whenIdle();
    const reads = listReads();
    let page = await listReply(h, 'list all site berlin');
    expect(shown(page)).toMatch(AS_OF);
    const ids = listed(page);
    while (moreButton(page)) {
      page = await nextPage(h, page, 'U0ANA');
      ids.push(...listed(page));
    }
    expect(ids).toContain(record!.taskId);
    expect(listReads()).toBe(reads);
  });

  it('refuses a guest even when the list could be answered from memory', async () => {
    const ana = await listReply(h, 'list all site pune');
    expect(shown(ana)).toContain('Pune');
    const gus = await listReply(h, 'list all site pune', 'U0GUS');
    expect(shown(gus)).toContain('not available to workspace guests');
    expect(shown(gus)).not.toContain('task_show_card');
  });
});
