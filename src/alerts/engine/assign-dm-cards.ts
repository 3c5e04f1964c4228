/**
 * The assignees' DM cards of one task, in one store entry (`relay:dm-cards:<taskId>`) that is only ever changed
 * with `Store.update` (compare-and-set on every backend). The Slack path in a job, the poller's deliverer and
 * other replicas may all notice the same assignment at once: the entry decides which one of them posts the card
 * (a claim), where the card is (to edit it in place) and what it must show (the newest task version seen).
 */
import { createHash } from 'node:crypto';
import type { Store } from '../../store/store.ts';
import type { RenderedMessage } from '../render/alert-message.ts';

export interface DmCard {
  /** The Slack user the card is for. */
  user: string;
  /** posting: claimed by `token` at `at`; posted: `channel`/`ts` known; none: decided not to DM them. */
  state: 'posting' | 'posted' | 'none';
  at: number;
  token?: string;
  channel?: string;
  ts?: string;
  /** False once the task went to someone else (their card says so); assigned again, they are told again. */
  current: boolean;
  /** The newest task version (lastModifiedDate, ms) applied: an older one changes nothing any more. */
  version: number;
  /** What the card must show, and the fingerprint of what was last written to Slack. */
  want?: { fp: string; message: RenderedMessage };
  shownFp?: string;
}

/** By platform assignee id. */
export interface DmCards {
  cards: Record<string, DmCard>;
}

/** Kept while the task may still change; each write renews it. */
const TTL_MS = 30 * 24 * 3_600_000;
/** A post claimed this long ago never finished (its process died): someone else may post it. */
export const STALE_CLAIM_MS = 2 * 60_000;

export const fingerprint = (m: RenderedMessage): string =>
  createHash('sha1').update(JSON.stringify(m)).digest('hex').slice(0, 16);

/** A task version as a number (0 when the platform gave none): only ever compared. */
export const versionOf = (modifiedAt: string | null | undefined): number =>
  (modifiedAt ? Date.parse(modifiedAt) : 0) || 0;

type Change = (card: DmCard | undefined) => DmCard | undefined | 'same';

export function dmCardStore(alerts: Store) {
  const key = (taskId: string) => `dm-cards:${taskId}`;
  /** One card's change as one atomic step of the task's entry; resolves to that card as now stored. */
  async function change(taskId: string, assigneeId: string, fn: Change): Promise<DmCard | undefined> {
    const stored = await alerts.update<DmCards>(
      key(taskId),
      (rec) => {
        const next = fn(rec?.cards[assigneeId]);
        if (next === 'same') return rec;
        const cards = { ...rec?.cards };
        if (next === undefined) delete cards[assigneeId];
        else cards[assigneeId] = next;
        return Object.keys(cards).length === 0 ? undefined : { cards };
      },
      TTL_MS,
    );
    return stored?.cards[assigneeId];
  }

  return {
    read: async (taskId: string) => (await alerts.get<DmCards>(key(taskId)))?.cards ?? {},
    /**
     * Claims telling `assigneeId` about the task: true for exactly one caller per assignment. Open to a claim:
     * nobody told yet, a person assigned again after a newer version took it away, or a claim gone stale.
     */
    async claim(
      taskId: string,
      assigneeId: string,
      claim: { user: string; token: string; now: number; version: number; want: RenderedMessage },
    ): Promise<boolean> {
      const stored = await change(taskId, assigneeId, (c) => {
        const open =
          c === undefined ||
          (!c.current && claim.version > c.version) ||
          (c.state === 'posting' && claim.now - c.at > STALE_CLAIM_MS);
        if (!open) return 'same';
        const want = { fp: fingerprint(claim.want), message: claim.want };
        return {
          user: claim.user,
          state: 'posting',
          at: claim.now,
          token: claim.token,
          current: true,
          version: claim.version,
          want,
        };
      });
      return stored?.token === claim.token;
    },
    /** The claimed card was posted (or `place` null: not DMed after all, and never will be for this assignment). */
    async finish(
      taskId: string,
      assigneeId: string,
      token: string,
      place: { channel: string; ts: string; fp: string } | null,
    ): Promise<void> {
      await change(taskId, assigneeId, (c) => {
        if (c?.token !== token) return 'same';
        const { token: _claimed, ...rest } = c;
        return place === null
          ? { ...rest, state: 'none' }
          : { ...rest, state: 'posted', channel: place.channel, ts: place.ts, shownFp: place.fp };
      });
    },
    /** A claim whose post failed for a while (rate limit, outage): gone, so a retry may claim it again. */
    async release(taskId: string, assigneeId: string, token: string): Promise<void> {
      await change(taskId, assigneeId, (c) => (c?.token === token ? undefined : 'same'));
    },
    /** The card must now show `message` (as of task `version`); `current`: still assigned to that person. */
    async want(
      taskId: string,
      assigneeId: string,
      version: number,
      current: boolean,
      message: RenderedMessage,
    ): Promise<void> {
      const fp = fingerprint(message);
      await change(taskId, assigneeId, (c) => {
        if (c === undefined || c.version > version) return 'same';
        if (c.want?.fp === fp && c.current === current && c.version === version) return 'same';
        return { ...c, version, current, want: { fp, message } };
      });
    },
    /**
     * Makes the posted card show what it must. Whoever writes checks afterwards that nothing newer was asked
     * for meanwhile, and writes again if so: the last writer leaves Slack showing the newest version.
     */
    async settle(
      taskId: string,
      assigneeId: string,
      write: (channel: string, ts: string, message: RenderedMessage) => Promise<void>,
    ): Promise<void> {
      let force = false;
      for (let round = 0; round < 4; round++) {
        const c = (await alerts.get<DmCards>(key(taskId)))?.cards[assigneeId];
        if (c?.state !== 'posted' || !c.want || !c.channel || !c.ts) return;
        if (!force && c.want.fp === c.shownFp) return;
        const { fp } = c.want;
        await write(c.channel, c.ts, c.want.message);
        const after = await change(taskId, assigneeId, (d) =>
          !d || d.ts !== c.ts || d.want?.fp !== fp || d.shownFp === fp ? 'same' : { ...d, shownFp: fp },
        );
        if (after?.want?.fp === fp) return;
        force = true; // our write may have landed after a newer one: write the newest again
      }
    },
    /** A card Slack refuses to edit (gone, DMs closed): left as it is from now on. */
    async forget(taskId: string, assigneeId: string, ts: string): Promise<void> {
      await change(taskId, assigneeId, (c) => (c?.ts === ts ? { ...c, state: 'none' } : 'same'));
    },
  };
}

export type DmCardStore = ReturnType<typeof dmCardStore>;
