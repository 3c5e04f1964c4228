/**
 * What the shift handover digest keeps in the Store (under `relay`): each channel's digest settings, the last
 * shift change posted per channel and site, the incident and task logs a shift is summarised from (48 h), and
 * each posted digest for its "and N more" buttons (7 days).
 */
import type { Store } from '../../store/store.ts';
import { syncIndex } from './channel-index.ts';
import type { DigestData, DigestSettings, IncidentLogEntry, TaskLogEntry } from '../rules/digest.ts';

const LOG_KEEP_MS = 48 * 3_600_000;
const LOG_MAX = 1_000;
const DIGEST_TTL_MS = 7 * 24 * 3_600_000;

export type DigestRecords = ReturnType<typeof digestRecords>;

function trim<T extends { at: number }>(entries: T[], now: number): T[] {
  return entries.filter((e) => e.at >= now - LOG_KEEP_MS).slice(-LOG_MAX);
}

/** `relay`: the relay's namespace of the Store (`alertStore(store).raw`). */
export function digestRecords(alerts: Store) {
  const s = alerts;
  return {
    async channels(): Promise<string[]> {
      return (await s.get<string[]>('digest-index')) ?? [];
    },
    settings: (channel: string) => s.get<DigestSettings>(`digest-settings:${channel}`),
    /**
     * Changes a channel's digest settings atomically (undefined: no digest), then lists or unlists the channel
     * in `digest-index` (`/monitor digest` in several channels at once must all count). Resolves to what is stored.
     */
    async updateSettings(
      channel: string,
      fn: (current: DigestSettings | undefined) => DigestSettings | undefined,
    ): Promise<DigestSettings | undefined> {
      const key = `digest-settings:${channel}`;
      const stored = await s.update<DigestSettings>(key, fn);
      await syncIndex(s, 'digest-index', channel, key, stored !== undefined);
      return stored;
    },
    /** Written by the lease holder's digest schedule only. */
    lastPosted: (channel: string, siteId: string) => s.get<number>(`digest-last:${channel}:${siteId}`),
    saveLastPosted: (channel: string, siteId: string, at: number) =>
      s.set(`digest-last:${channel}:${siteId}`, at),
    async incidentLog(channel: string): Promise<IncidentLogEntry[]> {
      return (await s.get<IncidentLogEntry[]>(`dlog:${channel}`)) ?? [];
    },
    /** Appends atomically (never a lost entry, whoever else appends). */
    async logIncidents(channel: string, entries: IncidentLogEntry[], now: number): Promise<void> {
      if (entries.length === 0) return;
      await s.update<IncidentLogEntry[]>(`dlog:${channel}`, (log) => trim([...(log ?? []), ...entries], now));
    },
    async taskLog(siteId: string): Promise<TaskLogEntry[]> {
      return (await s.get<TaskLogEntry[]>(`tlog:${siteId}`)) ?? [];
    },
    async logTasks(siteId: string, entries: TaskLogEntry[], now: number): Promise<void> {
      if (entries.length === 0) return;
      await s.update<TaskLogEntry[]>(`tlog:${siteId}`, (log) => trim([...(log ?? []), ...entries], now));
    },
    digest: (id: string) => s.get<DigestData>(`digest:${id}`),
    /** Written whole under its own id (no read first): two writers of one id write the same digest. */
    saveDigest: (d: DigestData) => s.set(`digest:${d.id}`, d, DIGEST_TTL_MS),
  };
}
