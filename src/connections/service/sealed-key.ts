/**
 * A connection's API key sealed at rest: AES-256-GCM with FIELDLINE_ENCRYPTION_KEY, like people's keys
 * (src/access/service/key-vault.ts). The workspace key and the base URL are the additional authenticated data,
 * so a sealed key copied to another workspace's record, or kept under a changed URL, does not open.
 */
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

export interface SealedKey {
  v: 1;
  iv: string;
  tag: string;
  data: string;
}

const aad = (workspace: string, baseUrl: string) =>
  Buffer.from(`fieldline:connection:${workspace}:${baseUrl}`);

export function sealKey(dataKey: Buffer, workspace: string, baseUrl: string, key: string): SealedKey {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', dataKey, iv);
  cipher.setAAD(aad(workspace, baseUrl));
  const data = Buffer.concat([cipher.update(key, 'utf8'), cipher.final()]);
  return {
    v: 1,
    iv: iv.toString('base64'),
    tag: cipher.getAuthTag().toString('base64'),
    data: data.toString('base64'),
  };
}

/** The key, or null when none of `dataKeys` opens it (another data key, or a tampered record). */
export function openKey(
  dataKeys: readonly Buffer[],
  workspace: string,
  baseUrl: string,
  sealed: SealedKey,
): string | null {
  for (const dataKey of dataKeys) {
    try {
      const decipher = createDecipheriv('aes-256-gcm', dataKey, Buffer.from(sealed.iv, 'base64'));
      decipher.setAAD(aad(workspace, baseUrl));
      decipher.setAuthTag(Buffer.from(sealed.tag, 'base64'));
      return Buffer.concat([decipher.update(Buffer.from(sealed.data, 'base64')), decipher.final()]).toString(
        'utf8',
      );
    } catch {
      // Try the next (previous) data key.
    }
  }
  return null;
}
