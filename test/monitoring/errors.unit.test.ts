import { describe, expect, test } from 'vitest';
import { MonitoringError } from '../../src/monitoring/index.ts';
import { caught, json, setup } from './helpers.ts';

const noRetry = { retry: { maxRetries: 0 } };

async function failureOf(status: number, body: unknown, headers: Record<string, string> = json) {
  const s = setup(noRetry);
  s.platform
    .intercept({ path: '/tasks?limit=100', method: 'GET' })
    .reply(status, body as object, { headers });
  const err = await caught(() => s.client.tasks.listPage({}));
  expect(err).toBeInstanceOf(MonitoringError);
  return err as MonitoringError;
}

describe('status → error code', () => {
  test('403 {message: Forbidden} from the gateway is BAD_KEY', async () => {
    const err = await failureOf(403, { message: 'Forbidden' });
    expect(err).toMatchObject({
      code: 'BAD_KEY',
      status: 403,
      body: { message: 'Forbidden' },
      retryable: false,
    });
  });

  test('401 is NO_ACCESS with the internal error code kept', async () => {
    const err = await failureOf(401, { message: 'Unauthorized', internalErrorCode: '02-001' });
    expect(err).toMatchObject({ code: 'NO_ACCESS', status: 401, internalErrorCode: '02-001' });
  });

  test('400 with the generic 02-001 body is VALIDATION and keeps the raw body', async () => {
    const body = { message: 'Internal server error.', internalErrorCode: '02-001' };
    const err = await failureOf(400, body);
    expect(err).toMatchObject({ code: 'VALIDATION', status: 400, internalErrorCode: '02-001', body });
  });

  test('400 with 01-004 (field outside the post list) is VALIDATION with that code', async () => {
    const err = await failureOf(400, { message: 'not allowed', internalErrorCode: '01-004' });
    expect(err).toMatchObject({ code: 'VALIDATION', internalErrorCode: '01-004', retryable: false });
  });

  test('409 is CONFLICT', async () => {
    expect(await failureOf(409, { message: 'exists', internalErrorCode: '03-001' })).toMatchObject({
      code: 'CONFLICT',
    });
  });

  test('429 from the gateway is RATE_LIMITED with Retry-After seconds as milliseconds', async () => {
    const err = await failureOf(429, { message: 'Too Many Requests' }, { ...json, 'retry-after': '7' });
    expect(err).toMatchObject({ code: 'RATE_LIMITED', status: 429, retryAfterMs: 7000, retryable: true });
  });

  test('429 with Retry-After as an HTTP date is measured against the injected clock', async () => {
    const err = await failureOf(
      429,
      { message: 'slow down' },
      { ...json, 'retry-after': 'Sat, 01 Mar 2025 12:00:12 GMT' },
    );
    expect(err.retryAfterMs).toBe(12_000);
  });

  test('429 without Retry-After has no retryAfterMs', async () => {
    const err = await failureOf(429, { message: 'slow down' });
    expect(err.code).toBe('RATE_LIMITED');
    expect(err.retryAfterMs).toBeUndefined();
  });

  test.each([500, 502, 503, 504])('%i is SERVER and retryable', async (status) => {
    expect(await failureOf(status, { message: 'boom' })).toMatchObject({
      code: 'SERVER',
      status,
      retryable: true,
    });
  });

  test('a failure body that is not JSON is kept as text', async () => {
    const err = await failureOf(502, '<html>Bad gateway</html>', { 'content-type': 'text/html' });
    expect(err).toMatchObject({ code: 'SERVER', body: '<html>Bad gateway</html>' });
  });

  test('the message never depends on the platform message text', async () => {
    const a = await failureOf(400, { message: 'one text', internalErrorCode: '02-001' });
    const b = await failureOf(400, { message: 'other text', internalErrorCode: '02-001' });
    expect(a.message).toBe(b.message);
  });
});

describe('2xx that breaks the contract', () => {
  test('malformed JSON is BAD_RESPONSE with the raw text', async () => {
    const s = setup(noRetry);
    s.platform
      .intercept({ path: '/tasks?limit=100', method: 'GET' })
      .reply(200, '{"data": [', { headers: json });
    const err = await caught(() => s.client.tasks.listPage({}));
    expect(err).toMatchObject({ code: 'BAD_RESPONSE', status: 200, body: '{"data": [' });
  });

  test('a wrong shape is BAD_RESPONSE naming the field and keeping the body', async () => {
    const s = setup(noRetry);
    const body = { data: 'SUCCESS' };
    s.platform.intercept({ path: '/task/', method: 'POST' }).reply(200, body, { headers: json });
    const err = await caught(() => s.client.tasks.create({ name: 'n', siteId: 's1', typeId: '1' }));
    expect(err).toMatchObject({ code: 'BAD_RESPONSE', body });
    expect((err as Error).message).toContain('data');
  });

  test('a task id returned as a string breaks the contract (it is a number)', async () => {
    const s = setup(noRetry);
    s.platform.intercept({ path: '/task/', method: 'POST' }).reply(200, { data: '42' }, { headers: json });
    expect(await caught(() => s.client.tasks.create({ name: 'n', siteId: 's1', typeId: '1' }))).toMatchObject(
      {
        code: 'BAD_RESPONSE',
      },
    );
  });
});

describe('transport failures', () => {
  test('a connection error is NETWORK with the cause attached', async () => {
    const s = setup(noRetry);
    s.platform
      .intercept({ path: '/tasks?limit=100', method: 'GET' })
      .replyWithError(new Error('socket hang up'));
    const err = (await caught(() => s.client.tasks.listPage({}))) as MonitoringError;
    expect(err.code).toBe('NETWORK');
    expect(err.retryable).toBe(true);
    expect(err.cause).toBeInstanceOf(Error);
    expect((err.cause as Error).message).toBe('socket hang up');
  });

  test('a caller abort surfaces the caller reason, not a platform error', async () => {
    const s = setup(noRetry);
    s.platform.intercept({ path: '/tasks?limit=100', method: 'GET' }).reply(200, { data: null }).delay(1000);
    const controller = new AbortController();
    const pending = caught(() => s.client.tasks.listPage({}, null, controller.signal));
    controller.abort(new Error('user went away'));
    const err = await pending;
    expect(err).not.toBeInstanceOf(MonitoringError);
    expect((err as Error).message).toBe('user went away');
  });
});
