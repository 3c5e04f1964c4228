/**
 * The task service's kept list reads against the sandbox (loopback), on a hand-moved clock: a list asked again
 * within 30 s pages through the same read; changes made through the service show in it at once; changes made
 * elsewhere show once it is 30 s old; a read is never shown to another scope.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { BaseDeps } from '../../src/base/deps.ts';
import type { Sandbox } from '../../src/sandbox/index.ts';
import { createServices, type Services } from '../../src/main/services.ts';
import { startSandbox } from '../../src/sandbox/index.ts';
import type { TaskListFilter, TaskListPage } from '../../src/tasks/service/task-service.ts';
import { sandboxBaseDeps } from '../fixtures/sandbox-deps.ts';

let sandbox: Sandbox;
let base: BaseDeps;
let services: Services;
let now = Date.now();
let scope = 'person:T:ANA';
const site = { id: '101', name: 'Berlin Plant', channelId: '7101' };

beforeAll(async () => {
  sandbox = await startSandbox({ seed: { tasks: 40 } });
  base = { ...(await sandboxBaseDeps(sandbox, { now: () => now })), scope: () => scope };
  services = createServices(base);
  await services.directory.statuses.refresh();
});
afterAll(async () => {
  await base?.monitoring.close();
  await sandbox?.close();
});
beforeEach(() => {
  // every test starts with nothing kept
  now += 60_000;
  scope = 'person:T:ANA';
});

const tasksCalls = () => sandbox.admin.requests().filter((r) => r.path === '/tasks');
/** GET /tasks reads of whole lists (finding one task searches by name; a kept read is checked with one row). */
const listReads = () =>
  tasksCalls().filter((r) => r.query.textSearch === undefined && r.query.limit !== '1').length;
/** The one-row checks made before a kept read answers: the newest task of the list's query. */
const checks = () => tasksCalls().filter((r) => r.query.limit === '1' && r.query.sortDesc === 'true').length;

async function everyPage(filter: TaskListFilter): Promise<{ first: TaskListPage; ids: string[] }> {
  const first = await services.tasks.list(filter, undefined, { reuse: true });
  const ids = first.tasks.map((t) => t.id);
  for (let page: TaskListPage | undefined = first; page?.next;) {
    page = await services.tasks.listMore(page.next);
    ids.push(...(page?.tasks ?? []).map((t) => t.id));
  }
  return { first, ids };
}

describe('kept list reads', () => {
  it('answers open then overdue from one read for 30 s, saying when it was read; then reads again', async () => {
    const readAt = now;
    const open = await everyPage({ scope: 'open' });
    expect(open.first.asOf).toBeNull();
    const reads = listReads();
    now += 29_999;
    const overdue = await everyPage({ scope: 'overdue' });
    expect(listReads()).toBe(reads);
    expect(overdue.first.asOf).toBe(readAt);
    expect(overdue.ids.length).toBeGreaterThan(0);
    expect(open.ids).toEqual(expect.arrayContaining(overdue.ids));
    expect(open.ids.slice(0, overdue.ids.length)).toEqual(overdue.ids);
    now += 1;
    expect((await services.tasks.list({ scope: 'open' }, undefined, { reuse: true })).asOf).toBeNull();
    expect(listReads()).toBeGreaterThan(reads);
  });

  it('reads again every time without reuse (the Home tab), and keeps that read for the next list', async () => {
    await services.tasks.list({ scope: 'all' });
    const reads = listReads();
    await services.tasks.list({ scope: 'all' });
    expect(listReads()).toBeGreaterThan(reads);
    const after = listReads();
    expect((await services.tasks.list({ scope: 'all' }, undefined, { reuse: true })).asOf).not.toBeNull();
    expect(listReads()).toBe(after);
  });

  it('shows a task created and then closed through the service at once, in its place', async () => {
    await services.tasks.list({ scope: 'open', siteId: '101' }, undefined, { reuse: true });
    const reads = listReads();
    const created = await services.tasks.create(
      { name: 'Kept list: oldest overdue', siteId: '101', typeId: '1', dueDate: '2001-01-01' },
      { site, device: null, assignee: null },
    );
    const elsewhere = await services.tasks.create(
      { name: 'Kept list: other site', siteId: '102', typeId: '1' },
      { site: { id: '102', name: 'Chicago Works', channelId: '7102' }, device: null, assignee: null },
    );
    const open = await everyPage({ scope: 'open', siteId: '101' });
    expect(open.first.tasks[0]?.id).toBe(created.id);
    expect(open.first.overdueIds).toContain(created.id);
    expect(open.ids).not.toContain(elsewhere.id);
    await services.tasks.update(created.id, { statusId: '25' });
    const after = await everyPage({ scope: 'open', siteId: '101' });
    expect(after.ids).not.toContain(created.id);
    expect(after.first.asOf).not.toBeNull();
    expect(listReads()).toBe(reads);
  });

  it('checks each kept answer with one row read with the person’s key, and reads again for a task new elsewhere', async () => {
    await services.tasks.list({ scope: 'open', siteId: '104' }, undefined, { reuse: true });
    const [reads, checked] = [listReads(), checks()];
    await services.tasks.list({ scope: 'open', siteId: '104' }, undefined, { reuse: true });
    expect([listReads(), checks()]).toEqual([reads, checked + 1]);
    const created = sandbox.admin.createTask({ name: 'Made on the platform', siteId: '104' });
    const page = await everyPage({ scope: 'open', siteId: '104' });
    expect(listReads()).toBe(reads + 1);
    expect(page.ids).toContain(created);
    expect(page.first.asOf).toBeNull();
  });

  it('pages "More" through the read its first page came from, even after a task is new elsewhere', async () => {
    const first = await services.tasks.list({ scope: 'all' }, undefined, { reuse: true });
    const reads = listReads();
    sandbox.admin.createTask({ name: 'Made while paging', siteId: '101' });
    const second = await services.tasks.listMore(first.next!);
    expect(listReads()).toBe(reads);
    expect(second?.asOf).not.toBeNull();
    expect(second?.total).toBe(first.total);
  });

  it('shows a change made elsewhere once the read is 30 s old', async () => {
    const before = await everyPage({ scope: 'all', siteId: '102' });
    const taskId = before.ids[0]!;
    sandbox.admin.updateTask(taskId, { name: 'Renamed on the platform' });
    now += 29_999;
    const kept = await services.tasks.list({ scope: 'all', siteId: '102' }, undefined, { reuse: true });
    expect(kept.tasks.find((t) => t.id === taskId)?.name).not.toBe('Renamed on the platform');
    now += 1;
    const fresh = await services.tasks.list({ scope: 'all', siteId: '102' }, undefined, { reuse: true });
    expect(fresh.tasks.find((t) => t.id === taskId)?.name).toBe('Renamed on the platform');
  });

  it("never answers one scope from another's read, and drops another scope's read of a task changed here", async () => {
    scope = 'person:T:BEN';
    const bens = await everyPage({ scope: 'all', siteId: '103' });
    const reads = listReads();
    scope = 'person:T:ANA';
    await services.tasks.list({ scope: 'all', siteId: '103' }, undefined, { reuse: true });
    expect(listReads()).toBeGreaterThan(reads);
    const taskId = bens.ids[0]!;
    await services.tasks.update(taskId, { priorityId: '5' });
    scope = 'person:T:BEN';
    const again = listReads();
    const page = await services.tasks.list({ scope: 'all', siteId: '103' }, undefined, { reuse: true });
    expect(page.asOf).toBeNull();
    expect(listReads()).toBeGreaterThan(again);
  });

  it('reads once for lists asked for together, and keeps a read during which a task was created here', async () => {
    sandbox.admin.inject({ endpoint: 'GET /tasks', latencyMs: 200, times: 50 });
    const reads = listReads();
    const together = Promise.all([
      services.tasks.list({ scope: 'open', siteId: '105' }, undefined, { reuse: true }),
      services.tasks.list({ scope: 'open', siteId: '105' }, undefined, { reuse: true }),
    ]);
    // created while the read is under way: the read is kept with it patched in
    const created = await services.tasks.create(
      { name: 'Kept list: created mid-read', siteId: '105', typeId: '1' },
      { site: { id: '105', name: 'Sydney Terminal', channelId: '7105' }, device: null, assignee: null },
    );
    const [a, b] = await together;
    sandbox.admin.clearInjections();
    expect(listReads()).toBe(reads + 1);
    expect(b.total).toBe(a.total);
    const next = await everyPage({ scope: 'open', siteId: '105' });
    expect(next.first.asOf).not.toBeNull();
    expect(next.ids).toContain(created.id);
    expect(listReads()).toBe(reads + 1);
  });

  it('drops the reads of a scope whose key changed', async () => {
    await services.tasks.list({ scope: 'all' }, undefined, { reuse: true });
    services.directory.forget(scope);
    expect((await services.tasks.list({ scope: 'all' }, undefined, { reuse: true })).asOf).toBeNull();
  });
});
