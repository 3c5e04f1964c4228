/**
 * Typed access to everything the relay keeps, under the `relay` namespace of the shared Store (sqlite,
 * memory, or Redis with replicas). Nothing the relay needs to resume lives only in process memory.
 */
import type { Store } from '../../store/store.ts';
import type {
  AckRecord,
  ChannelEpisode,
  ChannelIncident,
  ChannelSubscriptions,
  MessageRecord,
  Snooze,
  Storm,
} from '../rules/model.ts';
import type { RelayStatus } from '../rules/status.ts';
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

export type RelayStore = ReturnType<typeof relayStore>;

function addToSet(list: string[] | undefined, value: string): string[] {
  const set = new Set(list ?? []);
  set.add(value);
  return [...set].sort();
}

export function relayStore(root: Store) {
  const s = root.namespace('relay');
  return {
    raw: s,
    // ── subscriptions ──
    async channels(): Promise<string[]> {
      return (await s.get<string[]>('subs:index')) ?? [];
    },
    subscriptions: (channel: string) => s.get<ChannelSubscriptions>(`subs:${channel}`),
    async saveSubscriptions(sub: ChannelSubscriptions): Promise<void> {
      const index = await s.get<string[]>('subs:index');
      if (sub.alerts === null && sub.tasks === null) {
        await s.delete(`subs:${sub.channel}`);
        await s.set(
          'subs:index',
          (index ?? []).filter((c) => c !== sub.channel),
        );
        return;
      }
      await s.set(`subs:${sub.channel}`, sub);
      if (!index?.includes(sub.channel)) await s.set('subs:index', addToSet(index, sub.channel));
    },
    // ── per-site state of the poller ──
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
    // ── per-channel planning state ──
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
    saveIncidentIndex: (channel: string, ids: string[]) => s.set(`inc-index:${channel}`, ids),
    /** A per-condition episode written before incidents (read and removed by the migration only). */
    legacyEpisode: (channel: string, key: string) => s.get<ChannelEpisode>(`ep:${channel}:${key}`),
    deleteLegacyEpisode: (channel: string, key: string) => s.delete(`ep:${channel}:${key}`),
    /** Set once a channel's per-condition state was moved to incidents. */
    migrated: async (channel: string) => (await s.get<number>(`incv:${channel}`)) === 2,
    markMigrated: (channel: string) => s.set(`incv:${channel}`, 2),
    async storms(channel: string): Promise<Record<string, Storm>> {
      return (await s.get<Record<string, Storm>>(`storms:${channel}`)) ?? {};
    },
    saveStorms: (channel: string, storms: Record<string, Storm>) => s.set(`storms:${channel}`, storms),
    async snoozes(channel: string): Promise<Record<string, Snooze>> {
      return (await s.get<Record<string, Snooze>>(`snoozes:${channel}`)) ?? {};
    },
    saveSnoozes: (channel: string, snoozes: Record<string, Snooze>) => s.set(`snoozes:${channel}`, snoozes),
    /** Whether an event was already enqueued for a channel (guards a re-plan after a crash mid-cycle). */
    async eventEnqueued(channel: string, id: string): Promise<boolean> {
      return (await s.get<number>(`evt:${channel}:${id}`)) !== undefined;
    },
    markEventEnqueued: (channel: string, id: string, ttlMs: number) =>
      s.set(`evt:${channel}:${id}`, 1, ttlMs),
    // ── delivery records ──
    message: (channel: string, subject: string) => s.get<MessageRecord>(`msg:${channel}:${subject}`),
    saveMessage: (channel: string, subject: string, rec: MessageRecord) =>
      s.set(`msg:${channel}:${subject}`, rec),
    ack: (channel: string, subject: string) => s.get<AckRecord>(`ack:${channel}:${subject}`),
    /** Records the first acknowledgement only: false when someone acknowledged first (atomic with Redis). */
    claimAck: (channel: string, subject: string, ack: AckRecord) => s.add(`ack:${channel}:${subject}`, ack),
    async channelStatus(channel: string): Promise<ChannelDeliveryStatus> {
      const found = await s.get<ChannelDeliveryStatus>(`chan:${channel}`);
      return found ?? { pausedUntil: null, lastError: null, delivered: 0, lastDeliveredAt: null };
    },
    saveChannelStatus: (channel: string, st: ChannelDeliveryStatus) => s.set(`chan:${channel}`, st),
    async zones(): Promise<Record<string, string>> {
      return (await s.get<Record<string, string>>('zones')) ?? {};
    },
    saveZones: (zones: Record<string, string>) => s.set('zones', zones),
    // ── poller status ──
    status: () => s.get<RelayStatus>('status'),
    saveStatus: (st: RelayStatus) => s.set('status', st),
  };
}
