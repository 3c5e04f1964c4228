/**
 * People's platform keys, encrypted at rest: AES-256-GCM (node:crypto) with the data key from
 * FIELDLINE_ENCRYPTION_KEY, one record per workspace and Slack user. The record's slot (team and user) is the
 * additional authenticated data, so a ciphertext copied to another person's slot does not decrypt. What the
 * store holds in clear is only what fieldline shows the person (which platform user, how many sites).
 *
 * Connect, its description (a job, after the ack), disconnect and another replica's connect of the same person can
 * meet (issue 35): a save or a removal replaces the record whole, and the description is merged in with `update`,
 * only into the connection it describes, so it never brings back a removed key or an earlier one.
 */
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
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
}

export interface KeyVault {
  /** Replaces the person's record; resolves to what was stored in clear (its `connectedAt` names this link). */
  save(teamId: string, userId: string, key: string, info?: Partial<LinkInfo>): Promise<LinkInfo>;
  /** The person's key, decrypted, or null when they have not connected (or it no longer decrypts). */
  key(teamId: string, userId: string): Promise<string | null>;
  info(teamId: string, userId: string): Promise<LinkInfo | null>;
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
}

export { EncryptionKeyError, parseEncryptionKey } from '../../base/encryption-key.ts';

const slot = (teamId: string, userId: string) => `link:${teamId}:${userId}`;

export function createKeyVault(deps: { store: Store; dataKey: Buffer; now: () => number }): KeyVault {
  const store = deps.store.namespace('access');
  const aad = (teamId: string, userId: string) => Buffer.from(`fieldline:${slot(teamId, userId)}`);

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

  function open(teamId: string, userId: string, link: StoredLink): string | null {
    try {
      const decipher = createDecipheriv('aes-256-gcm', deps.dataKey, Buffer.from(link.iv, 'base64'));
      decipher.setAAD(aad(teamId, userId));
      decipher.setAuthTag(Buffer.from(link.tag, 'base64'));
      return Buffer.concat([decipher.update(Buffer.from(link.data, 'base64')), decipher.final()]).toString(
        'utf8',
      );
    } catch {
      // Another data key (rotated) or a tampered record: the person connects again.
      return null;
    }
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
      await store.set(slot(teamId, userId), link);
      return info(link);
    },
    async key(teamId, userId) {
      const link = await store.get<StoredLink>(slot(teamId, userId));
      return link ? open(teamId, userId, link) : null;
    },
    async info(teamId, userId) {
      const link = await store.get<StoredLink>(slot(teamId, userId));
      return link ? info(link) : null;
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
  };
}
