/** Tasks module: strict create/update bodies, PATCH outcomes and task rows (MockAgent). */
import { describe, expect, test } from 'vitest';
import { json, setup } from './helpers.ts';

describe('tasks', () => {
  test('create sends only defined fields; noInitialComment only when true; returns the numeric id', async () => {
    const s = setup();
    s.platform
      .intercept({ path: '/task/', method: 'POST' })
      .reply(200, { data: 981 }, { headers: json })
      .times(2);
    const created = await s.client.tasks.create({
      name: 'Pump noise',
      siteId: 's1',
      typeId: '3',
      deviceId: 'd9',
      priorityId: '15',
      description: undefined,
      noInitialComment: false,
    });
    await s.client.tasks.create({
      name: 'Walkdown',
      siteId: 's1',
      typeId: '1',
      noInitialComment: true,
      fileIds: ['f1'],
    });
    expect(created).toEqual({ taskId: 981 });
    expect(s.calls().map((c) => JSON.parse(c.body!))).toEqual([
      { name: 'Pump noise', siteId: 's1', typeId: '3', deviceId: 'd9', priorityId: '15' },
      { name: 'Walkdown', siteId: 's1', typeId: '1', fileIds: ['f1'], noInitialComment: true },
    ]);
  });

  test('update: {data:<number>} is a written comment, {data:"SUCCESS"} is no change', async () => {
    const s = setup();
    s.platform.intercept({ path: '/task/t1', method: 'PATCH' }).reply(200, { data: 5512 }, { headers: json });
    s.platform
      .intercept({ path: '/task/t1', method: 'PATCH' })
      .reply(200, { data: 'SUCCESS' }, { headers: json });
    expect(await s.client.tasks.update('t1', { statusId: '25' })).toEqual({ changed: true, commentId: 5512 });
    expect(await s.client.tasks.update('t1', {})).toEqual({ changed: false });
    expect(s.calls().map((c) => c.body)).toEqual(['{"statusId":"25"}', '{}']);
  });

  test('glancePage checks the fields a whole-list pass reads; full() gives the same task as listPage', async () => {
    const s = setup();
    const task = {
      id: 't1',
      name: 'A',
      status: { id: 5, name: 'To Do' },
      dueDate: '2025-02-01',
      site: { id: 's1', name: 'Berlin' },
      assignee: { id: 'u1', email: 'a@example.com', extra: true },
      postId: 77,
      category: { x: 1 },
    };
    s.platform
      .intercept({ path: '/tasks?limit=100', method: 'GET' })
      .reply(200, { data: [task], lastValue: 'c1' }, { headers: json })
      .times(2);
    const whole = await s.client.tasks.listPage({});
    const glanced = await s.client.tasks.glancePage!({});
    expect(glanced).toMatchObject({ lastValue: 'c1', done: true });
    expect(glanced.rows[0]).toMatchObject({
      id: 't1',
      status: { id: '5', name: 'To Do' },
      dueDate: '2025-02-01',
      doneDate: null,
      site: { id: 's1', name: 'Berlin', channelId: null },
      assignee: { id: 'u1', email: 'a@example.com', extra: true, name: null },
    });
    expect(glanced.rows[0]?.full()).toEqual(whole.rows[0]);
  });

  test('glancePage: a row broken where it is glanced fails the page; elsewhere, only its full()', async () => {
    const s = setup();
    const ok = { id: 't1', name: 'A', status: { id: '5', name: 'To Do' } };
    s.platform
      .intercept({ path: '/tasks?limit=100', method: 'GET' })
      .reply(200, { data: [ok, { ...ok, id: 't2', postId: 'not a number' }] }, { headers: json });
    s.platform
      .intercept({ path: '/tasks?limit=100', method: 'GET' })
      .reply(200, { data: [ok, { ...ok, id: 't3', status: null }] }, { headers: json });
    const page = await s.client.tasks.glancePage!({});
    expect(page.rows.map((r) => r.id)).toEqual(['t1', 't2']);
    expect(page.rows[0]?.full()).toMatchObject({ id: 't1', postId: null });
    expect(() => page.rows[1]?.full()).toThrow(expect.objectContaining({ code: 'BAD_RESPONSE' }));
    await expect(s.client.tasks.glancePage!({})).rejects.toMatchObject({ code: 'BAD_RESPONSE' });
  });

  test('task rows keep unknown keys and the numeric postId', async () => {
    const s = setup();
    const task = { id: 't1', name: 'A', status: { id: '5', name: 'To Do' }, postId: 77, category: { x: 1 } };
    s.platform
      .intercept({ path: '/tasks?limit=100', method: 'GET' })
      .reply(200, { data: [task] }, { headers: json });
    const page = await s.client.tasks.listPage({});
    expect(page.rows[0]).toMatchObject({
      id: 't1',
      postId: 77,
      category: { x: 1 },
      assignee: null,
      dueDate: null,
    });
  });
});
