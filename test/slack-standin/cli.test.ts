import { afterEach, describe, expect, it } from 'vitest';
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { WebClient } from '@slack/web-api';

let child: ChildProcess | undefined;
afterEach(async () => {
  if (child && child.exitCode === null) {
    child.kill('SIGTERM');
    await once(child, 'exit');
  }
});

/**
 * Lines the CLI prints until it has printed `count` of them. Reads with a listener and keeps the pipe open: leaving
 * a `for await` loop would destroy stdout, and the CLI's next line would then fail with EPIPE and stop it.
 */
function firstLines(proc: ChildProcess, count: number): Promise<string[]> {
  return new Promise((resolve, reject) => {
    let out = '';
    proc.stdout!.on('data', (chunk: Buffer) => {
      out += String(chunk);
      const lines = out.split('\n').filter(Boolean);
      if (lines.length >= count) resolve(lines);
    });
    proc.once('exit', () => reject(new Error(`the CLI exited early: ${out}`)));
  });
}

describe('npm run standin', () => {
  it('prints the Web API URL, signing secret and bot token it was given, and serves them', async () => {
    child = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        'src/slack-standin/cli.ts',
        '--port',
        '0',
        '--bot-token',
        'xoxb-cli-test',
        '--signing-secret',
        'cli-secret',
      ],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    const lines = await firstLines(child, 5);
    const value = (name: string) => lines.find((l) => l.trim().startsWith(`${name}=`))?.split('=')[1];
    expect(value('SLACK_SIGNING_SECRET')).toBe('cli-secret');
    expect(value('SLACK_BOT_TOKEN')).toBe('xoxb-cli-test');
    const apiUrl = value('SLACK_API_URL');
    expect(apiUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/api\/$/);
    const client = new WebClient('xoxb-cli-test', { slackApiUrl: apiUrl });
    expect((await client.auth.test()).ok).toBe(true);
  });

  it('exits with status 1 and one clear line for a bad port', async () => {
    child = spawn(process.execPath, ['--import', 'tsx', 'src/slack-standin/cli.ts', '--port', 'abc'], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let err = '';
    child.stderr!.on('data', (c) => (err += String(c)));
    const [code] = await once(child, 'exit');
    expect(code).toBe(1);
    expect(err.trim()).toBe('--port must be a port number, got abc');
  });
});
