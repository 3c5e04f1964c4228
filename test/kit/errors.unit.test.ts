import { describe, expect, it } from 'vitest';
import { MultipleListenerError, UnknownError } from '@slack/bolt';
import type { MonitoringErrorCode } from '../../src/monitoring/index.ts';
import { MonitoringError } from '../../src/monitoring/index.ts';
import { newRef, rootError, userMessageFor } from '../../src/kit/errors.ts';
import { errorTargetFrom } from '../../src/kit/error-handler.ts';
import { StoreUnavailableError } from '../../src/store/store.ts';

const expected: Record<MonitoringErrorCode, string> = {
  BAD_KEY: 'refused fieldline',
  NO_ACCESS: 'no access to that item on the monitoring platform',
  VALIDATION: 'rejected the request as invalid',
  CONFLICT: 'changed on the monitoring platform',
  RATE_LIMITED: 'rate limiting',
  SERVER: 'unavailable right now',
  NETWORK: 'unavailable right now',
  TIMEOUT: 'unavailable right now',
  BAD_RESPONSE: 'could not read',
  INVALID_ARGUMENT: 'refused to send an invalid request',
  SIGNING_FAILED: 'could not prepare the file upload',
  UPLOAD_FAILED: 'upload',
  UNSAFE_URL: 'The file could not be fetched',
};

describe('userMessageFor', () => {
  it.each(Object.entries(expected))('explains %s in words, with the reference id', (code, words) => {
    const err = new MonitoringError(code as MonitoringErrorCode, `raw ${code} detail /internal/path`);
    const { text, ref } = userMessageFor(err, 'ABC234');
    expect(ref).toBe('ABC234');
    expect(text).toContain(words);
    expect(text).toContain('(ref `ABC234`)');
    expect(text).not.toContain('/internal/path');
  });

  it('gives the wait a rate limit asks for, rounded up to whole seconds', () => {
    expect(userMessageFor(new MonitoringError('RATE_LIMITED', 'x', { retryAfterMs: 1_200 })).text).toContain(
      'try again in 2 s',
    );
    expect(userMessageFor(new MonitoringError('RATE_LIMITED', 'x')).text).toContain('try again in a minute');
  });

  it('names the offending field of a validation error, escaped', () => {
    const err = new MonitoringError('VALIDATION', 'x', { field: 'dueDate<b>' });
    expect(userMessageFor(err).text).toContain('`dueDate&lt;b&gt;`');
  });

  it('says the storage is unavailable for store failures, and something went wrong otherwise', () => {
    expect(userMessageFor(new StoreUnavailableError('redis down')).text).toContain('storage is unavailable');
    const other = userMessageFor(new TypeError("Cannot read properties of undefined (reading 'id')")).text;
    expect(other).toContain('Something went wrong');
    expect(other).not.toContain('Cannot read');
  });

  it.each([
    ['PATCH', '/task/3025', 'task 3025'],
    ['GET', '/data-sources/1001', 'data source 1001'],
    ['POST', '/devices/status/1013', 'data source 1013'],
    ['GET', '/files/8001', 'platform file 8001'],
    ['GET', '/export', "that data source's readings"],
    ['POST', '/reading', 'writing to that data source'],
    ['POST', '/post', 'that channel'],
  ])('names what a 401 refused: %s %s → %s', (method, path, named) => {
    const err = new MonitoringError('NO_ACCESS', 'x', { status: 401, method, path });
    expect(userMessageFor(err).text).toContain(`You have no access to ${named} on the monitoring platform`);
  });

  it('shows an explained error (an access refusal) as it is, with its blocks and no reference id', () => {
    const err = Object.assign(new Error('refused'), {
      explanation: ':no_entry: Not for guests.',
      explanationBlocks: [{ type: 'divider' }],
    });
    expect(userMessageFor(err, 'REF123')).toEqual({
      text: ':no_entry: Not for guests.',
      ref: 'REF123',
      blocks: [{ type: 'divider' }],
    });
  });

  it("looks through Bolt's wrappers to the error a listener threw", () => {
    const platform = new MonitoringError('NO_ACCESS', 'x');
    expect(rootError(new UnknownError(platform))).toBe(platform);
    expect(rootError(new MultipleListenerError([platform, new Error('b')]))).toBe(platform);
    expect(userMessageFor(new UnknownError(platform)).text).toContain('no access');
  });

  it('makes short, readable, varying reference ids', () => {
    const refs = new Set(Array.from({ length: 200 }, () => newRef()));
    for (const ref of refs) expect(ref).toMatch(/^[A-HJ-NP-Z2-9]{6}$/);
    expect(refs.size).toBeGreaterThan(190);
  });
});

describe('errorTargetFrom', () => {
  const client = {} as never;
  it('finds user, channel and response_url in a slash command', () => {
    expect(
      errorTargetFrom(
        { command: '/task', user_id: 'U1', channel_id: 'C1', response_url: 'https://r' },
        client,
      ),
    ).toMatchObject({
      kind: '/task',
      user: 'U1',
      channel: 'C1',
      responseUrl: 'https://r',
    });
  });

  it('finds them in interactivity payloads and events', () => {
    const action = {
      type: 'block_actions',
      user: { id: 'U2' },
      channel: { id: 'C2' },
      response_url: 'https://r2',
      container: { thread_ts: '1.2' },
    };
    expect(errorTargetFrom(action, client)).toMatchObject({
      kind: 'block_actions',
      user: 'U2',
      channel: 'C2',
      responseUrl: 'https://r2',
      threadTs: '1.2',
    });
    const submission = {
      type: 'view_submission',
      user: { id: 'U3' },
      response_urls: [{ response_url: 'https://r3', channel_id: 'C3' }],
    };
    expect(errorTargetFrom(submission, client)).toMatchObject({
      user: 'U3',
      responseUrl: 'https://r3',
      channel: undefined,
    });
    const event = { type: 'event_callback', event: { type: 'message', user: 'U4', channel: 'D4' } };
    expect(errorTargetFrom(event, client)).toMatchObject({ kind: 'message', user: 'U4', channel: 'D4' });
  });

  it('tolerates odd shapes without throwing', () => {
    expect(errorTargetFrom({ user: 'not-an-object', event: { user: { id: 'U5' } } }, client)).toMatchObject({
      user: undefined,
    });
    expect(errorTargetFrom(null, client)).toEqual({ client });
  });
});
