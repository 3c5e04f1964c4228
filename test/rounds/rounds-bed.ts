/**
 * Test bed of rounds and handovers: the alerts bed (harness + relay on one clock the test moves) over a sqlite store,
 * plus two round schedulers — one over the app's store, one over a second store opened on the same file (another
 * replica) — ticked by hand, never by timers.
 */
import { expect } from 'vitest';
import { openStore } from '../../src/store/open-store.ts';
import type { Store } from '../../src/store/store.ts';
import { createScheduler, type RoundsScheduler, type TickReport } from '../../src/rounds/index.ts';
import type { StoredMessage, StoredView } from '../../src/slack-standin/index.ts';
import { waitFor } from '../harness.ts';
import { startAlertsBed, type AlertsBed } from '../alerts/alerts-bed.ts';

export interface RoundsBed extends AlertsBed {
  schedulers: [RoundsScheduler, RoundsScheduler];
  /** Both schedulers tick at once (two replicas); the reports summed. */
  tickBoth(): Promise<TickReport>;
  /** Runs `/<command> <text>` as `user` in `channel`; the ephemeral answer's text. */
  command(command: string, text: string, opts?: { channel?: string; user?: string }): Promise<string>;
  /** The open view with `callbackId` after pressing `actionId` on `message`. */
  press(actionId: string, message: StoredMessage, callbackId: string, user?: string): Promise<StoredView>;
  /** Bot messages in `channel` whose text matches. */
  posts(channel: string, re: RegExp): StoredMessage[];
  ephemeralsTo(channel: string, user: string): StoredMessage[];
}

export async function startRoundsBed(startAt: string): Promise<RoundsBed> {
  const bed = await startAlertsBed({ startAt, harness: { store: 'sqlite' } });
  const { h } = bed;
  const second: Store = await openStore(
    { kind: 'sqlite', path: h.storePath ?? '' },
    { log: h.deps.log, keyPrefix: h.storePrefix },
  );
  const slack = async () => ({ botToken: h.standin.botToken, apiUrl: h.standin.apiUrl });
  const schedulers: [RoundsScheduler, RoundsScheduler] = [
    createScheduler(h.deps, { slackFor: slack }),
    createScheduler({ ...h.deps, store: second }, { slackFor: slack }),
  ];
  const ephemeralsTo = (channel: string, user: string) =>
    h.standin.messages(channel).filter((m) => m.ephemeralTo === user);
  return {
    ...bed,
    schedulers,
    async tickBoth() {
      const [a, b] = await Promise.all(schedulers.map((s) => s.tick()));
      return {
        posted: (a?.posted ?? 0) + (b?.posted ?? 0),
        reminded: (a?.reminded ?? 0) + (b?.reminded ?? 0),
        offered: (a?.offered ?? 0) + (b?.offered ?? 0),
        handoverReminders: (a?.handoverReminders ?? 0) + (b?.handoverReminders ?? 0),
      };
    },
    async command(command, text, opts = {}) {
      const channel = opts.channel ?? 'C0ALERTS';
      const user = opts.user ?? 'U0ANA';
      const before = ephemeralsTo(channel, user).length;
      const res = await h.driver.command({ command, text, channel, user });
      expect(res.status).toBe(200);
      const body = res.body as { text?: unknown } | undefined;
      if (body && typeof body === 'object' && typeof body.text === 'string' && body.text !== '')
        return body.text;
      return (await waitFor(() => ephemeralsTo(channel, user)[before], { timeoutMs: 15_000 })).text;
    },
    async press(actionId, message, callbackId, user = 'U0ANA') {
      const before = h.standin.views().length;
      const res = await h.driver.blockAction({
        actionId,
        message: message.ts,
        channel: message.channel,
        user,
      });
      expect(res.status).toBe(200);
      return waitFor(
        () =>
          h.standin
            .views()
            .slice(before)
            .find((v) => v.open && v.user === user && v.callback_id === callbackId),
        { timeoutMs: 15_000 },
      );
    },
    posts: (channel, re) =>
      h.standin.messages(channel).filter((m) => m.bot_id !== undefined && !m.ephemeralTo && re.test(m.text)),
    ephemeralsTo,
    async stop() {
      await Promise.all(schedulers.map((s) => s.stop()));
      await bed.stop();
      await second.close();
    },
  };
}
