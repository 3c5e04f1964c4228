/**
 * Persistent, ordered per-channel outbox. Items are stored one key each with head/tail counters, so a long
 * backlog costs no rewrite. Delivery is at-least-once: an item leaves the head only after every Slack write
 * it needs is recorded (see deliver-item.ts), so a restart resumes at the first unfinished item.
 */
import type { Store } from '../../store/store.ts';
import type { OutboxDraft, OutboxItem } from '../rules/model.ts';

export interface ItemProgress {
  /** Steps already written to Slack (e.g. `post`, `reply`, `update`). */
  done: string[];
}

export interface Outbox {
  enqueue(channel: string, drafts: OutboxDraft[], now: number): Promise<number>;
  peek(channel: string): Promise<OutboxItem | undefined>;
  /** Removes the head item; only after it was fully delivered. */
  complete(channel: string, seq: number): Promise<void>;
  pending(channel: string): Promise<number>;
  /** Channels that ever had an outbox (deliverer walks them). */
  channels(): Promise<string[]>;
  progress(channel: string, seq: number): Promise<ItemProgress>;
  markStep(channel: string, seq: number, step: string): Promise<void>;
}

export function createOutbox(root: Store): Outbox {
  const s = root.namespace('relay').namespace('outbox');
  const head = async (channel: string) => (await s.get<number>(`${channel}:head`)) ?? 0;
  const tail = async (channel: string) => (await s.get<number>(`${channel}:tail`)) ?? 0;

  // The index, head, tail and progress are changed atomically: a paused former leader still finishing its
  // work must not move a counter back or drop a channel the new leader added.
  async function remember(channel: string): Promise<void> {
    const index = (await s.get<string[]>('index')) ?? [];
    // Kept in the order channels first had an outbox.
    if (!index.includes(channel))
      await s.update<string[]>('index', (list) =>
        list?.includes(channel) ? list : [...(list ?? []), channel],
      );
  }

  return {
    async enqueue(channel, drafts, now) {
      if (drafts.length === 0) return 0;
      await remember(channel);
      let seq = Math.max(await tail(channel), await head(channel));
      for (const draft of drafts) {
        // SET NX per slot: a stale second writer (a paused former leader) can never overwrite an item.
        while (
          !(await s.add(`${channel}:item:${seq}`, { ...draft, seq, enqueuedAt: now } satisfies OutboxItem))
        )
          seq += 1;
        seq += 1;
        // The item is written before the tail moves: a crash in between leaves no hole, only an orphan key.
        const end = seq;
        await s.update<number>(`${channel}:tail`, (t) => Math.max(t ?? 0, end));
      }
      return drafts.length;
    },
    async peek(channel) {
      const h = await head(channel);
      if (h >= (await tail(channel))) return undefined;
      return s.get<OutboxItem>(`${channel}:item:${h}`);
    },
    async complete(channel, seq) {
      let moved = false;
      await s.update<number>(`${channel}:head`, (h) => {
        moved = (h ?? 0) === seq;
        return moved ? seq + 1 : h;
      });
      if (!moved) return;
      await s.delete(`${channel}:item:${seq}`);
      await s.delete(`${channel}:progress:${seq}`);
    },
    async pending(channel) {
      return Math.max(0, (await tail(channel)) - (await head(channel)));
    },
    async channels() {
      return (await s.get<string[]>('index')) ?? [];
    },
    async progress(channel, seq) {
      return (await s.get<ItemProgress>(`${channel}:progress:${seq}`)) ?? { done: [] };
    },
    async markStep(channel, seq, step) {
      await s.update<ItemProgress>(`${channel}:progress:${seq}`, (p) =>
        p?.done.includes(step) ? p : { done: [...(p?.done ?? []), step] },
      );
    },
  };
}
