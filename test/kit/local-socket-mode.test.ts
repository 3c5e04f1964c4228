/**
 * Local mode in Socket Mode: `SLACK_APP_TOKEN=xapp-… npm run local` wires fieldline to the stand-in over Socket
 * Mode with that token (two connections) instead of the stand-in POSTing to the app.
 */
import { spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { expect, it } from 'vitest';
import { waitFor } from '../harness.ts';

const root = resolve(import.meta.dirname, '../..');

function logLines(text: string): Record<string, unknown>[] {
  return text.split('\n').flatMap((line) => {
    try {
      const parsed: unknown = JSON.parse(line);
      return parsed !== null && typeof parsed === 'object' ? [parsed as Record<string, unknown>] : [];
    } catch {
      return [];
    }
  });
}

it('SLACK_APP_TOKEN with --local connects to the stand-in over Socket Mode', async () => {
  const appToken = 'xapp-1-local-socket-test';
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts', '--local'], {
    cwd: root,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      PORT: '0',
      STORE_URL: 'memory://',
      SLACK_APP_TOKEN: appToken,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  try {
    const started = await waitFor(() => logLines(stdout).find((l) => l.msg === 'fieldline started'), {
      timeoutMs: 30_000,
      message: 'fieldline started',
    });
    expect(started).toMatchObject({ slack: 'local' });
    const lines = logLines(stdout);
    expect(lines.find((l) => l.msg === 'socket mode connections open')).toMatchObject({ connections: 2 });
    expect(lines.find((l) => l.msg === 'slack app listening')).toMatchObject({ mode: 'socket' });
    // The token is a secret: never printed.
    expect(stdout).not.toContain(appToken);
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
  }
});
