/**
 * Rounds and handovers as fieldline keeps them (the contract holds none of it): everything under the workspace key
 * (`rounds:ws:<workspace>:…`), changed with the store's atomic `update` (two admins adding at once keep both) and
 * claimed with its atomic `add` (a due slot, a reminder, an acceptance: exactly once across replicas). An index
 * names the workspaces with rounds (for the scheduler) and which workspace a channel belongs to (for the digest).
 * `removeWorkspace` deletes everything a workspace kept; claims expire on their own within days.
 */
import type { Store } from '../../store/store.ts';
import type { HandoverRecord, HandoverSetting, OutOfLimit, RoundDef, RoundRun } from '../rules/model.ts';

const DAY_MS = 24 * 3_600_000;
/** Runs kept per round: the App Home's 7-day completion rate, the digest's shift and a reminder's look-back. */
const RUNS_KEPT_MS = 8 * DAY_MS;
const RECORD_TTL_MS = 14 * DAY_MS;
export const MAX_ROUNDS = 50;

export interface RoundsStore {
  workspaces(): Promise<string[]>;
  workspaceOf(channel: string): Promise<string | undefined>;
  rounds(ws: string): Promise<RoundDef[]>;
  /** false: the workspace has MAX_ROUNDS already. */
  addRound(ws: string, def: RoundDef): Promise<boolean>;
  removeRound(ws: string, id: string): Promise<RoundDef | undefined>;
  runs(ws: string, roundId: string): Promise<Record<string, RoundRun>>;
  updateRun(
    ws: string,
    roundId: string,
    slot: number,
    fn: (run: RoundRun | undefined) => RoundRun | undefined,
  ): Promise<RoundRun | undefined>;
  /** Exactly one caller gets true per `what` within `ttlMs` (SET NX). */
  claim(ws: string, what: string, value: unknown, ttlMs: number): Promise<boolean>;
  claimed<T>(ws: string, what: string): Promise<T | undefined>;
  release(ws: string, what: string): Promise<void>;
  saveOutOfLimit(ws: string, o: OutOfLimit): Promise<void>;
  outOfLimit(ws: string, id: string): Promise<OutOfLimit | undefined>;
  updateOutOfLimit(
    ws: string,
    id: string,
    fn: (o: OutOfLimit | undefined) => OutOfLimit | undefined,
  ): Promise<OutOfLimit | undefined>;
  handovers(ws: string): Promise<HandoverSetting[]>;
  handover(ws: string, channel: string, siteId: string): Promise<HandoverSetting | undefined>;
  setHandover(ws: string, setting: HandoverSetting): Promise<void>;
  removeHandover(ws: string, channel: string, siteId: string): Promise<boolean>;
  record(ws: string, channel: string, siteId: string, change: number): Promise<HandoverRecord | undefined>;
  updateRecord(
    ws: string,
    channel: string,
    siteId: string,
    change: number,
    fn: (r: HandoverRecord) => HandoverRecord,
  ): Promise<HandoverRecord | undefined>;
  removeWorkspace(ws: string): Promise<void>;
}

const settingKey = (channel: string, siteId: string) => `${channel}|${siteId}`;
const recordKey = (channel: string, siteId: string, change: number) => `ho:${channel}:${siteId}:${change}`;

export function createRoundsStore(root: Store): RoundsStore {
  const index = root.namespace('rounds-index');
  const of = (ws: string) => root.namespace('rounds').namespace('ws').namespace(ws);
  const touch = async (ws: string, channel: string) => {
    await index.update<string[]>('workspaces', (list = []) => (list.includes(ws) ? list : [...list, ws]));
    await index.update<string>(`channel:${channel}`, (current) => (current === ws ? current : ws));
  };
  const store: RoundsStore = {
    workspaces: async () => (await index.get<string[]>('workspaces')) ?? [],
    workspaceOf: (channel) => index.get<string>(`channel:${channel}`),
    rounds: async (ws) => (await of(ws).get<RoundDef[]>('defs')) ?? [],
    async addRound(ws, def) {
      let added = false;
      await of(ws).update<RoundDef[]>('defs', (list = []) => {
        added = list.length < MAX_ROUNDS;
        return added ? [...list, def] : list;
      });
      if (added) await touch(ws, def.channel);
      return added;
    },
    async removeRound(ws, id) {
      let removed: RoundDef | undefined;
      await of(ws).update<RoundDef[]>('defs', (list = []) => {
        removed = list.find((d) => d.id === id);
        return removed ? list.filter((d) => d.id !== id) : list;
      });
      if (removed) await of(ws).delete(`runs:${id}`);
      return removed;
    },
    runs: async (ws, roundId) => (await of(ws).get<Record<string, RoundRun>>(`runs:${roundId}`)) ?? {},
    async updateRun(ws, roundId, slot, fn) {
      let out: RoundRun | undefined;
      await of(ws).update<Record<string, RoundRun>>(`runs:${roundId}`, (all = {}) => {
        const next: Record<string, RoundRun> = {};
        const oldest = slot - RUNS_KEPT_MS;
        for (const [k, v] of Object.entries(all)) if (v.slot >= oldest || v.slot > slot) next[k] = v;
        out = fn(all[String(slot)]);
        if (out) next[String(slot)] = out;
        else delete next[String(slot)];
        return next;
      });
      return out;
    },
    claim: (ws, what, value, ttlMs) => of(ws).add(`claim:${what}`, value, ttlMs),
    claimed: (ws, what) => of(ws).get(`claim:${what}`),
    async release(ws, what) {
      await of(ws).delete(`claim:${what}`);
    },
    async saveOutOfLimit(ws, o) {
      await of(ws).set(`oor:${o.id}`, o, RUNS_KEPT_MS);
      await of(ws).update<string[]>('oor-ids', (ids = []) => [...ids.slice(-499), o.id]);
    },
    outOfLimit: (ws, id) => of(ws).get<OutOfLimit>(`oor:${id}`),
    updateOutOfLimit: (ws, id, fn) => of(ws).update<OutOfLimit>(`oor:${id}`, fn, RUNS_KEPT_MS),
    handovers: async (ws) =>
      Object.values((await of(ws).get<Record<string, HandoverSetting>>('handovers')) ?? {}),
    handover: async (ws, channel, siteId) =>
      ((await of(ws).get<Record<string, HandoverSetting>>('handovers')) ?? {})[settingKey(channel, siteId)],
    async setHandover(ws, setting) {
      await of(ws).update<Record<string, HandoverSetting>>('handovers', (all = {}) => {
        const before = all[settingKey(setting.channel, setting.siteId)];
        return {
          ...all,
          [settingKey(setting.channel, setting.siteId)]: { ...setting, changes: before?.changes ?? [] },
        };
      });
      await touch(ws, setting.channel);
    },
    async removeHandover(ws, channel, siteId) {
      let removed = false;
      await of(ws).update<Record<string, HandoverSetting>>('handovers', (all = {}) => {
        const key = settingKey(channel, siteId);
        removed = key in all;
        if (!removed) return all;
        const next = { ...all };
        delete next[key];
        return next;
      });
      return removed;
    },
    record: (ws, channel, siteId, change) => of(ws).get<HandoverRecord>(recordKey(channel, siteId, change)),
    async updateRecord(ws, channel, siteId, change, fn) {
      const out = await of(ws).update<HandoverRecord>(
        recordKey(channel, siteId, change),
        (r) => fn(r ?? { channel, siteId, change }),
        RECORD_TTL_MS,
      );
      await of(ws).update<Record<string, HandoverSetting>>('handovers', (all = {}) => {
        const key = settingKey(channel, siteId);
        const s = all[key];
        if (!s || s.changes.includes(change)) return all;
        return { ...all, [key]: { ...s, changes: [...s.changes.slice(-49), change] } };
      });
      return out;
    },
    async removeWorkspace(ws) {
      const w = of(ws);
      for (const def of await store.rounds(ws)) await w.delete(`runs:${def.id}`);
      for (const id of (await w.get<string[]>('oor-ids')) ?? []) await w.delete(`oor:${id}`);
      const channels = new Set<string>();
      for (const s of await store.handovers(ws)) {
        channels.add(s.channel);
        for (const change of s.changes) await w.delete(recordKey(s.channel, s.siteId, change));
      }
      for (const def of await store.rounds(ws)) channels.add(def.channel);
      for (const key of ['defs', 'oor-ids', 'handovers']) await w.delete(key);
      for (const channel of channels)
        await index.update<string>(`channel:${channel}`, (current) => (current === ws ? undefined : current));
      await index.update<string[]>('workspaces', (list = []) => list.filter((x) => x !== ws));
    },
  };
  return store;
}
