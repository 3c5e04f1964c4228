/** The access settings (src/base/config.ts reads them with the rest of the environment). */
import { parseEncryptionKey, parseEncryptionKeys } from './encryption-key.ts';

export interface AccessConfig {
  /**
   * `linked` (default): each person acts with their own platform key, connected from App Home.
   * `shared`: an admin's explicit choice — everyone allowed acts with MONITORING_API_KEY and writes name them.
   */
  mode: 'linked' | 'shared';
  /** FIELDLINE_ENCRYPTION_KEY (32 bytes, hex or base64): encrypts people's keys at rest. Local mode makes one up. */
  encryptionKey: Buffer | undefined;
  /**
   * FIELDLINE_ENCRYPTION_KEY_PREVIOUS (comma-separated, same form): keys being rotated out. Records sealed with
   * one are still read, and sealed again with encryptionKey when read.
   */
  previousEncryptionKeys: Buffer[];
  allowGuests: boolean;
  /** Slack user group (ID or handle) whose members may configure channels besides admins and owners. */
  adminGroup: string | undefined;
}

function parseKeys(
  e: Record<string, string | undefined>,
  linkedWithSlack: boolean,
  problems: string[],
): Pick<AccessConfig, 'encryptionKey' | 'previousEncryptionKeys'> {
  let encryptionKey: Buffer | undefined;
  let previous: Buffer[] = [];
  try {
    if (e.FIELDLINE_ENCRYPTION_KEY !== undefined)
      encryptionKey = parseEncryptionKey(e.FIELDLINE_ENCRYPTION_KEY);
  } catch (err) {
    problems.push(err instanceof Error ? err.message : String(err));
  }
  try {
    if (e.FIELDLINE_ENCRYPTION_KEY_PREVIOUS !== undefined)
      previous = parseEncryptionKeys(
        e.FIELDLINE_ENCRYPTION_KEY_PREVIOUS,
        'FIELDLINE_ENCRYPTION_KEY_PREVIOUS',
      );
  } catch (err) {
    problems.push(err instanceof Error ? err.message : String(err));
  }
  if (e.FIELDLINE_ENCRYPTION_KEY === undefined && linkedWithSlack)
    problems.push(
      "FIELDLINE_ENCRYPTION_KEY is required with ACCESS_MODE=linked: people's platform keys are stored encrypted with it (e.g. `openssl rand -base64 32`)",
    );
  else if (e.FIELDLINE_ENCRYPTION_KEY === undefined && e.FIELDLINE_ENCRYPTION_KEY_PREVIOUS !== undefined)
    problems.push(
      'FIELDLINE_ENCRYPTION_KEY_PREVIOUS is set but FIELDLINE_ENCRYPTION_KEY is not: set the new key there and keep the old one(s) in FIELDLINE_ENCRYPTION_KEY_PREVIOUS',
    );
  // The current key listed again as a previous one is no second key.
  const others = previous.filter((key) => !encryptionKey?.equals(key));
  return { encryptionKey, previousEncryptionKeys: others };
}

export function parseAccess(
  e: Record<string, string | undefined>,
  local: boolean,
  problems: string[],
): AccessConfig {
  const mode = (e.ACCESS_MODE ?? 'linked').toLowerCase();
  if (mode !== 'linked' && mode !== 'shared')
    problems.push(`ACCESS_MODE must be linked or shared (got "${e.ACCESS_MODE}")`);
  const keys = parseKeys(e, mode === 'linked' && !local, problems);
  const guests = (e.ALLOW_GUESTS ?? 'false').toLowerCase();
  if (guests !== 'true' && guests !== 'false')
    problems.push(`ALLOW_GUESTS must be true or false (got "${e.ALLOW_GUESTS}")`);
  return {
    mode: mode === 'shared' ? 'shared' : 'linked',
    ...keys,
    allowGuests: guests === 'true',
    adminGroup: e.FIELDLINE_ADMIN_GROUP,
  };
}
