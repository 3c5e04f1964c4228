/**
 * What the shift handover digest keeps in the Store (under `relay`): each channel's digest settings, the last
 * shift change posted per channel and site, the incident and task logs a shift is summarised from (48 h), and
 * each posted digest for its "and N more" buttons (7 days).
 */
import type { Store } from '../../store/store.ts';
import type { DigestData, DigestSettings, IncidentLogEntry, TaskLogEntry } from '../rules/digest.ts';

const LOG_KEEP_MS = 48 * 3_600_000;
const LOG_MAX = 1_000;
const DIGEST_TTL_MS = 7 * 24 * 3_600_000;

export type DigestRecords = ReturnType<typeof digestRecords>;

function trim<T extends { at: number }>(entries: T[], now: number): T[] {
  return entries.filter((e) => e.at >= now - LOG_KEEP_MS).slice(-LOG_MAX);
}

/** `relay`: the relay's namespace of the Store (`relayStore(store).raw`). */
export function digestRecords(relay: Store) {
  const s = relay;
  return {
    async channels(): Promise<string[]> {
      return (await s.get<string[]>('digest-index')) ?? [];
    },
    settings: (channel: string) => s.get<DigestSettings>(`digest-settings:${channel}`),
    async saveSettings(channel: string, settings: DigestSettings | null): Promise<void> {
      const index = new Set(await this.channels());
      if (settings === null) {
        await s.delete(`digest-settings:${channel}`);
        index.delete(channel);
      } else {
        await s.set(`digest-settings:${channel}`, settings);
        index.add(channel);
      }
      await s.set('digest-index', [...index].sort());
    },
    lastPosted: (channel: string, siteId: string) => s.get<number>(`digest-last:${channel}:${siteId}`),
    saveLastPosted: (channel: string, siteId: string, at: number) =>
      s.set(`digest-last:${channel}:${siteId}`, at),
    async incidentLog(channel: string): Promise<IncidentLogEntry[]> {
      return (await s.get<IncidentLogEntry[]>(`dlog:${channel}`)) ?? [];
    },
    async logIncidents(channel: string, entries: IncidentLogEntry[], now: number): Promise<void> {
      if (entries.length === 0) return;
      await s.set(`dlog:${channel}`, trim([...(await this.incidentLog(channel)), ...entries], now));
    },
    async taskLog(siteId: string): Promise<TaskLogEntry[]> {
      return (await s.get<TaskLogEntry[]>(`tlog:${siteId}`)) ?? [];
    },
    async logTasks(siteId: string, entries: TaskLogEntry[], now: number): Promise<void> {
      if (entries.length === 0) return;
      await s.set(`tlog:${siteId}`, trim([...(await this.taskLog(siteId)), ...entries], now));
    },
    digest: (id: string) => s.get<DigestData>(`digest:${id}`),
    saveDigest: (d: DigestData) => s.set(`digest:${d.id}`, d, DIGEST_TTL_MS),
  };
}
