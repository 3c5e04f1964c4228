/**
 * The rounds scheduler: a tick loop every replica runs (started by the composition root, stopped with the
 * lifecycle). Each tick, for every workspace with rounds or handovers: posts each round due now (its window still
 * open), reminds once each round left undone past its window, offers the handover before each shift change and
 * reminds once a handover not accepted in time. Every one of these is claimed first with the store's atomic `add`
 * (claim key per round and slot instant, or per channel, site and shift change), so with several replicas sharing
 * the store exactly one posts; a post that fails gives its claim back for the next tick. Nothing is kept in memory:
 * a restart carries on from the store.
 */
import { WebClient } from '@slack/web-api';
import { channelShiftTimes } from '../../alerts/index.ts';
import type { Clock } from '../../base/deps.ts';
import type { Logger } from '../../base/log.ts';
import type { Store } from '../../store/store.ts';
import type { HandoverSetting, RoundDef } from '../rules/model.ts';
import { EVERY_DAY, lastSlot, nextSlot, slotsBetween } from '../rules/schedule.ts';
import { renderHandoverOffer, renderHandoverReminder } from '../render/handover-render.ts';
import { renderRoundDue, renderRoundReminder, type Rendered } from '../render/round-post.ts';
import type { RoundsStore } from '../service/rounds-store.ts';

const DAY_MS = 24 * 3_600_000;
const CLAIM_TTL_MS = 9 * DAY_MS;
/** A reminder is never sent for a round more than this late (a replica that was down for days stays quiet). */
const REMIND_LOOKBACK_MS = 12 * 3_600_000;
export const DEFAULT_OFFER_BEFORE_MS = 30 * 60_000;
export const DEFAULT_ACCEPT_MS = 30 * 60_000;

export interface SlackTarget {
  botToken: string;
  apiUrl: string;
}

export interface SchedulerDeps {
  rounds: RoundsStore;
  /** The store the digests' shift changes are read from (`/monitor digest at …`)… */
  store: Store;
  /** …or, per workspace, its relay's store (issue 39: a workspace with a platform connection of its own). */
  relayStore?(workspace: string): Promise<Store>;
  clock: Clock;
  log: Logger;
}

export interface RoundsSchedulerOptions {
  /** How a workspace's messages reach Slack (its installation's bot token); undefined: it cannot post. */
  slackFor(workspace: string): Promise<SlackTarget | undefined>;
  tickMs?: number;
}

export interface TickReport {
  posted: number;
  reminded: number;
  offered: number;
  handoverReminders: number;
}

export interface RoundsScheduler {
  tick(): Promise<TickReport>;
  start(): void;
  stop(): Promise<void>;
}

export function createRoundsScheduler(deps: SchedulerDeps, opts: RoundsSchedulerOptions): RoundsScheduler {
  const log = deps.log.child({ module: 'rounds' });
  const clients = new Map<string, WebClient>();
  const clientFor = async (ws: string): Promise<WebClient | undefined> => {
    const target = await opts.slackFor(ws);
    if (!target) return undefined;
    const key = `${target.apiUrl} ${target.botToken}`;
    let client = clients.get(key);
    if (!client) {
      client = new WebClient(target.botToken, { slackApiUrl: target.apiUrl, retryConfig: { retries: 2 } });
      clients.set(key, client);
    }
    return client;
  };

  /** Claims `what`, then posts; a post that fails releases the claim (the next tick tries again). */
  async function claimAndPost(ws: string, what: string, post: () => Promise<void>): Promise<boolean> {
    if (!(await deps.rounds.claim(ws, what, { at: deps.clock.now() }, CLAIM_TTL_MS))) return false;
    try {
      await post();
      return true;
    } catch (err) {
      log.warn({ err, ws, what }, 'rounds: could not post; tried again next tick');
      await deps.rounds.release(ws, what);
      return false;
    }
  }

  async function postTo(client: WebClient, channel: string, msg: Rendered, threadTs?: string) {
    const res = await client.chat.postMessage({
      channel,
      text: msg.text,
      blocks: msg.blocks,
      unfurl_links: false,
      ...(threadTs ? { thread_ts: threadTs } : {}),
    });
    return {
      channel: typeof res.channel === 'string' ? res.channel : channel,
      ts: typeof res.ts === 'string' ? res.ts : null,
    };
  }

  async function roundTick(ws: string, client: WebClient, def: RoundDef, now: number, report: TickReport) {
    // Due now: its slot passed and its window still open (a slot missed while no replica ran is not posted late).
    for (const slot of slotsBetween(def, Math.max(def.createdAt, now - def.windowMs + 1), now)) {
      const posted = await claimAndPost(ws, `post:${def.id}:${slot}`, async () => {
        const where = def.target.kind === 'group' ? def.channel : def.target.id;
        const at = await postTo(client, where, renderRoundDue(def, slot));
        await deps.rounds.updateRun(
          ws,
          def.id,
          slot,
          (run) => run ?? { slot, channel: at.channel, ts: at.ts, postedAt: now },
        );
      });
      if (posted) report.posted++;
    }
    // Past its window and not done: reminded once, where it was posted.
    const runs = await deps.rounds.runs(ws, def.id);
    for (const run of Object.values(runs)) {
      if (run.doneAt !== undefined || run.remindedAt !== undefined) continue;
      if (run.slot + def.windowMs > now || now - run.slot - def.windowMs > REMIND_LOOKBACK_MS) continue;
      const reminded = await claimAndPost(ws, `remind:${def.id}:${run.slot}`, async () => {
        await postTo(client, run.channel, renderRoundReminder(def, run));
        await deps.rounds.updateRun(ws, def.id, run.slot, (r) => (r ? { ...r, remindedAt: now } : r));
      });
      if (reminded) report.reminded++;
    }
  }

  async function handoverTick(
    ws: string,
    client: WebClient,
    s: HandoverSetting,
    now: number,
    report: TickReport,
  ) {
    const times = await channelShiftTimes(
      deps.relayStore ? await deps.relayStore(ws) : deps.store,
      s.channel,
    );
    if (!times) return;
    const schedule = { times, weekdays: EVERY_DAY, zone: s.zone };
    const next = nextSlot(schedule, now);
    if (next !== null && next - now <= s.offerBeforeMs && next - now > 0) {
      const offered = await claimAndPost(ws, `offer:${s.channel}:${s.siteId}:${next}`, async () => {
        await postTo(client, s.channel, renderHandoverOffer(s, next));
      });
      if (offered) report.offered++;
    }
    const last = lastSlot(schedule, now);
    if (last === null) return;
    const record = await deps.rounds.record(ws, s.channel, s.siteId, last);
    if (!record?.presentedAt || record.acceptedAt !== undefined || record.remindedAt !== undefined) return;
    if (now - Math.max(last, record.presentedAt) < s.acceptMs) return;
    const reminded = await claimAndPost(ws, `ho-remind:${s.channel}:${s.siteId}:${last}`, async () => {
      await postTo(client, s.channel, renderHandoverReminder(s, record));
      await deps.rounds.updateRecord(ws, s.channel, s.siteId, last, (r) => ({ ...r, remindedAt: now }));
    });
    if (reminded) report.handoverReminders++;
  }

  async function tick(): Promise<TickReport> {
    const report: TickReport = { posted: 0, reminded: 0, offered: 0, handoverReminders: 0 };
    for (const ws of await deps.rounds.workspaces()) {
      try {
        const client = await clientFor(ws);
        if (!client) continue;
        const now = deps.clock.now();
        for (const def of await deps.rounds.rounds(ws)) await roundTick(ws, client, def, now, report);
        for (const s of await deps.rounds.handovers(ws)) await handoverTick(ws, client, s, now, report);
      } catch (err) {
        log.warn({ err, ws }, 'rounds: tick failed for a workspace');
      }
    }
    return report;
  }

  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> | undefined;
  let stopped = false;
  const loop = () => {
    if (stopped) return;
    running = tick()
      .catch((err: unknown) => log.warn({ err }, 'rounds: tick failed'))
      .finally(() => {
        if (!stopped) timer = setTimeout(loop, opts.tickMs ?? 30_000);
      });
  };
  return {
    tick,
    start() {
      stopped = false;
      timer = setTimeout(loop, 0);
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}
