/**
 * The page-level readers of list answers: the envelope checked by hand, reading rows split in one pass, task
 * glances that use a field as sent only when taskGlanceWire would return it unchanged.
 */
import { describe, expect, test } from 'vitest';
import { MonitoringError } from '../../src/monitoring/index.ts';
import { readingRows } from '../../src/monitoring/reading-row.ts';
import { listEnvelope, rowsOf } from '../../src/monitoring/schemas.ts';
import { glanceFields, glanceRows } from '../../src/monitoring/task-glance.ts';
import { taskGlanceWire, taskWire, toTask } from '../../src/monitoring/task-schema.ts';

function failure(fn: () => unknown): MonitoringError {
  try {
    fn();
  } catch (err) {
    if (err instanceof MonitoringError) return err;
    throw err;
  }
  throw new Error('expected a failure, got success');
}

describe('listEnvelope', () => {
  test('gives the rows as sent (not copied) and the cursor as text', () => {
    const data = [{ a: 1 }, 'not even an object'];
    const envelope = listEnvelope({ data, lastValue: 42, extra: true }, 'GET /x');
    expect(envelope.rows).toBe(data);
    expect(envelope.lastValue).toBe('42');
  });

  test('{data: null} is an empty list; a missing or null cursor is null', () => {
    expect(listEnvelope({ data: null }, 'GET /x')).toEqual({ rows: null, lastValue: null });
    expect(listEnvelope({ data: [], lastValue: null }, 'GET /x')).toEqual({ rows: [], lastValue: null });
  });

  test.each([
    ['a body that is not an object', [1, 2], '(body)'],
    ['no data key', { lastValue: 'c' }, 'data'],
    ['data that is not a list', { data: 'SUCCESS' }, 'data'],
    ['a cursor that is neither text nor a number', { data: [], lastValue: { k: 1 } }, 'lastValue'],
  ])('%s is BAD_RESPONSE naming the place, with the body kept', (_name, body, where) => {
    const err = failure(() => listEnvelope(body, 'GET /x'));
    expect(err).toMatchObject({ code: 'BAD_RESPONSE', body });
    expect(err.message).toContain(`GET /x: unexpected answer (${where}:`);
  });
});

describe('rowsOf', () => {
  test('maps each row through the schema; a broken row fails the page naming it, with the whole body', () => {
    const read = rowsOf(taskWire, toTask);
    const ok = { id: 't1', name: 'A', status: { id: 5, name: 'To Do' } };
    expect(read([ok], 'GET /tasks', {})[0]).toMatchObject({ id: 't1', status: { id: '5' }, dueDate: null });
    const body = { data: [ok, { ...ok, name: 7 }] };
    const err = failure(() => read(body.data, 'GET /tasks', body));
    expect(err).toMatchObject({ code: 'BAD_RESPONSE', body });
    expect(err.message).toContain('data.1.name');
  });
});

describe('readingRows', () => {
  test('splits each flat row into meterId, eventDate and its metric values', () => {
    const rows = [
      {
        '1101': 148.6,
        '1104': 'CLOSED',
        '1199': null,
        meter_id: 1008,
        event_date: '2026-01-01T00:00:00.000000Z',
      },
      { meter_id: 1008, event_date: '2026-01-01T00:15:00.000000Z', m: 0 },
    ];
    expect(readingRows(rows, 'GET /reading', {})).toStrictEqual([
      {
        meterId: 1008,
        eventDate: '2026-01-01T00:00:00.000000Z',
        values: { '1101': 148.6, '1104': 'CLOSED', '1199': null },
      },
      { meterId: 1008, eventDate: '2026-01-01T00:15:00.000000Z', values: { m: 0 } },
    ]);
  });

  test('a broken row fails the page with the answer kept as it came (earlier rows not yet split)', () => {
    const first = { meter_id: 7, event_date: 'd', m1: 1 };
    const body = { data: [first, { meter_id: 7, event_date: 'd', m1: [] }] };
    const err = failure(() => readingRows(body.data, 'GET /reading', body));
    expect(err.body).toEqual({ data: [{ meter_id: 7, event_date: 'd', m1: 1 }, body.data[1]] });
  });

  test.each([
    ['a row that is not an object', ['x'], 'data.0'],
    ['meter_id as a string', [{ meter_id: '7', event_date: 'd' }], 'data.0.meter_id'],
    ['no event_date', [{ meter_id: 7 }], 'data.0.event_date'],
    [
      'a metric value that is an object',
      [
        { meter_id: 7, event_date: 'd' },
        { meter_id: 7, event_date: 'd', m1: {} },
      ],
      'data.1.m1',
    ],
    ['a metric value that is a boolean', [{ meter_id: 7, event_date: 'd', m1: true }], 'data.0.m1'],
  ])('%s is BAD_RESPONSE naming the row and key, with the whole body', (_name, data, where) => {
    const body = { data };
    const err = failure(() => readingRows(data, 'GET /reading', body));
    expect(err).toMatchObject({ code: 'BAD_RESPONSE', body });
    expect(err.message).toContain(`(${where}:`);
  });
});

const status = { id: '5', name: 'To Do' };
const site = { id: '101', name: 'Berlin Plant', channelId: '7101' };
const assignee = {
  id: '503',
  firstName: 'Lena',
  lastName: 'Fischer',
  name: 'Lena Fischer',
  image: { id: 'img-503', url: 'https://a/503.png', thumbnailUrl: null },
  channelId: 'u503',
  username: 'lena.fischer',
  email: null,
  extra: { kept: true },
};
const row = { id: 't1', name: 'A', dueDate: '2026-01-02', doneDate: null, status, site, assignee, postId: 9 };

describe('glanceFields: exactly what taskGlanceWire returns', () => {
  test.each([
    ['a row in normal form', row],
    ['a row with only id and status', { id: 't1', status }],
    ['an image of null', { ...row, assignee: { ...assignee, image: null } }],
    ['a null site and assignee', { ...row, site: null, assignee: null }],
  ])('%s: the nested fields are used as sent', (_name, raw) => {
    const fields = glanceFields(raw);
    expect(fields).toStrictEqual(taskGlanceWire.parse(raw));
    expect(fields.status).toBe(raw.status);
  });

  test.each([
    ['a numeric status id', { ...row, status: { id: 5, name: 'To Do' } }],
    ['a status without its name', { ...row, status: { id: '5', extra: 1 } }],
    ['a site without channelId', { ...row, site: { id: '101', name: 'Berlin Plant' } }],
    ['an assignee missing fields', { ...row, assignee: { id: '503', name: 'Lena' } }],
    ['an assignee without image', { ...row, assignee: { ...assignee, image: undefined } }],
    [
      'an image with a numeric id',
      { ...row, assignee: { ...assignee, image: { id: 7, url: null, thumbnailUrl: null } } },
    ],
  ])('%s: normalised by taskGlanceWire itself', (_name, raw) => {
    expect(glanceFields(raw)).toStrictEqual(taskGlanceWire.parse(raw));
  });

  test.each([
    ['a row that is not an object', 'x'],
    ['no status', { id: 't1' }],
    ['a numeric task id', { ...row, id: 1 }],
    ['a numeric due date', { ...row, dueDate: 20260102 }],
    ['an image that is text', { ...row, assignee: { ...assignee, image: 'x.png' } }],
  ])('%s fails like taskGlanceWire (BAD_RESPONSE)', (_name, raw) => {
    expect(taskGlanceWire.safeParse(raw).success).toBe(false);
    expect(failure(() => glanceFields(raw))).toMatchObject({ code: 'BAD_RESPONSE', body: raw });
  });
});

describe('glanceRows', () => {
  test('full() is the row checked in full, once; the raw row is not an enumerable field', () => {
    const [glance] = glanceRows([row]);
    expect(glance?.full()).toEqual(toTask(taskWire.parse(row)));
    expect(glance?.full()).toBe(glance?.full());
    expect(Object.keys(glance ?? {})).toEqual(['id', 'dueDate', 'doneDate', 'status', 'site', 'assignee']);
  });
});
