/**
 * `npm start` with no configuration, as a fresh clone runs it: the printed URL serves the console, the
 * workspace is seeded (welcome message, the bot in #maintenance), and the seeded subscriptions are live —
 * `/monitor list` typed in the console reaches the app and answers from the relay's store.
 */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { startLocalMain } from '../fixtures/local-main.ts';
import { poll as pollUntil } from './poll.ts';

const consoleState = z.object({
  channels: z.array(z.object({ id: z.string(), is_member: z.boolean() })),
  messages: z.array(
    z.object({ channel: z.string(), text: z.string(), ephemeralTo: z.string().optional() }).loose(),
  ),
});

const poll = <T>(read: () => Promise<T | undefined>, what: string, timeoutMs = 20_000) =>
  pollUntil(read, what, timeoutMs, 100);

describe('local mode from npm start', () => {
  it('prints a URL that serves the console over a seeded, subscribed workspace', async () => {
    const app = startLocalMain({ STORE_URL: 'memory://' });
    try {
      const port = await poll(
        async () => /Open http:\/\/localhost:(\d+)\/ to use fieldline locally/.exec(app.stdout())?.[1],
        'the printed URL',
        // A cold tsx start of the whole product; generous so a loaded CI machine is not a failure.
        75_000,
      );
      const base = `http://127.0.0.1:${port}/`;
      const page = await fetch(base);
      expect(page.status).toBe(200);
      const html = await page.text();
      expect(html).toContain('/console/static/app.js');
      // the page carries this run's token; the console refuses POSTs without it
      const token = /<meta name="console-token" content="([^"]+)"/.exec(html)?.[1] ?? '';

      const state = consoleState.parse(await (await fetch(`${base}console/state`)).json());
      expect(state.messages.find((m) => m.channel === 'C0GENERAL')?.text).toMatch(/Welcome to fieldline/);
      expect(state.channels.find((c) => c.id === 'C0MAINT')?.is_member).toBe(true);

      const sent = await fetch(`${base}console/api/command`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-Console-Token': token },
        body: JSON.stringify({ user: 'U0ANA', channel: 'C0ALERTS', text: '/monitor list' }),
      });
      expect(await sent.json()).toMatchObject({ ok: true, status: 200 });
      const reply = await poll(async () => {
        const now = consoleState.parse(await (await fetch(`${base}console/state`)).json());
        return now.messages.find((m) => m.channel === 'C0ALERTS' && m.ephemeralTo === 'U0ANA');
      }, 'the /monitor list reply');
      expect(reply.text).toMatch(/\*Alerts\* from every site \(warning and critical\)/);
    } finally {
      await app.stop();
    }
  }, 120_000);
});
