/**
 * People's platform keys, encrypted at rest: AES-256-GCM (node:crypto) with the data key from
 * FIELDLINE_ENCRYPTION_KEY, one record per workspace and Slack user. The record's slot (team and user) is the
 * additional authenticated data, so a ciphertext copied to another person's slot does not decrypt. What the
 * store holds in clear is only what fieldline shows the person (which platform user, how many sites).
 *
 * Connect, its description (a job, after the ack), disconnect and another replica's connect of the same person can
 * meet (issue 35): a save or a removal replaces the record whole, and the description is merged in with `update`,
 * only into the connection it describes, so it never brings back a removed key or an earlier one.
 *
 * Rotation (issue 37): a record sealed with a previous data key (FIELDLINE_ENCRYPTION_KEY_PREVIOUS) still opens, and
 * is sealed again with the current key by `update`, only if it is still the record that was read. A record no known
 * key opens is marked once (so it is logged once, on any replica) and reads as "must be renewed", never connected.
 */
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import type { Logger } from '../../base/log.ts';
import type { Store } from '../../store/store.ts';

/** What fieldline learned about a connected key (shown in App Home; no secret). */
export interface LinkInfo {
  connectedAt: number;
  /** The platform person the key belongs to, when fieldline could tell (by the Slack email). */
  platformUser: { id: string; name: string } | null;
  /** Sites the key sees, when counted. */
  sites: { count: number; names: string[] } | null;
}

interface StoredLink extends LinkInfo {
  v: 1;
  iv: string;
  tag: string;
  data: string;
  /** Set once no known data key opened the record: it was reported, and the person must connect again. */
  unopened?: true;
}

/** Where a person's connection stands: "must-renew" is a record kept but no known data key opens. */
export type LinkState =
  | { state: 'connected'; info: LinkInfo }
  | { state: 'not-connected' }
  | { state: 'must-renew'; connectedAt: number };

export interface KeyVault {
  /** Replaces the person's record; resolves to what was stored in clear (its `connectedAt` names this link). */
  save(teamId: string, userId: string, key: string, info?: Partial<LinkInfo>): Promise<LinkInfo>;
  /** The person's key, decrypted, or null when they have not connected or it must be renewed (see `state`). */
  key(teamId: string, userId: string): Promise<string | null>;
  /** What is shown of a working connection; null when there is none or it must be renewed. */
  info(teamId: string, userId: string): Promise<LinkInfo | null>;
  /** Connected (with what is shown of it), not connected, or must be renewed (no known data key opens it). */
  state(teamId: string, userId: string): Promise<LinkState>;
  /**
   * Adds what was learned to the person's link: the one saved at `connectedAt` when given (a later connection or
   * a disconnection since leaves the record as it is). False when nothing was described.
   */
  describe(
    teamId: string,
    userId: string,
    info: Partial<Omit<LinkInfo, 'connectedAt'>>,
    connectedAt?: number,
  ): Promise<boolean>;
  remove(teamId: string, userId: string): Promise<boolean>;
  /**
   * Removes every person's record of a workspace (the app was uninstalled there, issue 39): the people who saved
   * a key since the workspace index was kept, at most MAX_PEOPLE_PER_WORKSPACE. Resolves to how many were removed.
   */
  removeWorkspace(teamId: string): Promise<number>;
}

/** Bound of a workspace's index of people with a key (and so of what one removal deletes). */
export const MAX_PEOPLE_PER_WORKSPACE = 100_000;

export { EncryptionKeyError, parseEncryptionKey } from '../../base/encryption-key.ts';

const slot = (teamId: string, userId: string) => `link:${teamId}:${userId}`;
/**
 * Who in a workspace saved a key (ids only): what `removeWorkspace` deletes. Spread over a few keys by user, so
 * people connecting at the same moment rarely write the same one.
 */
const PEOPLE_SHARDS = 16;
const peopleShard = (teamId: string, shard: number) => `people:${teamId}:${shard}`;
const shardOf = (userId: string) => {
  let h = 0;
  for (const c of userId) h = (h * 31 + c.charCodeAt(0)) >>> 0;
  return h % PEOPLE_SHARDS;
};

export interface KeyVaultDeps {
  store: Store;
  /** The current data key: every record is sealed with it. */
  dataKey: Buffer;
  /** Data keys being rotated out: records they sealed are opened and sealed again with `dataKey`. */
  previousKeys?: readonly Buffer[];
  now: () => number;
  /** Where a record no known key opens is reported (once per record). */
  log?: Pick<Logger, 'warn'>;
}

/** A record as read, with its key when a known data key opened it. */
type Opened = { link: StoredLink; key: string | null };

export function createKeyVault(deps: KeyVaultDeps): KeyVault {
  const store = deps.store.namespace('access');
  const aad = (teamId: string, userId: string) => Buffer.from(`fieldline:${slot(teamId, userId)}`);
  const keys = [deps.dataKey, ...(deps.previousKeys ?? [])];

  function seal(teamId: string, userId: string, key: string) {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', deps.dataKey, iv);
    cipher.setAAD(aad(teamId, userId));
    const data = Buffer.concat([cipher.update(key, 'utf8'), cipher.final()]);
    return {
      iv: iv.toString('base64'),
      tag: cipher.getAuthTag().toString('base64'),
      data: data.toString('base64'),
    };
  }

  function openWith(dataKey: Buffer, teamId: string, userId: string, link: StoredLink): string | null {
    try {
      const decipher = createDecipheriv('aes-256-gcm', dataKey, Buffer.from(link.iv, 'base64'));
      decipher.setAAD(aad(teamId, userId));
      decipher.setAuthTag(Buffer.from(link.tag, 'base64'));
      return Buffer.concat([decipher.update(Buffer.from(link.data, 'base64')), decipher.final()]).toString(
        'utf8',
      );
    } catch {
      // Another data key, or a tampered record (GCM's tag says which key, if any, sealed it).
      return null;
    }
  }

  const sameSeal = (a: StoredLink | undefined, b: StoredLink) =>
    a !== undefined && a.iv === b.iv && a.tag === b.tag && a.data === b.data;

  /** Seals the record again with the current key, only if it is still the one read (a save meanwhile wins). */
  async function reseal(teamId: string, userId: string, read: StoredLink, key: string): Promise<void> {
    const sealed = seal(teamId, userId, key);
    await store
      .update<StoredLink>(slot(teamId, userId), (link) => {
        if (!link || !sameSeal(link, read)) return link;
        // Opens again (a data key given back): no longer reported as unopened.
        const { unopened: _reported, ...rest } = link;
        return { ...rest, ...sealed };
      })
      // The key was read; sealing again is tried on the next read.
      .catch((err: unknown) =>
        deps.log?.warn({ err, user: userId }, 'key vault: could not re-seal a record'),
      );
  }

  /** Marks a record no known key opens; the writer that marks it reports it, so it is logged once. */
  async function reportUnopened(teamId: string, userId: string, read: StoredLink): Promise<void> {
    let marked = false;
    await store
      .update<StoredLink>(slot(teamId, userId), (link) => {
        // Assigned on every run: the change may be tried again after another writer's.
        marked = link !== undefined && sameSeal(link, read) && !link.unopened;
        return marked && link ? { ...link, unopened: true } : link;
      })
      .catch(() => {
        // Not marked: reported by a later read instead.
        marked = false;
      });
    if (marked)
      deps.log?.warn(
        { team: teamId, user: userId, connectedAt: read.connectedAt },
        'key vault: a stored platform key opens with no known FIELDLINE_ENCRYPTION_KEY; the person must connect again',
      );
  }

  async function read(teamId: string, userId: string): Promise<Opened | undefined> {
    const link = await store.get<StoredLink>(slot(teamId, userId));
    if (!link) return undefined;
    for (const [i, dataKey] of keys.entries()) {
      const key = openWith(dataKey, teamId, userId, link);
      if (key === null) continue;
      if (i > 0 || link.unopened) await reseal(teamId, userId, link, key);
      return { link, key };
    }
    if (!link.unopened) await reportUnopened(teamId, userId, link);
    return { link, key: null };
  }

  const info = (link: StoredLink): LinkInfo => ({
    connectedAt: link.connectedAt,
    platformUser: link.platformUser,
    sites: link.sites,
  });

  return {
    async save(teamId, userId, key, extra = {}) {
      const link: StoredLink = {
        v: 1,
        ...seal(teamId, userId, key),
        connectedAt: deps.now(),
        platformUser: extra.platformUser ?? null,
        sites: extra.sites ?? null,
      };
      const shard = peopleShard(teamId, shardOf(userId));
      await Promise.all([
        store.set(slot(teamId, userId), link),
        store.update<string[]>(shard, (ids = []) =>
          ids.includes(userId) || ids.length >= MAX_PEOPLE_PER_WORKSPACE / PEOPLE_SHARDS
            ? ids
            : [...ids, userId],
        ),
      ]);
      return info(link);
    },
    async key(teamId, userId) {
      return (await read(teamId, userId))?.key ?? null;
    },
    async info(teamId, userId) {
      const opened = await read(teamId, userId);
      return opened?.key ? info(opened.link) : null;
    },
    async state(teamId, userId) {
      const opened = await read(teamId, userId);
      if (!opened) return { state: 'not-connected' };
      if (opened.key === null) return { state: 'must-renew', connectedAt: opened.link.connectedAt };
      return { state: 'connected', info: info(opened.link) };
    },
    async describe(teamId, userId, extra, connectedAt) {
      let described = false;
      await store.update<StoredLink>(slot(teamId, userId), (link) => {
        // Assigned on every run: the change may be tried again after another writer's.
        described = link !== undefined && (connectedAt === undefined || link.connectedAt === connectedAt);
        if (!link || !described) return link;
        return {
          ...link,
          ...(extra.platformUser !== undefined ? { platformUser: extra.platformUser } : {}),
          ...(extra.sites !== undefined ? { sites: extra.sites } : {}),
        };
      });
      return described;
    },
    remove: (teamId, userId) => store.delete(slot(teamId, userId)),
    async removeWorkspace(teamId) {
      const shards = Array.from({ length: PEOPLE_SHARDS }, (_, i) => peopleShard(teamId, i));
      const ids = (await Promise.all(shards.map((k) => store.get<string[]>(k)))).flatMap((l) => l ?? []);
      let removed = 0;
      // A few at a time: a large workspace must not flood the store.
      for (let i = 0; i < ids.length; i += 50) {
        const done = await Promise.all(ids.slice(i, i + 50).map((id) => store.delete(slot(teamId, id))));
        removed += done.filter(Boolean).length;
      }
      await Promise.all(shards.map((k) => store.delete(k)));
      return removed;
    },
  };
}
