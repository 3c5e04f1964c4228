/**
 * The stand-in checks every Web API call against Slack's published spec (../shared/slack/web-api-spec): an
 * undocumented argument is ignored and recorded, a malformed name or a badly typed documented argument is
 * rejected as Slack rejects it, a missing required one is recorded. Without the spec folder it runs unchecked.
 */
import { LogLevel, WebClient } from '@slack/web-api';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  startStandin,
  webApiSpecAvailable,
  type SpecProblem,
  type Standin,
} from '../../src/slack-standin/index.ts';
import { loadWebApiSpec } from '../../src/slack-standin/web-api-spec.ts';

const haveSpec = webApiSpecAvailable();
/** The rejections below are expected: keep WebClient from printing them. */
const quiet = {
  debug() {},
  info() {},
  warn() {},
  error() {},
  setLevel() {},
  getLevel: () => LogLevel.ERROR,
  setName() {},
};

describe('stand-in without the Web API spec (a clone without ../shared)', () => {
  it('answers calls unchecked when the spec folder is missing', async () => {
    const standin = await startStandin({ webApiSpecDir: '/nonexistent/web-api-spec/' });
    try {
      const client = new WebClient(standin.botToken, { slackApiUrl: standin.apiUrl });
      const res = await client.apiCall('chat.postMessage', {
        channel: 'C0GENERAL',
        text: 'hi',
        colour: 'red',
      });
      expect(res.ok).toBe(true);
      expect(standin.checksWebApiSpec).toBe(false);
      expect(standin.specProblems()).toEqual([]);
    } finally {
      await standin.close();
    }
  });
});

describe.skipIf(!haveSpec)(
  'Web API argument check (../shared/slack/web-api-spec; skipped when absent)',
  () => {
    let standin: Standin;
    let client: WebClient;
    let seen = 0;
    /** Problems recorded since the previous call of this function. */
    const newProblems = (): SpecProblem[] => {
      const all = standin.specProblems();
      const fresh = all.slice(seen);
      seen = all.length;
      return fresh;
    };

    beforeAll(async () => {
      standin = await startStandin();
      client = new WebClient(standin.botToken, {
        slackApiUrl: standin.apiUrl,
        retryConfig: { retries: 0 },
        logger: quiet,
      });
    });
    afterAll(() => standin.close());
    beforeEach(() => void newProblems());

    it('reads the OpenAPI file and the supplement: 2020 methods, newer methods and newer arguments', () => {
      const spec = loadWebApiSpec();
      expect(spec?.size).toBeGreaterThanOrEqual(176);
      expect([...(spec?.get('files.getUploadURLExternal')?.args.keys() ?? [])].sort()).toEqual(
        ['alt_txt', 'filename', 'length', 'snippet_type', 'team_id', 'token'].sort(),
      );
      expect(spec?.get('chat.update')?.args.get('metadata')).toEqual({
        type: 'json-object',
        required: false,
      });
      expect(spec?.get('users.info')?.args.get('user')?.required).toBe(true);
      expect(spec?.get('views.open')?.args.get('trigger_id')?.required).toBe(false);
      expect(standin.checksWebApiSpec).toBe(true);
    });

    it('ignores an undocumented argument, as Slack does, and records it', async () => {
      const res = await client.apiCall('chat.postMessage', {
        channel: 'C0GENERAL',
        text: 'hi',
        colour: 'red',
      });
      expect(res.ok).toBe(true);
      expect(newProblems()).toEqual([
        {
          method: 'chat.postMessage',
          kind: 'undocumented_argument',
          argument: 'colour',
          detail: 'ignored, as Slack does',
        },
      ]);
    });

    it('takes alt_txt at files.getUploadURLExternal and ignores alt_text, which filesUploadV2 sends', async () => {
      await client.files.getUploadURLExternal({ filename: 'a.png', length: 3, alt_txt: 'a chart' } as never);
      expect(newProblems()).toEqual([]);
      expect(standin.uploads().at(-1)?.alt_text).toBe('a chart');

      await client.filesUploadV2({
        channel_id: 'C0MAINT',
        file: Buffer.from('png'),
        filename: 'b.png',
        alt_text: 'x',
      });
      expect(standin.uploads().at(-1)?.alt_text).toBeUndefined();
      expect(newProblems()).toEqual([
        expect.objectContaining({ kind: 'undocumented_argument', argument: 'alt_text' }),
      ]);

      await client.filesUploadV2({
        channel_id: 'C0MAINT',
        file: Buffer.from('png'),
        filename: 'c.png',
        title: 'C',
      });
      expect(newProblems()).toEqual([]);
    });

    it('rejects a documented argument of the wrong type with invalid_arguments', async () => {
      const res = await client
        .apiCall('conversations.history', { channel: 'C0GENERAL', limit: 'many' })
        .catch((err: { data?: unknown }) => err.data);
      expect(res).toEqual({
        ok: false,
        error: 'invalid_arguments',
        response_metadata: {
          messages: ['[ERROR] invalid type for argument limit: expected integer [json-pointer:/limit]'],
        },
      });
      expect(newProblems()).toEqual([
        expect.objectContaining({ kind: 'invalid_argument', argument: 'limit' }),
      ]);
    });

    it('rejects a malformed argument name with invalid_arg_name', async () => {
      const res = await client
        .apiCall('chat.postMessage', { channel: 'C0GENERAL', text: 'x', 'thread-ts': '1' })
        .catch((err: { data?: unknown }) => err.data);
      expect(res).toMatchObject({ ok: false, error: 'invalid_arg_name' });
      expect(newProblems()).toEqual([
        expect.objectContaining({ kind: 'invalid_argument', argument: 'thread-ts' }),
      ]);
    });

    it('records a missing required argument and a missing "one of", leaving the answer to the method', async () => {
      await client.apiCall('users.info', {}).catch(() => undefined);
      await client
        .apiCall('views.open', {
          view: { type: 'modal', title: { type: 'plain_text', text: 'x' }, blocks: [] },
        })
        .catch(() => undefined);
      expect(newProblems()).toEqual([
        expect.objectContaining({ method: 'users.info', kind: 'missing_argument', argument: 'user' }),
        expect.objectContaining({
          method: 'views.open',
          kind: 'missing_argument',
          argument: 'trigger_id|interactivity_pointer',
        }),
      ]);
    });

    it('records a method Slack does not publish', async () => {
      await client.apiCall('chat.sendTelegram', { channel: 'C0GENERAL' }).catch(() => undefined);
      expect(newProblems()).toEqual([
        expect.objectContaining({ method: 'chat.sendTelegram', kind: 'undocumented_method' }),
      ]);
    });
  },
);
