/**
 * What photo evidence keeps per workspace (issue 40), under `task-photos:ws:<workspace>:…`:
 * - `rules`: where completing a task needs a photo (set by admins with `/task require-photos`);
 * - `task:<taskId>`: the photos of a task already on the platform (a retry after a partial failure counts them,
 *   so nothing uploaded is asked for again), kept PHOTOS_KEPT_MS;
 * - `place:<taskId>`: per person, where the task's card is, kept when their try failed (the answer's button then
 *   completes the card itself, not only the answer), kept PLACE_KEPT_MS;
 * - `task-ids`: which task records exist (so `removeWorkspace` can delete them).
 * Every change goes through the store's atomic `update`: two admins (or two submissions) at once keep both.
 * The contract holds none of this. `removeWorkspace` deletes it all when the workspace leaves.
 */
import type { Store } from '../../store/store.ts';
import { MAX_PHOTO_RULES, sameRule, type PhotoRule } from '../rules/photo-rules.ts';

/** A task's uploaded photos are remembered for a week (a retry normally follows within minutes). */
export const PHOTOS_KEPT_MS = 7 * 24 * 3_600_000;
export const PLACE_KEPT_MS = 24 * 3_600_000;

/** Where a card is (from a signed payload, written by fieldline only). */
export interface CardPlaceKept {
  channel: string;
  ts: string;
  threadTs?: string;
}

/** The most task records listed per workspace (older ones expire on their own anyway). */
const MAX_TASK_IDS = 5_000;

export interface UploadedPhoto {
  slackFileId: string;
  name: string;
  /** Slack user who uploaded it. */
  by: string;
  /** Epoch ms. */
  at: number;
}

export type RuleChange = 'added' | 'exists' | 'full' | 'removed' | 'absent';

export interface PhotoStore {
  rules(ws: string): Promise<PhotoRule[]>;
  addRule(ws: string, rule: PhotoRule): Promise<RuleChange>;
  removeRule(ws: string, rule: PhotoRule): Promise<RuleChange>;
  /** Removes every rule; resolves with how many there were. */
  clearRules(ws: string): Promise<number>;
  uploaded(ws: string, taskId: string): Promise<UploadedPhoto[]>;
  /** Adds photos to a task's record (a file already there is not added twice); resolves with the whole record. */
  addUploaded(ws: string, taskId: string, photos: UploadedPhoto[]): Promise<UploadedPhoto[]>;
  keepPlace(ws: string, taskId: string, user: string, place: CardPlaceKept): Promise<void>;
  place(ws: string, taskId: string, user: string): Promise<CardPlaceKept | undefined>;
  removeWorkspace(ws: string): Promise<void>;
}

export function createPhotoStore(root: Store): PhotoStore {
  const of = (ws: string) => root.namespace('task-photos').namespace('ws').namespace(ws);
  const listTask = (ws: string, taskId: string) =>
    of(ws).update<string[]>('task-ids', (ids = []) =>
      ids.includes(taskId) ? ids : [...ids, taskId].slice(-MAX_TASK_IDS),
    );
  return {
    rules: async (ws) => (await of(ws).get<PhotoRule[]>('rules')) ?? [],

    async addRule(ws, rule) {
      let change: RuleChange = 'added';
      await of(ws).update<PhotoRule[]>('rules', (list = []) => {
        if (list.some((r) => sameRule(r, rule))) {
          change = 'exists';
          return list;
        }
        if (list.length >= MAX_PHOTO_RULES) {
          change = 'full';
          return list;
        }
        change = 'added';
        return [...list, rule];
      });
      return change;
    },

    async removeRule(ws, rule) {
      let change: RuleChange = 'absent';
      await of(ws).update<PhotoRule[]>('rules', (list = []) => {
        const kept = list.filter((r) => !sameRule(r, rule));
        change = kept.length === list.length ? 'absent' : 'removed';
        if (change === 'absent') return list;
        return kept.length > 0 ? kept : undefined;
      });
      return change;
    },

    async clearRules(ws) {
      let count = 0;
      await of(ws).update<PhotoRule[]>('rules', (list = []) => {
        count = list.length;
        return undefined;
      });
      return count;
    },

    uploaded: async (ws, taskId) => (await of(ws).get<UploadedPhoto[]>(`task:${taskId}`)) ?? [],

    async addUploaded(ws, taskId, photos) {
      const w = of(ws);
      await listTask(ws, taskId);
      const record = await w.update<UploadedPhoto[]>(
        `task:${taskId}`,
        (list = []) => {
          const fresh = photos.filter((p) => !list.some((q) => q.slackFileId === p.slackFileId));
          return fresh.length === 0 && list.length > 0 ? list : [...list, ...fresh];
        },
        PHOTOS_KEPT_MS,
      );
      return record ?? [];
    },

    async keepPlace(ws, taskId, user, place) {
      await listTask(ws, taskId);
      await of(ws).update<Record<string, CardPlaceKept>>(
        `place:${taskId}`,
        (all = {}) => ({ ...all, [user]: place }),
        PLACE_KEPT_MS,
      );
    },

    place: async (ws, taskId, user) =>
      (await of(ws).get<Record<string, CardPlaceKept>>(`place:${taskId}`))?.[user],

    async removeWorkspace(ws) {
      const w = of(ws);
      for (const id of (await w.get<string[]>('task-ids')) ?? []) {
        await w.delete(`task:${id}`);
        await w.delete(`place:${id}`);
      }
      await w.delete('task-ids');
      await w.delete('rules');
    },
  };
}
