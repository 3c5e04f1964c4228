/** `within` (src/kit/time-budget.ts): the answer in time, undefined after the budget, early failures thrown. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { within } from '../../src/kit/time-budget.ts';

function deferred<T>() {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('within', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('answers with the work when it settles in time, and leaves no timer behind', async () => {
    const work = deferred<string>();
    const answer = within(work.promise, 1_000);
    work.resolve('done');
    expect(await answer).toBe('done');
    expect(vi.getTimerCount()).toBe(0);
  });

  it('answers undefined once the budget is spent, and swallows a later failure', async () => {
    const work = deferred<string>();
    const answer = within(work.promise, 1_000);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(await answer).toBeUndefined();
    const unhandled = vi.fn();
    process.on('unhandledRejection', unhandled);
    try {
      work.reject(new Error('late'));
      await vi.advanceTimersByTimeAsync(0);
      expect(unhandled).not.toHaveBeenCalled();
    } finally {
      process.off('unhandledRejection', unhandled);
    }
  });

  it('throws a failure that comes in time', async () => {
    const work = deferred<string>();
    const answer = within(work.promise, 1_000);
    work.reject(new Error('early'));
    await expect(answer).rejects.toThrow('early');
    expect(vi.getTimerCount()).toBe(0);
  });
});
