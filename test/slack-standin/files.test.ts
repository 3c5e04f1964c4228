import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { WebClient } from '@slack/web-api';
import { startStandin, type Standin } from '../../src/slack-standin/index.ts';

let standin: Standin;
let client: WebClient;

beforeAll(async () => {
  standin = await startStandin();
  client = new WebClient(standin.botToken, { slackApiUrl: standin.apiUrl, retryConfig: { retries: 0 } });
});
afterAll(() => standin.close());

describe('three-step upload driven by WebClient.filesUploadV2', () => {
  it('stores the exact bytes and shares the file into the thread as a message with files', async () => {
    const parent = await client.chat.postMessage({ channel: 'C0ALERTS', text: 'report thread' });
    const bytes = randomBytes(70_000);
    const res = await client.filesUploadV2({
      channel_id: 'C0ALERTS',
      thread_ts: parent.ts!,
      initial_comment: 'pump readings',
      filename: 'readings.bin',
      title: 'Readings',
      file: bytes,
    });
    expect(res.ok).toBe(true);
    const uploaded = standin.uploads().find((f) => f.name === 'readings.bin');
    expect(uploaded?.content.equals(bytes)).toBe(true);
    expect(uploaded).toMatchObject({
      title: 'Readings',
      size: bytes.length,
      completed: true,
      channels: ['C0ALERTS'],
    });
    const shared = standin.messages('C0ALERTS').find((m) => m.files?.includes(uploaded!.id));
    expect(shared).toMatchObject({
      text: 'pump readings',
      thread_ts: parent.ts,
      via: 'files.completeUploadExternal',
    });
    expect(standin.callsTo('files.getUploadURLExternal')[0]?.args).toMatchObject({
      filename: 'readings.bin',
      length: String(bytes.length),
    });
    expect(String(standin.callsTo('upload')[0]?.args.content_type)).toMatch(
      /^multipart\/form-data; boundary=/,
    );
  });

  it('accepts the bytes as a raw POST body too', async () => {
    const step1 = await client.files.getUploadURLExternal({ filename: 'raw.csv', length: 7 });
    const posted = await fetch(step1.upload_url!, { method: 'POST', body: 'a,b\n1,2' });
    expect(await posted.text()).toBe('OK - 7');
    await client.files.completeUploadExternal({
      files: [{ id: step1.file_id!, title: 'Raw CSV' }],
      channel_id: 'C0GENERAL',
    });
    expect(
      standin
        .uploads()
        .find((f) => f.id === step1.file_id)
        ?.content.toString(),
    ).toBe('a,b\n1,2');
  });

  it('reports where the file was shared in files.info', async () => {
    const res = await client.filesUploadV2({
      channel_id: 'C0GENERAL',
      filename: 'note.txt',
      content: 'hello',
    });
    expect(res.ok).toBe(true);
    const file = standin.uploads().find((f) => f.name === 'note.txt')!;
    const info = await client.files.info({ file: file.id });
    const shares = info.file?.shares?.public?.C0GENERAL;
    expect(shares?.[0]?.ts).toBe(standin.messages('C0GENERAL').find((m) => m.files?.includes(file.id))?.ts);
    expect(info.file).toMatchObject({ name: 'note.txt', mimetype: 'text/plain', size: 5 });
  });

  it('refuses to complete an upload whose bytes never arrived', async () => {
    const step1 = await client.files.getUploadURLExternal({ filename: 'x.csv', length: 10 });
    const err: unknown = await client.files
      .completeUploadExternal({ files: [{ id: step1.file_id! }] })
      .catch((e: unknown) => e);
    expect(err).toMatchObject({ data: { error: 'upload_not_completed' } });
  });
});

describe('url_private', () => {
  it('serves the file only with the bot token as a bearer and records every request with its headers', async () => {
    const file = standin.addFile({
      name: 'valve.png',
      content: Buffer.from([0x89, 0x50, 0x4e, 0x47, 1, 2, 3]),
      user: 'U0BEN',
    });
    const info = await client.files.info({ file: file.id });
    const url = String(info.file?.url_private);

    const anonymous = await fetch(url);
    expect(anonymous.status).toBe(403);
    expect(anonymous.headers.get('content-type')).toContain('text/html');

    const wrong = await fetch(url, { headers: { Authorization: 'Bearer xoxb-not-it' } });
    expect(wrong.status).toBe(403);

    const ok = await fetch(url, { headers: { Authorization: `Bearer ${standin.botToken}` } });
    expect(ok.status).toBe(200);
    expect(ok.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await ok.arrayBuffer()).equals(file.content)).toBe(true);

    const download = await fetch(String(info.file?.url_private_download), {
      headers: { Authorization: `Bearer ${standin.botToken}` },
    });
    expect(download.headers.get('content-disposition')).toContain('valve.png');

    const requests = standin.fileRequests().filter((r) => r.fileId === file.id);
    expect(requests.map((r) => r.status)).toEqual([403, 403, 200, 200]);
    expect(requests[2]?.headers.authorization).toBe(`Bearer ${standin.botToken}`);
  });
});
