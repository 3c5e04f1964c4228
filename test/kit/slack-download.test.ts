/**
 * The bot token goes only to Slack's file host: real loopback servers stand for Slack (allowed origin) and for
 * somewhere else (another port = another origin); every request's headers are recorded.
 */
import { createServer, type IncomingHttpHeaders, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  allowedSlackOrigins,
  downloadSlackFile,
  isAllowedOrigin,
} from '../../src/kit/slack-files/slack-download.ts';
import { FileTransferError } from '../../src/kit/slack-files/transfer-error.ts';

const TOKEN = 'xoxb-test-token-123';
const BYTES = Buffer.from('x'.repeat(500));

interface Recorded {
  path: string;
  headers: IncomingHttpHeaders;
}

async function serve(
  handler: (path: string, res: ServerResponse) => void,
): Promise<{ server: Server; origin: string; seen: Recorded[] }> {
  const seen: Recorded[] = [];
  const server = createServer((req, res) => {
    seen.push({ path: req.url ?? '', headers: req.headers });
    handler(req.url ?? '', res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, seen };
}

let slack: Awaited<ReturnType<typeof serve>>;
let elsewhere: Awaited<ReturnType<typeof serve>>;

beforeAll(async () => {
  elsewhere = await serve((_path, res) => res.end(BYTES));
  slack = await serve((path, res) => {
    if (path === '/files/ok.png') return void res.end(BYTES);
    if (path === '/files/moved.png') return void res.writeHead(302, { location: '/files/ok.png' }).end();
    if (path === '/files/away.png')
      return void res.writeHead(302, { location: `${elsewhere.origin}/steal` }).end();
    if (path === '/files/broken.png')
      return void res.writeHead(302, { location: 'http://[::not-a-url' }).end();
    if (path === '/files/big.bin') return void res.end(Buffer.alloc(2_000));
    res.writeHead(404).end();
  });
});
afterAll(async () => {
  await new Promise((r) => slack.server.close(r));
  await new Promise((r) => elsewhere.server.close(r));
});

const opts = () => ({
  token: TOKEN,
  allowedOrigins: [slack.origin],
  expectedBytes: BYTES.length,
  maxBytes: 1_000,
});

describe('downloadSlackFile', () => {
  it('downloads from the allowed Slack origin with the bot token', async () => {
    const bytes = await downloadSlackFile(`${slack.origin}/files/ok.png`, 'ok.png', opts());
    expect(bytes.equals(BYTES)).toBe(true);
    expect(slack.seen.at(-1)?.headers.authorization).toBe(`Bearer ${TOKEN}`);
  });

  it('follows a redirect that stays on the allowed origin', async () => {
    const bytes = await downloadSlackFile(`${slack.origin}/files/moved.png`, 'moved.png', opts());
    expect(bytes.equals(BYTES)).toBe(true);
  });

  it('stops at a redirect to another host and never sends it the token', async () => {
    const before = elsewhere.seen.length;
    const err = await downloadSlackFile(`${slack.origin}/files/away.png`, 'away.png', opts()).catch(
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(FileTransferError);
    expect((err as FileTransferError).code).toBe('REDIRECT_BLOCKED');
    expect(elsewhere.seen.length).toBe(before);
  });

  it('stops at a redirect whose Location is not a URL, with a transfer error (not a crash)', async () => {
    const err = await downloadSlackFile(`${slack.origin}/files/broken.png`, 'broken.png', opts()).catch(
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(FileTransferError);
    expect((err as FileTransferError).code).toBe('REDIRECT_BLOCKED');
  });

  it('refuses a url_private outside the allowed origins without any request', async () => {
    const before = elsewhere.seen.length;
    const err = await downloadSlackFile(`${elsewhere.origin}/files/ok.png`, 'ok.png', opts()).catch(
      (e: unknown) => e,
    );
    expect((err as FileTransferError).code).toBe('NOT_SLACK_HOST');
    expect(elsewhere.seen.length).toBe(before);
  });

  it('refuses a body longer than the limit', async () => {
    const err = await downloadSlackFile(`${slack.origin}/files/big.bin`, 'big.bin', opts()).catch(
      (e: unknown) => e,
    );
    expect((err as FileTransferError).code).toBe('TOO_LARGE');
  });

  it('reports a Slack error status as a failed download', async () => {
    const err = await downloadSlackFile(`${slack.origin}/files/none`, 'none', opts()).catch(
      (e: unknown) => e,
    );
    expect((err as FileTransferError).code).toBe('DOWNLOAD_FAILED');
  });
});

describe('allowed origins', () => {
  it("are Slack's file host and the configured API origin", () => {
    expect(allowedSlackOrigins('http://127.0.0.1:4000/api/')).toEqual([
      'https://files.slack.com',
      'http://127.0.0.1:4000',
    ]);
    expect(
      isAllowedOrigin(
        'https://files.slack.com/files-pri/T1-F1/a.png',
        allowedSlackOrigins('https://slack.com/api/'),
      ),
    ).toBe(true);
    expect(
      isAllowedOrigin('http://files.slack.com/a.png', allowedSlackOrigins('https://slack.com/api/')),
    ).toBe(false);
    expect(isAllowedOrigin('https://files.slack.com.evil.example/a.png', ['https://files.slack.com'])).toBe(
      false,
    );
  });
});
