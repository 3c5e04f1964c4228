/** Contract: POST /task/ (section 9) and PATCH /task/{id} (section 10). */
import { describe, expect, test } from 'vitest';
import type { TaskCreate } from '../../../src/monitoring/index.ts';
import { apiRequests, kind, raw, sourceOf, useContract } from './fixture.ts';

const c = useContract();

const base: TaskCreate = { name: 'Inspect chiller', siteId: '101', typeId: '1' };
const created = () => c.sb.admin.written().tasks.at(-1);
const stateOf = (id: number) => c.sb.admin.state.tasks.find((t) => t.id === String(id));
const refusedBy = async (p: Promise<unknown>, field: string) =>
  expect(await p.catch((e: unknown) => e)).toMatchObject({ code: 'INVALID_ARGUMENT', field });

describe('section 9 — POST /task/ body fields', () => {
  test('contract: task create field name — required string', async () => {
    expect((await raw(c.sb, 'POST', '/task/', { body: { siteId: '101', typeId: '1' } })).status).toBe(400);
    await refusedBy(c.client.tasks.create({ ...base, name: '' }), 'name');
  });

  test('contract: task create field siteId — required string', async () => {
    const { taskId } = await c.client.tasks.create(base);
    expect(stateOf(taskId)?.siteId).toBe('101');
  });

  test('contract: task create field typeId — 1 manual, 3 about a data source', async () => {
    const device = sourceOf(c.sb, kind('energy'));
    const { taskId } = await c.client.tasks.create({ ...base, typeId: '3', deviceId: device.id });
    expect(stateOf(taskId)).toMatchObject({ typeId: '3', deviceId: device.id });
  });

  test('contract: task create field deviceId — required with typeId 3, not allowed with typeId 1', async () => {
    expect((await raw(c.sb, 'POST', '/task/', { body: { ...base, typeId: '3' } })).status).toBe(400);
    expect(
      (await raw(c.sb, 'POST', '/task/', { body: { ...base, deviceId: sourceOf(c.sb, kind('energy')).id } }))
        .status,
    ).toBe(400);
    await refusedBy(c.client.tasks.create({ ...base, typeId: '3' }), 'deviceId');
    await refusedBy(c.client.tasks.create({ ...base, deviceId: '1' }), 'deviceId');
  });

  test('contract: task create field priorityId — 5, 10, 15; an unrecognised value is silently ignored', async () => {
    const { taskId } = await c.client.tasks.create({ ...base, priorityId: '15' });
    expect(stateOf(taskId)?.priorityId).toBe('15');
    const odd = await c.client.tasks.create({ ...base, priorityId: '99' });
    expect(stateOf(odd.taskId)?.priorityId ?? null).toBeNull();
  });

  test('contract: task create field statusId — default 5; omit the key rather than send null', async () => {
    expect((await raw(c.sb, 'POST', '/task/', { body: { ...base, statusId: null } })).status).toBe(400);
    await c.client.tasks.create(base);
    expect(created()?.body).not.toHaveProperty('statusId');
  });

  test('contract: task create field description — plain text', async () => {
    const { taskId } = await c.client.tasks.create({ ...base, description: 'Noise at <bearing> & belt' });
    expect(c.sb.admin.state.tasks.find((t) => t.id === String(taskId))).toBeDefined();
    expect(created()?.body.description).toBe('Noise at <bearing> & belt');
  });

  test('contract: task create field dueDate — string', async () => {
    const { taskId } = await c.client.tasks.create({ ...base, dueDate: '2030-01-31' });
    expect(stateOf(taskId)?.dueDate).toBe('2030-01-31');
  });

  test('contract: task create field assigneeId — string', async () => {
    const { taskId } = await c.client.tasks.create({ ...base, assigneeId: '502' });
    expect(stateOf(taskId)?.assigneeId).toBe('502');
  });

  test('contract: task create field toChannelId — channel of the task feed post', async () => {
    await c.client.tasks.create({ ...base, toChannelId: '7101' });
    expect(created()?.body.toChannelId).toBe('7101');
  });

  test('contract: task create field fileIds — string[]', async () => {
    await c.client.tasks.create({ ...base, fileIds: ['9001'] });
    expect(created()?.body.fileIds).toEqual(['9001']);
  });

  test('contract: task create field formattedDescription — rich-text nodes; a plain HTML string is rejected', async () => {
    expect(
      (await raw(c.sb, 'POST', '/task/', { body: { ...base, formattedDescription: '<p>x</p>' } })).status,
    ).toBe(400);
    await c.client.tasks.create({
      ...base,
      formattedDescription: [{ type: 'paragraph', children: [{ text: 'x' }] }],
    });
    expect(created()?.body.formattedDescription).toHaveLength(1);
  });

  test('contract: task create field timeSpentMandatory — boolean', async () => {
    const { taskId } = await c.client.tasks.create({ ...base, timeSpentMandatory: true });
    expect(c.sb.admin.state.tasks.find((t) => t.id === String(taskId))).toBeDefined();
    expect(created()?.body.timeSpentMandatory).toBe(true);
  });

  test('contract: task create field noInitialComment — true skips the opening comment; omit rather than send false', async () => {
    await c.client.tasks.create({ ...base, noInitialComment: false });
    expect(created()?.body).not.toHaveProperty('noInitialComment');
    await c.client.tasks.create({ ...base, noInitialComment: true });
    expect(created()?.body.noInitialComment).toBe(true);
  });
});

describe('section 9 — POST /task/ rules', () => {
  test('contract: task create rule — strict body: imageIds, mentions, hashtags, ctas give 400', async () => {
    for (const extra of ['imageIds', 'mentions', 'hashtags', 'ctas']) {
      expect((await raw(c.sb, 'POST', '/task/', { body: { ...base, [extra]: [] } })).status).toBe(400);
      await refusedBy(c.client.tasks.create({ ...base, [extra]: [] } as never), `task.${extra}`);
    }
  });

  test('contract: task create rule — typeId omitted (conflicting statements): the client always sends it', async () => {
    // The sandbox takes the "fails asking for deviceId" reading (README): 400, nothing created.
    const omitted = await raw(c.sb, 'POST', '/task/', { body: { name: 'x', siteId: '101' } });
    expect(omitted).toMatchObject({
      status: 400,
      json: { message: 'Internal server error.', internalErrorCode: '02-001' },
    });
    expect(c.sb.admin.written().tasks).toEqual([]);
    await refusedBy(c.client.tasks.create({ name: 'x', siteId: '101' } as never), 'typeId');
    await c.client.tasks.create(base);
    expect(created()?.body.typeId).toBe('1');
  });

  test('contract: task create rule — IDs quoted non-empty strings; a number, "0" or "" gives 400', async () => {
    for (const siteId of [101, '0', '']) {
      expect((await raw(c.sb, 'POST', '/task/', { body: { ...base, siteId } })).status).toBe(400);
      await refusedBy(c.client.tasks.create({ ...base, siteId } as never), 'siteId');
    }
  });

  test('contract: task create rule — explicit null for statusId or typeId is rejected', async () => {
    expect((await raw(c.sb, 'POST', '/task/', { body: { ...base, typeId: null } })).status).toBe(400);
    await refusedBy(c.client.tasks.create({ ...base, statusId: null } as never), 'statusId');
  });

  test('contract: task create rule — IDs that do not exist are accepted and ignored', async () => {
    const { taskId } = await c.client.tasks.create({ ...base, statusId: '777', priorityId: '888' });
    // Unknown status and priority leave those fields unset: the default status, no priority.
    expect(stateOf(taskId)).toMatchObject({ statusId: '5', priorityId: null, siteId: '101' });
    const nowhere = await c.client.tasks.create({ ...base, siteId: '999' });
    expect(stateOf(nowhere.taskId)).toMatchObject({ siteId: null });
  });

  test('contract: task create rule — no query string; response {data: <task_id number>}, the task not echoed', async () => {
    expect((await raw(c.sb, 'POST', '/task/?x=1', { body: base })).status).toBe(400);
    const res = await raw(c.sb, 'POST', '/task/', { body: base });
    expect(res.json).toEqual({ data: expect.any(Number) });
    c.sb.admin.clearRequests();
    const { taskId } = await c.client.tasks.create(base);
    expect(typeof taskId).toBe('number');
    expect(apiRequests(c.sb)[0]?.query).toEqual({});
  });
});

describe('section 10 — PATCH /task/{id}', () => {
  const open = () => c.sb.admin.state.tasks.find((t) => t.statusId === '5')!;

  test('contract: task update — send only fields to change; an empty body is valid and reports no change', async () => {
    expect(await c.client.tasks.update(open().id, {})).toEqual({ changed: false });
    expect((await raw(c.sb, 'PATCH', `/task/${open().id}`)).json).toEqual({ data: 'SUCCESS' });
  });

  test('contract: task update — listed fields statusId, priorityId, name, description, dueDate, siteId, toChannelId, fileIds, formattedDescription, timeSpentMandatory', async () => {
    const result = await c.client.tasks.update(open().id, {
      priorityId: '15',
      name: 'Renamed',
      description: 'new',
      dueDate: '2031-02-03',
      toChannelId: '7101',
      fileIds: ['1'],
      formattedDescription: [{ text: 'x' }],
      timeSpentMandatory: true,
    });
    expect(result.changed).toBe(true);
  });

  test('contract: task update — id in the body is redundant (the path wins)', async () => {
    const task = open();
    const res = await raw(c.sb, 'PATCH', `/task/${task.id}`, { body: { id: '999999', name: 'Path wins' } });
    expect(res.status).toBe(200);
    expect(c.sb.admin.state.tasks.find((t) => t.id === task.id)?.name).toBe('Path wins');
  });

  test('contract: task update — imageIds, mentions, ctas give 400', async () => {
    for (const extra of ['imageIds', 'mentions', 'ctas']) {
      expect((await raw(c.sb, 'PATCH', `/task/${open().id}`, { body: { [extra]: [] } })).status).toBe(400);
      await refusedBy(c.client.tasks.update(open().id, { [extra]: [] } as never), `patch.${extra}`);
    }
  });

  test('contract: task update — the type/device pairing rule of creation does not apply', async () => {
    const device = c.sb.admin.state.tasks.find((t) => t.typeId === '3')!;
    expect((await c.client.tasks.update(device.id, { name: 'Still a device task' })).changed).toBe(true);
  });

  test('contract: task update — assigneeId is not listed and unreliable; the client sends it only when asked, callers verify', async () => {
    const task = open();
    await c.client.tasks.update(task.id, { name: 'No reassignment' });
    expect(c.sb.admin.written().patches.at(-1)?.body).toEqual({ name: 'No reassignment' });
    await c.client.tasks.update(task.id, { assigneeId: '511' });
    expect(c.sb.admin.written().patches.at(-1)?.body).toEqual({ assigneeId: '511' });
    const listed = (await c.client.tasks.listPage({ limit: 500 })).rows.find((t) => t.id === task.id);
    expect(listed?.assignee?.id ?? null).toBe(
      c.sb.admin.state.tasks.find((t) => t.id === task.id)?.assigneeId ?? null,
    );
  });

  test('contract: task update — {data: <number>} comment ID when something changed, {data: SUCCESS} otherwise, never the task', async () => {
    const task = open();
    const changed = await c.client.tasks.update(task.id, { name: `${task.name} (checked)` });
    expect(changed).toEqual({ changed: true, commentId: expect.any(Number) });
    expect(changed).not.toHaveProperty('commentId', Number(task.id));
    expect(await c.client.tasks.update(task.id, { name: `${task.name} (checked)` })).toEqual({
      changed: false,
    });
  });
});
