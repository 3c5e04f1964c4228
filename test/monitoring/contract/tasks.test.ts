/** Contract: Task table, task states and transitions, GET /tasks (section 8). */
import { beforeAll, describe, expect, test } from 'vitest';
import type { Task } from '../../../src/monitoring/index.ts';
import { collect } from '../helpers.ts';
import { apiRequests, type Contract, useContract } from './fixture.ts';

const c = useContract();

const isStr = (v: unknown) => typeof v === 'string';
const nullableStr = (v: unknown) => v === null || typeof v === 'string';
const isRef = (v: unknown) => typeof v === 'object' && v !== null && 'id' in v && 'name' in v;
const duration = (v: unknown) => v === null || (typeof v === 'string' && /^-?\d+d:\d+h:\d+m$/.test(v));

describe('Task table (GET /tasks rows)', () => {
  let tasks: Task[];
  beforeAll(async () => {
    tasks = await collect(c.client.tasks.list({ limit: 100 }));
  });
  const table: [string, (t: Task) => boolean][] = [
    ['id — string', (t) => isStr(t.id)],
    ['name — string', (t) => isStr(t.name)],
    ['description — string, nullable', (t) => nullableStr(t.description)],
    ['dueDate — YYYY-MM-DD, nullable', (t) => t.dueDate === null || /^\d{4}-\d{2}-\d{2}$/.test(t.dueDate)],
    [
      'doneDate — null while open',
      (t) => (t.status.id === '5' ? t.doneDate === null : nullableStr(t.doneDate)),
    ],
    ['progressDate — nullable', (t) => 'progressDate' in t],
    ['timeSpent — string', (t) => isStr(t.timeSpent)],
    [
      'formatedTimeSpent — <h>h:<m>m (field name spelled this way)',
      (t) => /^\d+h:\d+m$/.test(String(t.formatedTimeSpent)),
    ],
    [
      'timeToRespond, timeToResolve, timeToDueDate — <d>d:<h>h:<m>m; timeToResolve null until done',
      (t) =>
        duration(t.timeToRespond) &&
        duration(t.timeToResolve) &&
        duration(t.timeToDueDate) &&
        (t.doneDate !== null || t.timeToResolve === null),
    ],
    [
      'assignee — id, firstName, lastName, name, image, channelId, username, email; nullable',
      (t) =>
        t.assignee === null ||
        ['id', 'firstName', 'lastName', 'name', 'image', 'channelId', 'username', 'email'].every(
          (k) => k in t.assignee!,
        ),
    ],
    ['status — {id, name}', (t) => isRef(t.status)],
    ['site — {id, name, channelId}', (t) => t.site !== null && 'channelId' in t.site],
    [
      'system, device — nullable; device is the data source',
      (t) => 'system' in t && (t.device === null || isRef(t.device)),
    ],
    [
      'priority — {id, name} 5 Low, 10 Medium, 15 High; nullable',
      (t) =>
        t.priority === null ||
        ({ '5': 'Low', '10': 'Medium', '15': 'High' } as Record<string, string>)[t.priority.id] ===
          t.priority.name,
    ],
    ['type — {id, name}; 1 Manual, 3 data source', (t) => t.type !== null && ['1', '3'].includes(t.type.id)],
    [
      'auditInfo — createdBy {id}, createdDate, lastModifiedBy {id}, lastModifiedDate',
      (t) =>
        Boolean(
          t.auditInfo?.createdBy?.id &&
          t.auditInfo.createdDate &&
          t.auditInfo.lastModifiedBy?.id &&
          t.auditInfo.lastModifiedDate,
        ),
    ],
    ['timeSpentMandatory — boolean', (t) => typeof t.timeSpentMandatory === 'boolean'],
    [
      'resolution, resolutionDescription, cost, estimatedTime, hashtags — nullable',
      (t) =>
        ['resolution', 'resolutionDescription', 'cost', 'estimatedTime', 'hashtags'].every((k) => k in t),
    ],
    ['postId — number while id is a string', (t) => typeof t.postId === 'number'],
  ];
  test.each(table)('contract: task row %s', (_label, check) => {
    expect(tasks.length).toBeGreaterThan(10);
    for (const t of tasks) expect(check(t), JSON.stringify(t).slice(0, 300)).toBe(true);
  });

  test('contract: task row optional fields (taskType2, department, …) and new fields are tolerated', () => {
    for (const t of tasks) expect(Object.keys(t).length).toBeGreaterThanOrEqual(20);
  });

  test('contract: task row image URLs are pre-signed and time-limited', async () => {
    const withImage = tasks.find((t) => t.assignee?.image?.url);
    const file = await c.client.download(withImage!.assignee!.image!.url!);
    for await (const _chunk of file.body) void _chunk;
    expect(c.sb.admin.presignedWithCredentials()).toEqual([]);
  });
});

describe('task states', () => {
  test.each([
    ['5', 'To Do'],
    ['25', 'Cancelled'],
  ])('contract: task status %s is %s', async (id, name) => {
    const rows = await collect(c.client.tasks.list({ statusIds: [id] }));
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((t) => t.status.id === id && t.status.name === name)).toBe(true);
  });

  test('contract: task status names On Hold and Done also occur', async () => {
    const names = new Set((await collect(c.client.tasks.list({ limit: 100 }))).map((t) => t.status.name));
    expect([...names]).toEqual(expect.arrayContaining(['On Hold', 'Done']));
  });

  test.each([
    ['5', 'Low'],
    ['10', 'Medium'],
    ['15', 'High'],
  ])('contract: task priority %s is %s', async (id, name) => {
    const rows = await collect(c.client.tasks.list({ priorityIds: [id] }));
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((t) => t.priority?.name === name)).toBe(true);
  });
});

describe('task transitions', () => {
  const commentsOn = (taskId: string) => c.sb.admin.written().comments.filter((x) => x.taskId === taskId);
  const viewOf = (taskId: number | string) => c.sb.admin.state.tasks.find((t) => t.id === String(taskId));

  test('contract: task transition (new) → 5 To Do when statusId is omitted; feed post created; opening comment', async () => {
    const { taskId } = await c.client.tasks.create({
      name: 'Transition default',
      siteId: '101',
      typeId: '1',
    });
    const task = viewOf(taskId);
    expect(task?.statusId).toBe('5');
    expect(c.sb.admin.written().posts.find((p) => p.taskId === String(taskId))).toMatchObject({
      id: task?.postId,
      body: { toChannelId: '7101' },
      removedFromFeed: false,
    });
    expect(commentsOn(String(taskId))).toHaveLength(1);
  });

  test('contract: task transition (new) → the given status when statusId is given', async () => {
    const { taskId } = await c.client.tasks.create({
      name: 'Transition given',
      siteId: '101',
      typeId: '1',
      statusId: '10',
      noInitialComment: true,
    });
    expect(viewOf(taskId)?.statusId).toBe('10');
    expect(c.sb.admin.written().posts.some((p) => p.taskId === String(taskId))).toBe(true);
    expect(commentsOn(String(taskId))).toEqual([]);
  });

  test('contract: task transition any → given status (not 25): a change-log comment is written', async () => {
    const open = c.sb.admin.state.tasks.find((t) => t.statusId === '5')!;
    const result = await c.client.tasks.update(open.id, { statusId: '10' });
    expect(result).toEqual({ changed: true, commentId: expect.any(Number) });
    const comment = commentsOn(open.id).find((x) => result.changed && x.id === result.commentId);
    expect(comment).toMatchObject({ postId: open.postId, text: expect.stringContaining('On Hold') });
    expect(viewOf(open.id)).toMatchObject({ statusId: '10', postInFeed: true });
  });

  test('contract: task transition any → 25 Cancelled: the task post is removed from the feed', async () => {
    const open = c.sb.admin.state.tasks.find((t) => t.statusId === '5')!;
    expect(open.postInFeed).toBe(true);
    await c.client.tasks.update(open.id, { statusId: '25' });
    expect(viewOf(open.id)).toMatchObject({ statusId: '25', postInFeed: false });
  });

  test('contract: task transition no field actually changes → unchanged, no comment', async () => {
    const open = c.sb.admin.state.tasks.find((t) => t.statusId === '5')!;
    const before = commentsOn(open.id).length;
    expect(await c.client.tasks.update(open.id, { statusId: '5' })).toEqual({ changed: false });
    expect(c.sb.admin.written().patches.at(-1)?.commentId ?? null).toBeNull();
    expect(commentsOn(open.id)).toHaveLength(before);
  });
});

describe('section 8 — GET /tasks', () => {
  const filters: [string, Parameters<Contract['client']['tasks']['list']>[0], (t: Task) => boolean][] = [
    ['siteIds', { siteIds: ['103'] }, (t) => t.site?.id === '103'],
    ['statusIds', { statusIds: ['5', '10'] }, (t) => ['5', '10'].includes(t.status.id)],
    ['priorityIds', { priorityIds: ['15'] }, (t) => t.priority?.id === '15'],
    ['assigneeIds', { assigneeIds: ['501'] }, (t) => t.assignee?.id === '501'],
    ['typeIds', { typeIds: ['3'] }, (t) => t.type?.id === '3' && t.device !== null],
  ];
  test.each(filters)('contract: tasks parameter %s — comma-separated filter', async (_name, query, check) => {
    const rows = await collect(c.client.tasks.list(query));
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every(check)).toBe(true);
  });

  test('contract: tasks parameter textSearch — over task names, sent on every page', async () => {
    const word = c.sb.admin.state.tasks[0]!.name.split(' ')[0]!;
    c.sb.admin.clearRequests();
    const rows = await collect(c.client.tasks.list({ textSearch: word, limit: 2 }));
    expect(rows.every((t) => t.name.toLowerCase().includes(word.toLowerCase()))).toBe(true);
    for (const r of apiRequests(c.sb)) expect(r.query.textSearch).toBe(word);
  });

  test('contract: tasks parameter sortDesc — reverses the sort', async () => {
    const asc = (await c.client.tasks.listPage({ limit: 100 })).rows.map((t) => t.id);
    const desc = (await c.client.tasks.listPage({ limit: 100, sortDesc: true })).rows.map((t) => t.id);
    expect(desc).toEqual([...asc].reverse());
  });

  test('contract: tasks parameters limit and lastValue — minimal page count', async () => {
    const total = c.sb.admin.state.tasks.length;
    c.sb.admin.clearRequests();
    expect(await collect(c.client.tasks.list({ limit: 9 }))).toHaveLength(total);
    expect(apiRequests(c.sb)).toHaveLength(Math.floor(total / 9) + 1);
  });
});
