import { describe, expect, test } from 'vitest';
import { DEFAULT_RETRY_POLICY, retryDelay, withRetry } from '../../src/monitoring/retry.ts';
import { MonitoringError } from '../../src/monitoring/errors.ts';
import { caught, json, setup } from './helpers.ts';

const TASKS = { path: '/tasks?limit=100', method: 'GET' } as const;

describe('retry policy on idempotent GETs', () => {
  test('a GET is retried after 503 and then succeeds', async () => {
    const s = setup();
    s.platform.intercept(TASKS).reply(503, { message: 'unavailable' }, { headers: json });
    s.platform.intercept(TASKS).reply(200, { data: null }, { headers: json });
    const page = await s.client.tasks.listPage({});
    expect(page).toEqual({ rows: [], lastValue: null, done: true });
    expect(s.calls()).toHaveLength(2);
  });

  test('a GET is retried after a connection error and after 429', async () => {
    const s = setup();
    s.platform.intercept(TASKS).replyWithError(new Error('ECONNRESET'));
    s.platform.intercept(TASKS).reply(429, { message: 'Too Many Requests' }, { headers: json });
    s.platform.intercept(TASKS).reply(200, { data: null }, { headers: json });
    await s.client.tasks.listPage({});
    expect(s.calls()).toHaveLength(3);
  });

  test('Retry-After is honoured as the wait before the next attempt', async () => {
    const s = setup();
    s.platform
      .intercept(TASKS)
      .reply(429, { message: 'Too Many Requests' }, { headers: { ...json, 'retry-after': '4' } });
    s.platform.intercept(TASKS).reply(200, { data: null }, { headers: json });
    await s.client.tasks.listPage({});
    expect(s.sleeps).toEqual([4000]);
  });

  test('a Retry-After longer than the cap is not waited out: RATE_LIMITED reaches the caller', async () => {
    const s = setup();
    s.platform
      .intercept(TASKS)
      .reply(429, { message: 'quota' }, { headers: { ...json, 'retry-after': '3600' } });
    const err = await caught(() => s.client.tasks.listPage({}));
    expect(err).toMatchObject({ code: 'RATE_LIMITED', retryAfterMs: 3_600_000 });
    expect(s.sleeps).toEqual([]);
    expect(s.calls()).toHaveLength(1);
  });

  test('retries stop after maxRetries (3): four attempts, then the SERVER error', async () => {
    const s = setup();
    s.platform.intercept(TASKS).reply(500, { message: 'boom' }, { headers: json }).times(10);
    const err = await caught(() => s.client.tasks.listPage({}));
    expect(err).toMatchObject({ code: 'SERVER', status: 500 });
    expect(s.calls()).toHaveLength(4);
    // full jitter with random()=0.5: half of 500, 1000, 2000 ms
    expect(s.sleeps).toEqual([250, 500, 1000]);
  });

  test('a 400 is not retried', async () => {
    const s = setup();
    s.platform
      .intercept(TASKS)
      .reply(400, { message: 'bad', internalErrorCode: '02-001' }, { headers: json });
    await caught(() => s.client.tasks.listPage({}));
    expect(s.calls()).toHaveLength(1);
  });

  test('the policy is configurable per client', async () => {
    const s = setup({ retry: { maxRetries: 1 } });
    s.platform.intercept(TASKS).reply(502, { message: 'bad gateway' }, { headers: json }).times(5);
    await caught(() => s.client.tasks.listPage({}));
    expect(s.calls()).toHaveLength(2);
  });
});

describe('non-idempotent writes are never retried', () => {
  const failures = [
    [
      '503',
      (i: ReturnType<typeof setup>['platform'], path: string) =>
        i.intercept({ path, method: 'POST' }).reply(503, { message: 'x' }, { headers: json }),
    ],
    [
      'a connection error',
      (i: ReturnType<typeof setup>['platform'], path: string) =>
        i.intercept({ path, method: 'POST' }).replyWithError(new Error('ECONNRESET')),
    ],
    [
      '429',
      (i: ReturnType<typeof setup>['platform'], path: string) =>
        i
          .intercept({ path, method: 'POST' })
          .reply(429, { message: 'x' }, { headers: { ...json, 'retry-after': '1' } }),
    ],
  ] as const;

  for (const [what, fail] of failures) {
    test(`POST /task/ after ${what}: one request`, async () => {
      const s = setup();
      fail(s.platform, '/task/');
      await caught(() => s.client.tasks.create({ name: 'Pump noise', siteId: 's1', typeId: '1' }));
      expect(s.calls()).toHaveLength(1);
    });

    test(`POST /post after ${what}: one request`, async () => {
      const s = setup();
      fail(s.platform, '/post');
      await caught(() => s.client.posts.create({ content: 'hello', toChannelId: 'ch1' }));
      expect(s.calls()).toHaveLength(1);
    });

    test(`POST /reading after ${what}: one request`, async () => {
      const s = setup();
      fail(s.platform, '/reading');
      await caught(() =>
        s.client.readings.write([{ meterId: '7', readings: [{ timestamp: null, values: { m1: 1 } }] }]),
      );
      expect(s.calls()).toHaveLength(1);
    });
  }
});

describe('retryDelay (pure)', () => {
  const server = new MonitoringError('SERVER', 'x', { status: 500 });

  test('full jitter: a random share of base × 2^n, capped at maxDelayMs', () => {
    const policy = { ...DEFAULT_RETRY_POLICY, baseDelayMs: 1000, maxDelayMs: 3000, maxRetries: 10 };
    expect(retryDelay(server, 'GET', 0, policy, () => 0.999)).toBe(999);
    expect(retryDelay(server, 'GET', 5, policy, () => 0.999)).toBe(2997);
    expect(retryDelay(server, 'GET', 1, policy, () => 0)).toBe(0);
  });

  test('only configured methods and codes, and only MonitoringErrors', () => {
    expect(retryDelay(server, 'POST', 0, DEFAULT_RETRY_POLICY, () => 0.5)).toBeNull();
    expect(
      retryDelay(new MonitoringError('VALIDATION', 'x'), 'GET', 0, DEFAULT_RETRY_POLICY, () => 0.5),
    ).toBeNull();
    expect(retryDelay(new Error('x'), 'GET', 0, DEFAULT_RETRY_POLICY, () => 0.5)).toBeNull();
  });

  test('withRetry passes the abort signal to sleep and stops when it aborts', async () => {
    const controller = new AbortController();
    let attempts = 0;
    const err = await caught(() =>
      withRetry(
        async () => {
          attempts++;
          throw server;
        },
        {
          method: 'GET',
          policy: DEFAULT_RETRY_POLICY,
          random: () => 0.5,
          signal: controller.signal,
          sleep: async (_ms, signal) => {
            controller.abort(new Error('stop'));
            if (signal?.aborted) throw signal.reason;
          },
        },
      ),
    );
    expect((err as Error).message).toBe('stop');
    expect(attempts).toBe(1);
  });
});
