/**
 * Local mode in Socket Mode: `SLACK_APP_TOKEN=xapp-… npm run local` wires fieldline to the stand-in over Socket
 * Mode with that token (two connections) instead of the stand-in POSTing to the app.
 */
import { expect, it } from 'vitest';
import { startLocalMain } from '../fixtures/local-main.ts';
import { waitFor } from '../harness.ts';

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
  const app = startLocalMain({ STORE_URL: 'memory://', SLACK_APP_TOKEN: appToken });
  try {
    const started = await waitFor(() => logLines(app.stdout()).find((l) => l.msg === 'fieldline started'), {
      timeoutMs: 30_000,
      message: 'fieldline started',
    });
    expect(started).toMatchObject({ slack: 'local' });
    const lines = logLines(app.stdout());
    expect(lines.find((l) => l.msg === 'socket mode connections open')).toMatchObject({ connections: 2 });
    expect(lines.find((l) => l.msg === 'slack app listening')).toMatchObject({ mode: 'socket' });
    // The token is a secret: never printed.
    expect(app.stdout()).not.toContain(appToken);
  } finally {
    await app.stop();
  }
});
