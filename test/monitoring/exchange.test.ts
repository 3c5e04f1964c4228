/** exchange: one platform call gathered by a dispatch handler, ended by its deadline, the caller or the cap. */
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { Dispatcher } from 'undici';
import { exchange } from '../../src/monitoring/exchange.ts';
import { encodeQuery } from '../../src/monitoring/http.ts';

/** A dispatcher the test drives: it records each dispatch and answers nothing by itself. */
class FakeDispatcher extends Dispatcher {
  handler: Dispatcher.DispatchHandler | undefined;
  dispatched = 0;
  abortedWith: Error | undefined;
  readonly controller: Dispatcher.DispatchController = {
    aborted: false,
    paused: false,
    reason: null,
    abort: (reason: Error) => {
      this.abortedWith = reason;
      this.handler?.onResponseError?.(this.controller, reason);
    },
    pause: () => undefined,
    resume: () => undefined,
  };

  override dispatch(_opts: Dispatcher.DispatchOptions, handler: Dispatcher.DispatchHandler): boolean {
    this.dispatched += 1;
    this.handler = handler;
    return true;
  }

  start(): void {
    this.handler?.onRequestStart?.(this.controller, {});
  }

  answer(status: number, headers: Record<string, string>, ...chunks: string[]): void {
    this.start();
    this.handler?.onResponseStart?.(this.controller, status, headers);
    for (const chunk of chunks) this.handler?.onResponseData?.(this.controller, Buffer.from(chunk));
    this.handler?.onResponseEnd?.(this.controller, {});
  }
}

const where = { method: 'GET', path: '/tasks' };
const request = { origin: 'http://platform.test', path: '/tasks', method: 'GET' as const };
const limits = { totalMs: 1000, maxBytes: 16 };

describe('exchange', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  test('gathers the status, the headers and the body bytes in order', async () => {
    const d = new FakeDispatcher();
    const answer = exchange(d, request, where, limits, undefined);
    d.start();
    d.handler?.onResponseStart?.(d.controller, 100, {});
    d.handler?.onResponseStart?.(d.controller, 200, { 'retry-after': '3' });
    d.handler?.onResponseData?.(d.controller, Buffer.from('{"data":'));
    d.handler?.onResponseData?.(d.controller, Buffer.from('null}'));
    d.handler?.onResponseEnd?.(d.controller, {});
    const got = await answer;
    expect(got.status).toBe(200);
    expect(got.headers['retry-after']).toBe('3');
    expect(got.bytes.toString()).toBe('{"data":null}');
    expect(vi.getTimerCount()).toBe(0);
  });

  test('past its total deadline the call is TIMEOUT and the request is aborted', async () => {
    const d = new FakeDispatcher();
    const answer = exchange(d, request, where, limits, undefined);
    d.start();
    d.handler?.onResponseStart?.(d.controller, 200, {});
    vi.advanceTimersByTime(1000);
    await expect(answer).rejects.toMatchObject({
      code: 'TIMEOUT',
      message: 'GET /tasks took longer than 1000 ms',
    });
    expect(d.abortedWith).toMatchObject({ code: 'TIMEOUT' });
  });

  test("a caller abort ends the call at once with the caller's reason, even before the request started", async () => {
    const d = new FakeDispatcher();
    const caller = new AbortController();
    const answer = exchange(d, request, where, limits, caller.signal);
    const reason = new Error('user went away');
    caller.abort(reason);
    await expect(answer).rejects.toBe(reason);
    expect(d.abortedWith).toBeUndefined();
    d.start();
    expect(d.abortedWith).toBe(reason);
    expect(vi.getTimerCount()).toBe(0);
  });

  test('a caller that already gave up sends nothing', async () => {
    const d = new FakeDispatcher();
    const caller = new AbortController();
    caller.abort(new Error('too late'));
    await expect(exchange(d, request, where, limits, caller.signal)).rejects.toThrow('too late');
    expect(d.dispatched).toBe(0);
  });

  test('a declared length over the cap is BAD_RESPONSE before any byte is read', async () => {
    const d = new FakeDispatcher();
    const answer = exchange(d, request, where, limits, undefined);
    d.start();
    d.handler?.onResponseStart?.(d.controller, 200, { 'content-length': '17' });
    await expect(answer).rejects.toMatchObject({
      code: 'BAD_RESPONSE',
      status: 200,
      message: 'GET /tasks: answer larger than 16 bytes',
    });
    expect(d.abortedWith).toMatchObject({ code: 'BAD_RESPONSE' });
  });

  test('bytes past the cap stop the read and drop the request; exactly the cap is read', async () => {
    const d = new FakeDispatcher();
    const over = exchange(d, request, where, limits, undefined);
    d.answer(200, {}, '12345678', '123456789');
    await expect(over).rejects.toMatchObject({ code: 'BAD_RESPONSE' });
    expect(d.abortedWith).toMatchObject({ code: 'BAD_RESPONSE' });
    const e = new FakeDispatcher();
    const exact = exchange(e, request, where, limits, undefined);
    e.answer(200, {}, '12345678', '12345678');
    expect((await exact).bytes.length).toBe(16);
  });

  test('a transport error is the rejection, and nothing is left running after it', async () => {
    const d = new FakeDispatcher();
    const caller = new AbortController();
    const answer = exchange(d, request, where, limits, caller.signal);
    d.start();
    d.handler?.onResponseError?.(d.controller, new Error('socket hang up'));
    await expect(answer).rejects.toThrow('socket hang up');
    expect(vi.getTimerCount()).toBe(0);
    caller.abort(new Error('after the call'));
    expect(d.abortedWith).toBeUndefined();
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
