/**
 * Restarting local mode posts nothing: the embedded sandbox makes its demo world anew on every start, so a store
 * kept from the previous run (./data/fieldline.sqlite) must not turn the differences into task changes. Run 1
 * marks a task done (the relay posts it); run 2 over the same sqlite file sees the task open again in the new
 * sandbox, and must post nothing.
 */
import type { ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { startLocalMain } from '../fixtures/local-main.ts';
import { poll as pollUntil } from './poll.ts';

const SANDBOX_FULL_KEY = 'sbx-full-7d1f3c9a2b64'; // the sandbox's documented demo key (src/sandbox/README.md)

const message = z
  .object({ channel: z.string(), ts: z.string(), text: z.string(), ephemeralTo: z.string().optional() })
  .loose();
const consoleState = z.object({ messages: z.array(message) });

const poll = <T>(read: () => Promise<T | undefined>, what: string, timeoutMs = 30_000) =>
  pollUntil(read, what, timeoutMs, 200);

interface Run {
  child: ChildProcess;
  base: string;
  sandbox: string;
  token: string;
  stop(): Promise<void>;
}

async function start(storePath: string): Promise<Run> {
  const app = startLocalMain({
    STORE_URL: `sqlite://${storePath}`,
    POLL_INTERVAL_SECONDS: '1',
    LOG_LEVEL: 'info',
  });
  const { child, stop } = app;
  try {
    const port = await poll(
      async () => /Open http:\/\/localhost:(\d+)\/ to use fieldline locally/.exec(app.stdout())?.[1],
      'the printed URL',
    );
    const sandbox = /"url":"(http:\/\/127\.0\.0\.1:\d+)\/?"[^\n]*embedded monitoring sandbox/.exec(
      app.stdout(),
    )?.[1];
    if (!sandbox) throw new Error('the sandbox URL was not logged');
    const base = `http://127.0.0.1:${port}/`;
    const html = await (await fetch(base)).text();
    const token = /<meta name="console-token" content="([^"]+)"/.exec(html)?.[1] ?? '';
    return { child, base, sandbox, token, stop };
  } catch (err) {
    await stop();
    throw err;
  }
}

async function messages(run: Run) {
  return consoleState.parse(await (await fetch(`${run.base}console/state`)).json()).messages;
}

/** `/monitor status` in #maintenance, typed as Ana; the text of its ephemeral answer. */
async function status(run: Run): Promise<string> {
  const before = new Set((await messages(run)).map((m) => m.ts));
  await fetch(`${run.base}console/api/command`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Console-Token': run.token },
    body: JSON.stringify({ user: 'U0ANA', channel: 'C0MAINT', text: '/monitor status' }),
  });
  return poll(async () => {
    const all = await messages(run);
    return all.find((m) => m.channel === 'C0MAINT' && m.ephemeralTo === 'U0ANA' && !before.has(m.ts))?.text;
  }, 'the /monitor status answer');
}

/** Waits until the relay has completed a check that started after now and has nothing waiting for #maintenance. */
async function idle(run: Run): Promise<void> {
  const first = await poll(async () => {
    const text = await status(run);
    return /last checked/.test(text) ? text : undefined;
  }, 'a complete relay check');
  await poll(async () => {
    const text = await status(run);
    return text !== first &&
      /last checked/.test(text) &&
      /In this channel: nothing waiting to be posted/.test(text)
      ? text
      : undefined;
  }, 'a later complete check with nothing waiting');
}

const posted = (all: z.infer<typeof message>[]) =>
  all.filter((m) => m.channel === 'C0MAINT' && !m.ephemeralTo && m.via !== 'command_ack');

const runs: Run[] = [];
let dir = '';
afterAll(async () => {
  for (const r of runs) await r.stop();
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('local mode restarted over the same store', () => {
  it('posts nothing after a restart, though the store saw a task change in the previous run', async () => {
    dir = await mkdtemp(join(tmpdir(), 'fieldline-restart-'));
    const storePath = join(dir, 'fieldline.sqlite');

    const first = await start(storePath);
    runs.push(first);
    await idle(first);
    const res = await fetch(`${first.sandbox}/task/3001`, {
      method: 'PATCH',
      headers: { 'x-api-key': SANDBOX_FULL_KEY, 'Content-Type': 'application/json' },
      body: JSON.stringify({ statusId: '20' }),
    });
    expect(res.status).toBe(200);
    // the relay saw it: run 1 posts the change in #maintenance (so run 2 has something stale to get wrong)
    await poll(async () => (posted(await messages(first)).length > 0 ? true : undefined), 'the change post');
    await first.stop();

    const second = await start(storePath);
    runs.push(second);
    await idle(second);
    expect(posted(await messages(second))).toEqual([]);
    expect(existsSync(`${storePath}.previous-run`)).toBe(true);
  }, 120_000);
});
