/** Helpers for /reading flow tests. */
import { type Harness } from '../harness.ts';
import { CHANNEL, waitFor } from './source-helpers.ts';

/** Runs `/reading <text>` (as `user`) and returns the answer once it has replaced the progress message. */
export async function readingAnswer(h: Harness, text: string, channel = CHANNEL, user?: string) {
  const before = h.standin.callsTo('chat.update').length;
  await h.driver.command({ command: '/reading', text, channel, ...(user ? { user } : {}) });
  const update = await waitFor(
    () =>
      h.standin
        .callsTo('chat.update')
        .slice(before)
        .find((c) => c.response.ok === true),
    {
      timeoutMs: 20_000,
    },
  );
  const ts = String(update.args.ts);
  const message = h.standin.messages(String(update.args.channel)).find((m) => m.ts === ts);
  if (!message) throw new Error('answer not stored');
  return { message, json: JSON.stringify(message.blocks), ts };
}

/** The GET /reading requests the sandbox saw, as [startTime, endTime] pairs. */
export function readingWindows(h: Harness): [string | undefined, string | undefined][] {
  return h.sandbox.admin
    .requests()
    .filter((r) => r.path === '/reading' && r.method === 'GET')
    .map((r) => [r.query.startTime, r.query.endTime]);
}
