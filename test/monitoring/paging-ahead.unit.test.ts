/** paginateAhead: the opt-in read-ahead pager used by the /reading report (contract: Paging rules 1–4). */
import { describe, expect, test } from 'vitest';
import type { Page } from '../../src/monitoring/api.ts';
import { paginateAhead, toPage } from '../../src/monitoring/paging.ts';

interface Call {
  lastValue: string | null;
  signal: AbortSignal | undefined;
}

/** A fake platform list: `pages` answers in order; records every request. */
function fakeList(pages: (Page<number> | Error)[]) {
  const calls: Call[] = [];
  const fetchPage = (lastValue: string | null, signal?: AbortSignal) => {
    calls.push({ lastValue, signal });
    const answer = pages[calls.length - 1];
    if (answer === undefined) return Promise.reject(new Error(`unexpected request ${calls.length}`));
    return answer instanceof Error ? Promise.reject(answer) : Promise.resolve(answer);
  };
  return { calls, fetchPage };
}

describe('paginateAhead', () => {
  test('reads every row with the minimal number of requests, each sending the previous cursor', async () => {
    const list = fakeList([toPage([1, 2], 'a', 2), toPage([3, 4], 'b', 2), toPage([5], 'c', 2)]);
    const rows: number[] = [];
    for await (const page of paginateAhead(list.fetchPage)) rows.push(...page.rows);
    expect(rows).toEqual([1, 2, 3, 4, 5]);
    expect(list.calls.map((c) => c.lastValue)).toEqual([null, 'a', 'b']);
  });

  test('asks for the next page of a full page before the consumer has finished with it', async () => {
    const list = fakeList([toPage([1, 2], 'a', 2), toPage([3], 'b', 2)]);
    const seenWhenReceived: number[] = [];
    for await (const page of paginateAhead(list.fetchPage)) {
      expect(page.rows.length).toBeGreaterThan(0);
      seenWhenReceived.push(list.calls.length);
    }
    expect(seenWhenReceived).toEqual([2, 2]);
  });

  test('a short page, data null or a full page without a cursor ends the list at once', async () => {
    for (const first of [toPage([1], 'x', 2), toPage<number>(null, null, 2), toPage([1, 2], null, 2)]) {
      const list = fakeList([first]);
      const pages: Page<number>[] = [];
      for await (const page of paginateAhead(list.fetchPage)) pages.push(page);
      expect(pages).toHaveLength(1);
      expect(list.calls).toHaveLength(1);
    }
  });

  test('a full last page followed by data null costs exactly one extra request', async () => {
    const list = fakeList([toPage([1, 2], 'a', 2), toPage<number>(null, null, 2)]);
    const rows: number[] = [];
    for await (const page of paginateAhead(list.fetchPage)) rows.push(...page.rows);
    expect(rows).toEqual([1, 2]);
    expect(list.calls).toHaveLength(2);
  });

  test('a consumer that stops early cancels the request it will not read', async () => {
    const list = fakeList([toPage([1, 2], 'a', 2), toPage([3, 4], 'b', 2)]);
    for await (const page of paginateAhead(list.fetchPage)) if (page.rows.includes(1)) break;
    expect(list.calls).toHaveLength(2);
    expect(list.calls[1]?.signal?.aborted).toBe(true);
  });

  test("the caller's abort reaches the request in flight with its reason", async () => {
    const controller = new AbortController();
    const list = fakeList([toPage([1, 2], 'a', 2), toPage([3], 'b', 2)]);
    const pages = paginateAhead(list.fetchPage, controller.signal);
    await pages.next();
    controller.abort(new Error('user left'));
    expect(list.calls[1]?.signal?.aborted).toBe(true);
    expect(list.calls[1]?.signal?.reason).toEqual(new Error('user left'));
    await pages.return(undefined);
  });

  test('a failed read-ahead surfaces when the consumer reaches that page, after the rows before it', async () => {
    const list = fakeList([toPage([1, 2], 'a', 2), new Error('platform unavailable')]);
    const rows: number[] = [];
    const read = async () => {
      for await (const page of paginateAhead(list.fetchPage)) {
        // give the rejected read-ahead time to settle before the consumer reaches it
        await new Promise((resolve) => setImmediate(resolve));
        rows.push(...page.rows);
      }
    };
    await expect(read()).rejects.toThrow('platform unavailable');
    expect(rows).toEqual([1, 2]);
  });
});
