/**
 * A job accepted before its installation was removed never runs (issue 39): after an uninstall and a reinstall the
 * request's context names the new installation, installed after the job was accepted.
 */
import { describe, expect, it } from 'vitest';
import { pino } from 'pino';
import { createInstalls, INSTALLED_AT } from '../../src/installs/index.ts';
import { registerUninstallEvents } from '../../src/installs/slack/uninstall-events.ts';
import type { ListenerApp } from '../../src/kit/entry.ts';
import { JOB_RUN_KEY } from '../../src/kit/request-context.ts';
import { openStore } from '../../src/store/open-store.ts';

type Middleware = (args: { context: Record<string, unknown>; next: () => Promise<void> }) => Promise<void>;

async function guard(): Promise<Middleware> {
  const log = pino({ level: 'silent' });
  const store = await openStore({ kind: 'memory' }, { log, keyPrefix: 't:' });
  const installs = createInstalls({ store, multi: true, dataKey: Buffer.alloc(32, 1), now: Date.now, log });
  const used: Middleware[] = [];
  const app = { use: (m: Middleware) => used.push(m), event: () => undefined } as unknown as ListenerApp;
  registerUninstallEvents(app, { installs, log });
  const first = used[0];
  if (!first) throw new Error('no middleware');
  return first;
}

async function runs(m: Middleware, context: Record<string, unknown>): Promise<boolean> {
  let ran = false;
  await m({ context, next: async () => void (ran = true) });
  return ran;
}

describe('jobs of a removed installation', () => {
  it('drops a job accepted before the installation it would run in', async () => {
    const m = await guard();
    expect(await runs(m, { [JOB_RUN_KEY]: { acceptedAt: 1_000 }, [INSTALLED_AT]: 2_000 })).toBe(false);
  });

  it('runs a job accepted after, and every request that is not a job', async () => {
    const m = await guard();
    expect(await runs(m, { [JOB_RUN_KEY]: { acceptedAt: 3_000 }, [INSTALLED_AT]: 2_000 })).toBe(true);
    expect(await runs(m, { [INSTALLED_AT]: 2_000 })).toBe(true);
    // Single-workspace mode: no installation in the context.
    expect(await runs(m, { [JOB_RUN_KEY]: { acceptedAt: 3_000 } })).toBe(true);
  });
});
