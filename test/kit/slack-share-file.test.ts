/**
 * Sharing a file into a conversation (src/kit/slack-files/upload-file.ts) against the Slack stand-in: the three
 * steps with Slack's documented arguments, the bytes sent raw with no token, failures surfaced, and an upload URL
 * that is neither https nor the Web API's own origin never used.
 */
import { WebClient } from '@slack/web-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { slackFetch } from '../../src/kit/slack-fetch.ts';
import { shareFile } from '../../src/kit/slack-files/upload-file.ts';
import { startStandin, type Standin } from '../../src/slack-standin/index.ts';

let standin: Standin;
let client: WebClient;

beforeAll(async () => {
  standin = await startStandin({ signingSecret: 'test-secret', botToken: 'xoxb-test-token' });
  client = new WebClient(standin.botToken, {
    slackApiUrl: standin.apiUrl,
    fetch: slackFetch,
    retryConfig: { retries: 0 },
  });
});
afterAll(() => standin.close());

describe('shareFile', () => {
  it('uploads the bytes raw and shares the file with its title in the thread asked for', async () => {
    const posted = await client.chat.postMessage({ channel: 'C0GENERAL', text: 'report' });
    const bytes = Buffer.from('timestamp,value\n2026-11-27T10:00:00Z,4.2\n');
    const id = await shareFile(
      client,
      { bytes, filename: 'pump.csv', title: 'Pump — 24 h', initialComment: 'pump.csv · CSV' },
      { channel: 'C0GENERAL', threadTs: String(posted.ts) },
    );
    const file = standin.uploads().find((f) => f.id === id);
    expect(file?.content.equals(bytes)).toBe(true);
    expect(file?.title).toBe('Pump — 24 h');
    const upload = standin.callsTo('upload').at(-1);
    expect(upload?.args).toMatchObject({ bytes: bytes.length, content_type: 'application/octet-stream' });
    const complete = standin.callsTo('files.completeUploadExternal').at(-1);
    expect(complete?.args).toMatchObject({ channel_id: 'C0GENERAL', thread_ts: String(posted.ts) });
    expect(standin.callsTo('files.getUploadURLExternal').at(-1)?.args).toMatchObject({
      filename: 'pump.csv',
      length: String(bytes.length),
    });
  });

  it('says which step failed when the upload is refused, and shares nothing', async () => {
    standin.inject({ method: 'upload', status: 500, error: 'upload_failed' });
    const before = standin.callsTo('files.completeUploadExternal').length;
    await expect(
      shareFile(
        client,
        { bytes: Buffer.from('x'.repeat(200)), filename: 'a.png', title: 'a' },
        { channel: 'C0GENERAL' },
      ),
    ).rejects.toThrow(/file upload answered 500/);
    expect(standin.callsTo('files.completeUploadExternal')).toHaveLength(before);
  });

  it('never uses an upload URL that is plain http on another origin', async () => {
    const rogue = new WebClient('xoxb-test-token', { slackApiUrl: standin.apiUrl, fetch: slackFetch });
    rogue.files.getUploadURLExternal = (async () => ({
      ok: true,
      upload_url: 'http://169.254.169.254/latest/meta-data',
      file_id: 'F1',
    })) as never;
    await expect(
      shareFile(
        rogue,
        { bytes: Buffer.from('secret'), filename: 'a.txt', title: 'a' },
        { channel: 'C0GENERAL' },
      ),
    ).rejects.toThrow(/not https/);
  });
});
