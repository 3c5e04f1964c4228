/**
 * Index keys that list which channels have a record (`subs:index`, `digest-index`, the outbox index): changed only
 * with the Store's atomic `update`, so that two jobs or replicas adding different channels both count. Readers
 * tolerate a listed channel whose record is gone (a crash between the two writes, or a change in flight).
 */
import type { Store } from '../../store/store.ts';

/** `list` with `member` in it (sorted) or out of it; the same array when nothing changes (nothing written). */
export function withMember(
  list: string[] | undefined,
  member: string,
  present: boolean,
): string[] | undefined {
  const has = list?.includes(member) ?? false;
  if (has === present) return list;
  return present ? [...(list ?? []), member].sort() : (list ?? []).filter((m) => m !== member);
}

/**
 * Lists or unlists `channel` in `indexKey` after its record at `recordKey` was changed (`present`: whether the
 * change left a record). Another writer may change the record meanwhile, so the record is read again after the
 * index changed, and the index follows it until both agree: whoever writes the record last also has the index
 * match it last.
 */
export async function syncIndex(
  s: Store,
  indexKey: string,
  channel: string,
  recordKey: string,
  present: boolean,
): Promise<void> {
  for (let want = present; ;) {
    await s.update<string[]>(indexKey, (list) => withMember(list, channel, want));
    // An update that changes nothing is a fresh read of the store itself (never a cached value).
    const now = (await s.update<unknown>(recordKey, (v) => v)) !== undefined;
    if (now === want) return;
    want = now;
  }
}
