/**
 * Site time zones the relay needs (overdue tasks, "until 06:00 site time", message times). Learned from camera
 * full records read anyway, remembered in the Store, and asked of the directory only for a site never seen —
 * so that a steady-state cycle makes no call beyond its pages and camera records.
 */
import type { Directory } from '../../directory/types.ts';
import type { AlertStore } from '../engine/alert-store.ts';

export async function resolveZones(
  rs: AlertStore,
  directory: Pick<Directory, 'site'> | undefined,
  learned: ReadonlyMap<string, string>,
  siteIds: Iterable<string>,
  signal?: AbortSignal,
): Promise<Map<string, string | null>> {
  const stored = await rs.zones();
  const zones: Record<string, string> = { ...stored, ...Object.fromEntries(learned) };
  const out = new Map<string, string | null>();
  for (const siteId of new Set(siteIds)) {
    if (zones[siteId] === undefined && directory !== undefined) {
      try {
        const zone = (await directory.site(siteId, signal))?.timeZone;
        if (zone) zones[siteId] = zone;
      } catch {
        // Unknown for now: UTC is used and the directory is asked again next cycle.
      }
    }
    out.set(siteId, zones[siteId] ?? null);
  }
  // Merged into what is stored now (only the lease holder writes it; a merge keeps a handover's overlap safe).
  const found = Object.fromEntries(Object.entries(zones).filter(([id, zone]) => stored[id] !== zone));
  if (Object.keys(found).length > 0) await rs.mergeZones(found);
  return out;
}
