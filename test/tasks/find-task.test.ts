/**
 * findTask's order of pages (src/tasks/service/find.ts) against a platform whose short newest page comes without a
 * cursor: the newest end's page of 50 is then still read by the usual search.
 */
import { describe, expect, it } from 'vitest';
import type { MonitoringApi, Page, Task, TaskQuery } from '../../src/monitoring/api.ts';
import { findTask } from '../../src/tasks/service/find.ts';
import { makeTask } from '../fixtures/task.ts';

const named = (id: number) =>
  makeTask({ id: String(id), name: 'Pump check', dueDate: null, site: null, priority: null, type: null });

function platform(pages: (query: TaskQuery, cursor: string | null) => Page<Task>) {
  const asked: [boolean, number | undefined, string | null][] = [];
  const monitoring = {
    tasks: {
      listPage: async (query: TaskQuery, cursor: string | null = null) => {
        asked.push([query.sortDesc === true, query.limit, cursor]);
        return pages(query, cursor);
      },
    },
  } as unknown as MonitoringApi;
  return { monitoring, asked };
}

describe('findTask, just created', () => {
  it("reads the newest end's page of 50 in the usual search when the short page had no cursor", async () => {
    const newest = Array.from({ length: 80 }, (_, i) => named(1000 - i));
    const { monitoring, asked } = platform((query) => {
      if (query.sortDesc && query.limit === 5)
        return { rows: newest.slice(0, 5), lastValue: null, done: false };
      if (query.sortDesc) return { rows: newest.slice(0, 50), lastValue: 'd50', done: false };
      return { rows: Array.from({ length: 50 }, (_, i) => named(i + 1)), lastValue: 'a50', done: false };
    });
    const found = await findTask(monitoring, '960', 'Pump check', undefined, true);
    expect(found?.id).toBe('960');
    expect(asked).toEqual([
      [true, 5, null],
      [false, 50, null],
      [true, 50, null],
    ]);
  });

  it("goes on from the short page's cursor, and the usual search then skips the newest end", async () => {
    const { monitoring, asked } = platform((query, cursor) => {
      if (query.sortDesc && query.limit === 5)
        return { rows: [1000, 999, 998, 997, 996].map(named), lastValue: 'd5', done: false };
      if (query.sortDesc)
        return {
          rows: Array.from({ length: 50 }, (_, i) => named(995 - i)),
          lastValue: `d${cursor}`,
          done: false,
        };
      return { rows: [named(1)], lastValue: null, done: true };
    });
    expect(await findTask(monitoring, '1', 'Pump check', undefined, true)).toMatchObject({ id: '1' });
    expect(asked).toEqual([
      [true, 5, null],
      [true, 50, 'd5'],
      [false, 50, null],
    ]);
  });
});
