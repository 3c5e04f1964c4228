/**
 * Typed access to everything the relay keeps, under the `relay` namespace of the shared Store (sqlite,
 * memory, or Redis with replicas). Nothing the relay needs to resume lives only in process memory.
 * A value that a Slack job (a command, a button) and the poller, or several jobs, may change is changed with
 * an `update…` accessor (atomic compare-and-set); plain `save…` is for values only the lease holder writes.
 */
import type { Store } from '../../store/store.ts';
import { syncIndex } from './channel-index.ts';
import type {
  AckRecord,
  ChannelEpisode,
  ChannelIncident,
  ChannelSubscriptions,
  MessageRecord,
  Snooze,
  Storm,
} from '../rules/model.ts';
import type { AlertStatus } from '../rules/status.ts';
import type { AlertTrack, TaskSnapshot } from '../rules/types.ts';

export interface SiteHealthRecord {
  /** Time of the complete cycle that wrote it. */
  at: number;
  tracks: Record<string, AlertTrack>;
  /** Source names, so that a source that vanished can still be named when its alert clears. */
  names: Record<string, string>;
  siteName: string | null;
}

export interface SiteTasksRecord {
  at: number;
  snapshots: Record<string, TaskSnapshot>;
}

export interface ChannelDeliveryStatus {
  pausedUntil: number | null;
  lastError: string | null;
  delivered: number;
  lastDeliveredAt: number | null;
}

export type AlertStore = ReturnType<typeof alertStore>;

const NO_DELIVERY: ChannelDeliveryStatus = {
  pausedUntil: null,
  lastError: null,
  delivered: 0,
  lastDeliveredAt: null,
};

export function alertStore(root: Store) {
  const s = root.namespace('relay');
  /**
   * Changes a channel's subscriptions in one atomic step (`fn` may run more than once: keep it pure), then lists
   * or unlists the channel in `subs:index`. A record with neither part is deleted. Resolves to what is stored.
   */
  async function updateSubscriptions(
    channel: string,
    fn: (current: ChannelSubscriptions | undefined) => ChannelSubscriptions | undefined,
  ): Promise<ChannelSubscriptions | undefined> {
    const stored = await s.update<ChannelSubscriptions>(`subs:${channel}`, (current) => {
      const next = fn(current);
      return next === undefined || (next.alerts === null && next.tasks === null) ? undefined : next;
    });
    await syncIndex(s, 'subs:index', channel, `subs:${channel}`, stored !== undefined);
    return stored;
  }
  return {
    raw: s,
    // ── subscriptions ──
    async channels(): Promise<string[]> {
      return (await s.get<string[]>('subs:index')) ?? [];
    },
    subscriptions: (channel: string) => s.get<ChannelSubscriptions>(`subs:${channel}`),
    updateSubscriptions,
    /** Replaces a channel's whole record (seeding a store); a change of what is there is `updateSubscriptions`. */
    async saveSubscriptions(sub: ChannelSubscriptions): Promise<void> {
      await updateSubscriptions(sub.channel, () => sub);
    },
    // ── per-site state of the poller (the lease holder only) ──
    siteHealth: (siteId: string) => s.get<SiteHealthRecord>(`health:${siteId}`),
    saveSiteHealth: (siteId: string, rec: SiteHealthRecord) => s.set(`health:${siteId}`, rec),
    /** The snapshots, with `at` = the last complete cycle that confirmed them (kept in a small key of its own). */
    async siteTasks(siteId: string): Promise<SiteTasksRecord | undefined> {
      const rec = await s.get<SiteTasksRecord>(`tasks:${siteId}`);
      if (rec === undefined) return undefined;
      return { ...rec, at: Math.max(rec.at, (await s.get<number>(`tasks-at:${siteId}`)) ?? 0) };
    },
    /** Rewrites the (possibly large) snapshot blob only when it changed; always confirms `at`. */
    async saveSiteTasks(
      siteId: string,
      rec: SiteTasksRecord,
      previous: SiteTasksRecord | undefined,
    ): Promise<void> {
      if (previous === undefined || JSON.stringify(previous.snapshots) !== JSON.stringify(rec.snapshots)) {
        await s.set(`tasks:${siteId}`, rec);
      }
      await s.set(`tasks-at:${siteId}`, rec.at);
    },
    // ── per-channel planning state (incidents and storms: the lease holder's planner only) ──
    /** The open incident of a device in a channel. */
    incident: (channel: string, sourceId: string) => s.get<ChannelIncident>(`inc:${channel}:${sourceId}`),
    async saveIncident(channel: string, sourceId: string, inc: ChannelIncident | null): Promise<void> {
      if (inc === null) await s.delete(`inc:${channel}:${sourceId}`);
      else await s.set(`inc:${channel}:${sourceId}`, inc);
    },
    /** Data sources with an open incident in a channel (the digest and the migration read them). */
    async incidentIndex(channel: string): Promise<string[]> {
      return (await s.get<string[]>(`inc-index:${channel}`)) ?? [];
    },
    /** Adds and removes sources atomically (a reader tolerates a listed source whose incident is gone). */
    updateIncidentIndex: (channel: string, add: Iterable<string>, remove: Iterable<string> = []) =>
      s.update<string[]>(`inc-index:${channel}`, (ids) => {
        const next = new Set(ids ?? []);
        for (const id of add) next.add(id);
        for (const id of remove) next.delete(id);
        return [...next].sort();
      }),
    /** A per-condition episode written before incidents (read and removed by the migration only). */
    legacyEpisode: (channel: string, key: string) => s.get<ChannelEpisode>(`ep:${channel}:${key}`),
    deleteLegacyEpisode: (channel: string, key: string) => s.delete(`ep:${channel}:${key}`),
    /** Set once a channel's per-condition state was moved to incidents (by the lease holder only). */
    migrated: async (channel: string) => (await s.get<number>(`incv:${channel}`)) === 2,
    markMigrated: (channel: string) => s.set(`incv:${channel}`, 2),
    async storms(channel: string): Promise<Record<string, Storm>> {
      return (await s.get<Record<string, Storm>>(`storms:${channel}`)) ?? {};
    },
    /** Written by the lease holder's planner only (the whole map it planned from what it read). */
    saveStorms: (channel: string, storms: Record<string, Storm>) => s.set(`storms:${channel}`, storms),
    async snoozes(channel: string): Promise<Record<string, Snooze>> {
      return (await s.get<Record<string, Snooze>>(`snoozes:${channel}`)) ?? {};
    },
    /** Snoozes are set by the Snooze menu (a job) while the poller counts and ends them: one atomic change each. */
    async updateSnoozes(
      channel: string,
      fn: (current: Record<string, Snooze>) => Record<string, Snooze>,
    ): Promise<Record<string, Snooze>> {
      const stored = await s.update<Record<string, Snooze>>(`snoozes:${channel}`, (current) => {
        const next = fn(current ?? {});
        return Object.keys(next).length === 0 ? undefined : next;
      });
      return stored ?? {};
    },
    /** Whether an event was already enqueued for a channel (guards a re-plan after a crash mid-cycle). */
    async eventEnqueued(channel: string, id: string): Promise<boolean> {
      return (await s.get<number>(`evt:${channel}:${id}`)) !== undefined;
    },
    markEventEnqueued: (channel: string, id: string, ttlMs: number) =>
      s.set(`evt:${channel}:${id}`, 1, ttlMs),
    /** Claims an event id atomically (set if absent): false when someone else claimed it first. */
    claimEvent: (channel: string, id: string, ttlMs: number) => s.add(`evt:${channel}:${id}`, 1, ttlMs),
    // ── delivery records (messages: the lease holder's deliverer only) ──
    message: (channel: string, subject: string) => s.get<MessageRecord>(`msg:${channel}:${subject}`),
    saveMessage: (channel: string, subject: string, rec: MessageRecord) =>
      s.set(`msg:${channel}:${subject}`, rec),
    ack: (channel: string, subject: string) => s.get<AckRecord>(`ack:${channel}:${subject}`),
    /** Records the first acknowledgement only: false when someone acknowledged first (atomic with Redis). */
    claimAck: (channel: string, subject: string, ack: AckRecord) => s.add(`ack:${channel}:${subject}`, ack),
    async channelStatus(channel: string): Promise<ChannelDeliveryStatus> {
      return (await s.get<ChannelDeliveryStatus>(`chan:${channel}`)) ?? { ...NO_DELIVERY };
    },
    /** One atomic change of a channel's delivery status (its `delivered` count must not lose an increment). */
    async updateChannelStatus(
      channel: string,
      fn: (current: ChannelDeliveryStatus) => ChannelDeliveryStatus,
    ): Promise<void> {
      await s.update<ChannelDeliveryStatus>(`chan:${channel}`, (found) => fn(found ?? NO_DELIVERY));
    },
    async zones(): Promise<Record<string, string>> {
      return (await s.get<Record<string, string>>('zones')) ?? {};
    },
    /** Adds or corrects the zones of some sites, keeping the others (merged atomically). */
    mergeZones: (zones: Record<string, string>) =>
      s.update<Record<string, string>>('zones', (stored) => {
        const next = { ...stored };
        for (const [id, zone] of Object.entries(zones)) next[id] = zone;
        return next;
      }),
    // ── poller status (the lease holder only) ──
    status: () => s.get<AlertStatus>('status'),
    saveStatus: (st: AlertStatus) => s.set('status', st),
  };
}
