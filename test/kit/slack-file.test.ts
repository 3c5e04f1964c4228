/**
 * The import flows' Slack file fetch goes through the one downloader: the bot token goes only to Slack's origins,
 * and a redirect is followed only when it stays within them (the chosen rule when the two downloaders merged).
 */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allowedSlackOrigins } from '../../src/kit/slack-files/slack-download.ts';
import { fetchSlackFile, isCsvFile, SlackFileError } from '../../src/kit/slack-files/slack-file.ts';

let server: Server;
let base = '';
const seen: { path: string; headers: IncomingHttpHeaders }[] = [];
beforeAll(async () => {
  server = createServer((req, res) => {
    seen.push({ path: req.url ?? '', headers: req.headers });
    if (req.url === '/files-pri/moved.csv') {
      res.writeHead(302, { location: `${base}/elsewhere.csv` });
      res.end();
      return;
    }
    if (req.url === '/files-pri/away.csv') {
      // Same server, another origin (localhost ≠ 127.0.0.1): not Slack's, so the token must not follow.
      res.writeHead(302, { location: base.replace('127.0.0.1', 'localhost') + '/stolen.csv' });
      res.end();
      return;
    }
    res.writeHead(200, { 'content-type': 'text/csv' });
    res.end('timestamp,a\n2026-11-01 00:00:00,1\n');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const client = (url: string) => ({
  slackApiUrl: `${base}/api/`,
  token: 'xoxb-secret',
  files: { info: async () => ({ ok: true, file: { id: 'F1', name: 'a.csv', size: 30, url_private: url } }) },
});

describe('fetchSlackFile', () => {
  it('fetches from the Slack API’s own host with the bot token', async () => {
    seen.length = 0;
    const file = await fetchSlackFile(client(`${base}/files-pri/a.csv`), 'F1');
    expect(file.bytes.toString()).toContain('timestamp,a');
    expect(seen[0]?.headers.authorization).toBe('Bearer xoxb-secret');
  });

  it('refuses a file on another host without sending anything', async () => {
    seen.length = 0;
    await expect(fetchSlackFile(client('https://evil.example/a.csv'), 'F1')).rejects.toMatchObject({
      code: 'UNTRUSTED_HOST',
    });
    expect(seen).toEqual([]);
  });

  it('follows a redirect that stays on Slack’s origin', async () => {
    seen.length = 0;
    const file = await fetchSlackFile(client(`${base}/files-pri/moved.csv`), 'F1');
    expect(file.bytes.toString()).toContain('timestamp,a');
    expect(seen.map((s) => s.path)).toEqual(['/files-pri/moved.csv', '/elsewhere.csv']);
  });

  it('does not follow a redirect to another origin with the token', async () => {
    seen.length = 0;
    const err = await fetchSlackFile(client(`${base}/files-pri/away.csv`), 'F1').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(SlackFileError);
    expect(err).toMatchObject({ code: 'REDIRECT' });
    expect(seen.map((s) => s.path)).toEqual(['/files-pri/away.csv']);
  });

  it('trusts files.slack.com for Slack itself, and the API host otherwise', () => {
    expect(allowedSlackOrigins('https://slack.com/api/')).toEqual([
      'https://files.slack.com',
      'https://slack.com',
    ]);
    expect(allowedSlackOrigins('http://127.0.0.1:4000/api/')).toContain('http://127.0.0.1:4000');
  });

  it('recognises CSV files by type, name or MIME type', () => {
    expect(isCsvFile({ filetype: 'csv' })).toBe(true);
    expect(isCsvFile({ name: 'LOG.CSV' })).toBe(true);
    expect(isCsvFile({ mimetype: 'text/csv' })).toBe(true);
    expect(isCsvFile({ name: 'photo.png', filetype: 'png' })).toBe(false);
  });
});
