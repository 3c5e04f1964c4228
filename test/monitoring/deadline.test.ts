/** CallDeadline: one platform call's abort, from the caller's signal or the total deadline. */
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { CallDeadline } from '../../src/monitoring/deadline.ts';
import { encodeQuery } from '../../src/monitoring/http.ts';

describe('CallDeadline', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  test('aborts at the deadline and says it timed out', () => {
    const deadline = new CallDeadline(1000, undefined);
    vi.advanceTimersByTime(999);
    expect(deadline.signal.aborted).toBe(false);
    vi.advanceTimersByTime(1);
    expect(deadline.signal.aborted).toBe(true);
    expect(deadline.timedOut).toBe(true);
  });

  test("a caller abort is forwarded with the caller's reason and is not a timeout", () => {
    const caller = new AbortController();
    const deadline = new CallDeadline(1000, caller.signal);
    const reason = new Error('user went away');
    caller.abort(reason);
    expect(deadline.signal.aborted).toBe(true);
    expect(deadline.signal.reason).toBe(reason);
    expect(deadline.timedOut).toBe(false);
  });

  test('a caller already aborted aborts the call at once', () => {
    const caller = new AbortController();
    caller.abort(new Error('too late'));
    const deadline = new CallDeadline(1000, caller.signal);
    expect(deadline.signal.reason).toBe(caller.signal.reason);
  });

  test('done() stops the timer and stops listening to the caller', () => {
    const caller = new AbortController();
    const deadline = new CallDeadline(1000, caller.signal);
    deadline.done();
    expect(vi.getTimerCount()).toBe(0);
    caller.abort(new Error('after the call'));
    vi.advanceTimersByTime(5000);
    expect(deadline.signal.aborted).toBe(false);
    expect(deadline.timedOut).toBe(false);
  });
});

describe('encodeQuery', () => {
  test('defined values in order, percent-encoded with spaces as %20', () => {
    expect(encodeQuery({ limit: '10', lastValue: undefined, textSearch: 'a b&c=d', 'x y': 'é' })).toBe(
      '?limit=10&textSearch=a%20b%26c%3Dd&x%20y=%C3%A9',
    );
  });

  test('no query, or only undefined values, is the empty string', () => {
    expect(encodeQuery(undefined)).toBe('');
    expect(encodeQuery({})).toBe('');
    expect(encodeQuery({ lastValue: undefined })).toBe('');
  });
});
