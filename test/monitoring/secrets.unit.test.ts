/** The API key never leaves in an error, a log line, or a request to a pre-signed URL. */
import { inspect } from 'node:util';
import { Writable } from 'node:stream';
import { describe, expect, test } from 'vitest';
import { createLogger } from '../../src/base/log.ts';
import { caught, json, KEY, setup, STORAGE } from './helpers.ts';

function assertNoKey(value: unknown) {
  expect(JSON.stringify(value)).not.toContain(KEY);
  expect(inspect(value, { depth: 10, showHidden: true })).not.toContain(KEY);
  expect(String(value)).not.toContain(KEY);
}

function logSink() {
  const lines: string[] = [];
  const destination = new Writable({
    write(chunk: Buffer, _enc, done) {
      lines.push(chunk.toString());
      done();
    },
  });
  // No `secrets` given: the client itself must keep the key out of its log lines.
  return { lines, log: createLogger({ level: 'trace', destination }) };
}

describe('the API key never appears in errors or logs', () => {
  test('status errors, BAD_RESPONSE, NETWORK and unmatched-request errors carry no key', async () => {
    const { lines, log } = logSink();
    const s = setup({ log, retry: { maxRetries: 1 } });
    const errors: unknown[] = [];
    s.platform
      .intercept({ path: '/tasks?limit=100', method: 'GET' })
      .reply(403, { message: 'Forbidden' }, { headers: json });
    errors.push(await caught(() => s.client.tasks.listPage({})));
    s.platform.intercept({ path: '/tasks?limit=100', method: 'GET' }).reply(200, 'not json');
    errors.push(await caught(() => s.client.tasks.listPage({})));
    // A platform echoing the key in its error body still does not leak it.
    s.platform
      .intercept({ path: '/tasks?limit=100', method: 'GET' })
      .reply(400, { message: `bad key ${KEY}` }, { headers: json });
    errors.push(await caught(() => s.client.tasks.listPage({})));
    s.platform
      .intercept({ path: '/tasks?limit=100', method: 'GET' })
      .replyWithError(new Error(`reset while sending ${KEY}`))
      .times(2);
    errors.push(await caught(() => s.client.tasks.listPage({})));
    // undici's MockNotMatchedError quotes request headers; the client must scrub it from `cause`.
    s.platform
      .intercept({ path: '/tasks?limit=100', method: 'GET', headers: { 'x-api-key': 'other' } })
      .reply(200, {});
    errors.push(await caught(() => s.client.tasks.listPage({})));
    expect(errors.map((e) => (e as { code?: string }).code)).toEqual([
      'BAD_KEY',
      'BAD_RESPONSE',
      'VALIDATION',
      'NETWORK',
      'NETWORK',
    ]);
    errors.forEach(assertNoKey);
    expect(lines.length).toBeGreaterThan(0);
    for (const line of lines) expect(line).not.toContain(KEY);
  });

  test('the key is sent to the platform (so the absence elsewhere is meaningful)', async () => {
    const s = setup();
    s.platform
      .intercept({ path: '/tasks?limit=100', method: 'GET' })
      .reply(200, { data: null }, { headers: json });
    await s.client.tasks.listPage({});
    expect(s.calls()[0]?.headers['x-api-key']).toBe(KEY);
    expect(s.calls()[0]?.headers['content-type']).toBeUndefined();
  });
});

describe('no x-api-key or Authorization to pre-signed URLs', () => {
  const noAuth = (headers: Record<string, string>) => {
    expect(headers['x-api-key']).toBeUndefined();
    expect(headers.authorization).toBeUndefined();
    expect(Object.values(headers).join(' ')).not.toContain(KEY);
  };

  test('download: plain GET with no auth headers', async () => {
    const s = setup();
    s.storage.intercept({ path: '/export/a.csv?sig=abc', method: 'GET' }).reply(200, 'timestamp,Power\n', {
      headers: { 'content-type': 'text/csv', 'content-length': '16' },
    });
    const res = await s.client.download(`${STORAGE}/export/a.csv?sig=abc`);
    let text = '';
    for await (const chunk of res.body) text += Buffer.from(chunk).toString();
    expect(text).toBe('timestamp,Power\n');
    expect(res).toMatchObject({ contentType: 'text/csv', contentLength: 16 });
    noAuth(s.calls()[0]!.headers);
  });

  test('import: the CSV PUT carries no auth headers', async () => {
    const s = setup();
    s.platform
      .intercept({ path: '/import?meterId=7', method: 'GET' })
      .reply(200, { data: { fileUrl: `${STORAGE}/imp/7?sig=1` } }, { headers: json });
    s.storage.intercept({ path: '/imp/7?sig=1', method: 'PUT' }).reply(200, '');
    await s.client.readings.importCsv('7', 'timestamp,Power\n2025-01-01T00:00:00,1\n');
    const put = s.calls()[1]!;
    expect(put).toMatchObject({
      method: 'PUT',
      origin: STORAGE,
      body: 'timestamp,Power\n2025-01-01T00:00:00,1\n',
    });
    noAuth(put.headers);
  });

  test('signed upload: the multipart POST carries no auth headers', async () => {
    const s = setup();
    s.storage.intercept({ path: '/bucket', method: 'POST' }).reply(204, '');
    const form = {
      url: `${STORAGE}/bucket`,
      fields: { key: 'tmp/x', 'Content-Type': 'image/png' },
      name: 'x',
      expiresAt: Date.parse('2025-03-01T12:05:00Z'),
    };
    await s.client.files.upload(form, new Uint8Array(200), 'x.png');
    noAuth(s.calls()[0]!.headers);
  });
});
