/**
 * Local mode with the embedded sandbox: the sandbox makes its demo world anew on every start (in memory), and so
 * does the Slack stand-in, while the store may persist (./data/fieldline.sqlite). Task snapshots, alert state and
 * message records kept for an earlier world would read as changes in the new one: phantom task changes posted as
 * replies to threads that no longer exist. So the store records which sandbox run it belongs to, and when the
 * sandbox is a different one, fieldline starts from a clean local store (a sqlite file is kept aside, not lost).
 */
import { rename, stat } from 'node:fs/promises';
import type { StoreUrl } from '../../base/config.ts';
import { openStore, type OpenStoreOptions } from '../../store/open-store.ts';
import type { Store } from '../../store/store.ts';

const RUN_KEY = 'local:sandbox-run';

export interface LocalStore {
  store: Store;
  /** true when the store held another sandbox run's data (or none recorded) and was started clean */
  cleaned: boolean;
  /** where the earlier sqlite file was kept, when there was one */
  keptAs?: string;
}

async function exists(path: string): Promise<boolean> {
  return stat(path).then(
    () => true,
    () => false,
  );
}

/** Moves the sqlite file (and its WAL/SHM companions) to `<path>.previous-run`, replacing an older one. */
async function setAside(path: string): Promise<string | undefined> {
  const kept = `${path}.previous-run`;
  if (!(await exists(path))) return undefined;
  for (const suffix of ['', '-wal', '-shm']) {
    if (await exists(path + suffix)) await rename(path + suffix, kept + suffix);
  }
  return kept;
}

export async function openLocalStore(
  url: StoreUrl,
  opts: OpenStoreOptions,
  sandboxRunId: string,
): Promise<LocalStore> {
  const store = await openStore(url, opts);
  const recorded = await store.get<string>(RUN_KEY);
  if (recorded === sandboxRunId) return { store, cleaned: false };
  let clean = store;
  let keptAs: string | undefined;
  if (url.kind === 'sqlite') {
    await store.close();
    keptAs = await setAside(url.path);
    clean = await openStore(url, opts);
  } else if (url.kind === 'redis') {
    // The Store interface cannot drop keys: this run's own prefix keeps the earlier world's keys out of sight
    // (they expire with their TTLs).
    await store.close();
    clean = await openStore(url, {
      ...opts,
      keyPrefix: `${opts.keyPrefix ?? 'fieldline:'}run-${sandboxRunId}:`,
    });
  }
  await clean.set(RUN_KEY, sandboxRunId);
  return { store: clean, cleaned: true, ...(keptAs ? { keptAs } : {}) };
}
