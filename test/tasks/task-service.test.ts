/**
 * The task service against the sandbox over loopback: the card built from what was sent, the refresh from
 * GET /tasks, PATCH outcomes (changed / no change / reassignment that did not take), idempotent submissions
 * and list filters.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED_SITES, type Sandbox } from '../../src/sandbox/index.ts';
import { isPastDue } from '../../src/tasks/rules/dates.ts';
import type { Services } from '../../src/main/services.ts';
import { startSandboxServices, type SandboxServices } from '../fixtures/sandbox-deps.ts';

let env: SandboxServices;
let sandbox: Sandbox;
let services: Services;
const site = { id: '101', name: 'Berlin Plant', channelId: '7101' };

beforeAll(async () => {
  env = await startSandboxServices({ tasks: 30 });
  ({ sandbox, services } = env);
  await services.directory.statuses.refresh();
});
afterAll(() => env?.close());

describe('create and refresh', () => {
  it('builds the task from what was sent, then finds the platform’s version by name and id', async () => {
    const task = await services.tasks.create(
      {
        name: 'Service test task',
        siteId: '101',
        typeId: '3',
        deviceId: '1001',
        priorityId: '10',
        dueDate: '2030-01-01',
      },
      { site, device: { id: '1001', name: 'Main Energy Meter' }, assignee: null },
    );
    expect(task).toMatchObject({
      name: 'Service test task',
      status: { id: '5', name: 'To Do' },
      priority: { id: '10', name: 'Medium' },
      type: { id: '3' },
      device: { id: '1001', name: 'Main Energy Meter' },
      postId: null,
    });
    const fresh = await services.tasks.refresh(task);
    expect(fresh?.id).toBe(task.id);
    expect(typeof fresh?.postId).toBe('number');
    expect(await services.tasks.get(task.id)).toEqual(fresh);
  });
});

describe('update', () => {
  it('reports a change, then "no change" for the same PATCH again', async () => {
    const task = await services.tasks.create(
      { name: 'Patch twice', siteId: '101', typeId: '1' },
      { site, device: null, assignee: null },
    );
    const first = await services.tasks.update(task.id, { priorityId: '15' });
    expect(first).toMatchObject({ kind: 'changed', task: { priority: { id: '15' } } });
    const second = await services.tasks.update(task.id, { priorityId: '15' });
    expect(second.kind).toBe('no-change');
  });

  it('verifies a reassignment and says when it did not take', async () => {
    const task = await services.tasks.create(
      { name: 'Sydney reassignment', siteId: '105', typeId: '1' },
      { site: { id: '105', name: 'Sydney Terminal', channelId: '7105' }, device: null, assignee: null },
    );
    const ignored = await services.tasks.update(task.id, { assigneeId: '501' });
    expect(ignored.assigneeTook).toBe(false);
    const taken = await services.tasks.update(task.id, { assigneeId: '511' });
    expect(taken).toMatchObject({ kind: 'changed', assigneeTook: true, task: { assignee: { id: '511' } } });
  });

  it('finds a renamed task by its new name', async () => {
    const task = await services.tasks.create(
      { name: 'Before rename', siteId: '101', typeId: '1' },
      { site, device: null, assignee: null },
    );
    await services.tasks.refresh(task);
    const renamed = await services.tasks.update(task.id, { name: 'After rename' });
    expect(renamed).toMatchObject({
      kind: 'changed',
      task: { name: 'After rename', postId: expect.any(Number) },
    });
  });
});

describe('list', () => {
  it('pages through open tasks only, to the end', async () => {
    const ids: string[] = [];
    let page = await services.tasks.list({ scope: 'open' });
    ids.push(...page.tasks.map((t) => t.id));
    while (page.next) {
      const more = await services.tasks.listMore(page.next);
      expect(more).toBeDefined();
      page = more!;
      ids.push(...page.tasks.map((t) => t.id));
    }
    const expected = sandbox.admin.state.tasks
      .filter((t) => t.statusId === '5' || t.statusId === '10')
      .map((t) => t.id);
    expect(ids.sort()).toEqual(expected.sort());
  });

  it('lists overdue open tasks by the site’s date', async () => {
    const ids: string[] = [];
    let page = await services.tasks.list({ scope: 'overdue' });
    ids.push(...page.tasks.map((t) => t.id));
    while (page.next) {
      page = (await services.tasks.listMore(page.next))!;
      ids.push(...page.tasks.map((t) => t.id));
    }
    const zone = (siteId: string | null) => SEED_SITES.find((s) => s.id === siteId)?.timeZone ?? null;
    const expected = sandbox.admin.state.tasks
      .filter(
        (t) =>
          (t.statusId === '5' || t.statusId === '10') &&
          t.dueDate &&
          isPastDue(t.dueDate, Date.now(), zone(t.siteId)),
      )
      .map((t) => t.id);
    expect(expected.length).toBeGreaterThan(0);
    expect(ids.sort()).toEqual(expected.sort());
  });

  it('answers undefined for an unknown cursor token', async () => {
    expect(await services.tasks.listMore('no-such-token')).toBeUndefined();
  });
});

describe('refresh of a task whose name many tasks share', () => {
  it('looks at the other end of the list after a full first page, so the newest task costs two pages (one when just created)', async () => {
    const make = () =>
      services.tasks.create(
        { name: 'Crowded name', siteId: '101', typeId: '1' },
        { site, device: null, assignee: null },
      );
    for (let i = 0; i < 119; i++) await make();
    const newest = await make();
    sandbox.admin.clearRequests();
    const fresh = await services.tasks.refresh(newest);
    expect(fresh?.id).toBe(newest.id);
    const pages = sandbox.admin.requests().filter((r) => r.kind === 'api' && r.path === '/tasks');
    expect(pages.map((r) => r.query.sortDesc ?? null)).toEqual([null, 'true']);
    // Just created by fieldline: the newest end first, one short page.
    sandbox.admin.clearRequests();
    expect((await services.tasks.refresh(newest, undefined, { newest: true }))?.id).toBe(newest.id);
    const newestFirst = sandbox.admin.requests().filter((r) => r.kind === 'api' && r.path === '/tasks');
    expect(newestFirst.map((r) => [r.query.sortDesc ?? null, r.query.limit])).toEqual([['true', '5']]);
    // Not among the newest few (others of the name came after it, as when jobs run side by side): the newest end
    // goes on from the short page's cursor, not from the oldest end.
    const older = await make();
    for (let i = 0; i < 6; i++) await make();
    sandbox.admin.clearRequests();
    expect((await services.tasks.refresh(older, undefined, { newest: true }))?.id).toBe(older.id);
    const further = sandbox.admin.requests().filter((r) => r.kind === 'api' && r.path === '/tasks');
    expect(
      further.map((r) => [r.query.sortDesc ?? null, r.query.limit, r.query.lastValue !== undefined]),
    ).toEqual([
      ['true', '5', false],
      ['true', '50', true],
    ]);
    // Not among the newest 55 either: the usual search from the oldest end finds it, without reading the newest
    // end's first page again.
    const oldest = await make();
    for (let i = 0; i < 60; i++) await make();
    sandbox.admin.clearRequests();
    expect((await services.tasks.refresh(oldest, undefined, { newest: true }))?.id).toBe(oldest.id);
    const fallback = sandbox.admin.requests().filter((r) => r.kind === 'api' && r.path === '/tasks');
    expect(fallback.map((r) => [r.query.sortDesc ?? null, r.query.limit])).toEqual([
      ['true', '5'],
      ['true', '50'],
      [null, '50'],
      [null, '50'],
      [null, '50'],
    ]);
  });
});
