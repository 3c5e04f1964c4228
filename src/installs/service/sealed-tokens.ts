/**
 * An installation's tokens, sealed like people's platform keys (../../access/service/key-vault.ts): AES-256-GCM
 * with FIELDLINE_ENCRYPTION_KEY, the installation's slot as additional authenticated data (a sealed value copied
 * to another installation's record does not open), older data keys still opened during a rotation.
 */
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/** What is sealed: never in the store in clear, never logged. */
export interface InstallationTokens {
  botToken: string;
  /** Token rotation (`token_rotation_enabled`): exchanged for a new bot token before it expires. */
  refreshToken?: string;
}

export interface Sealed {
  iv: string;
  tag: string;
  data: string;
}

export interface TokenSeal {
  seal(slot: string, tokens: InstallationTokens): Sealed;
  /** Null when no known data key opens it (another key, or tampered). */
  open(slot: string, sealed: Sealed): InstallationTokens | null;
}

export function tokenSeal(dataKey: Buffer, previousKeys: readonly Buffer[] = []): TokenSeal {
  const aad = (slot: string) => Buffer.from(`fieldline:installs:${slot}`);
  const keys = [dataKey, ...previousKeys];
  return {
    seal(slot, tokens) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', dataKey, iv);
      cipher.setAAD(aad(slot));
      const data = Buffer.concat([cipher.update(JSON.stringify(tokens), 'utf8'), cipher.final()]);
      return {
        iv: iv.toString('base64'),
        tag: cipher.getAuthTag().toString('base64'),
        data: data.toString('base64'),
      };
    },
    open(slot, sealed) {
      for (const key of keys) {
        try {
          const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(sealed.iv, 'base64'));
          decipher.setAAD(aad(slot));
          decipher.setAuthTag(Buffer.from(sealed.tag, 'base64'));
          const text = Buffer.concat([
            decipher.update(Buffer.from(sealed.data, 'base64')),
            decipher.final(),
          ]).toString('utf8');
          const parsed = JSON.parse(text) as Partial<InstallationTokens>;
          if (typeof parsed.botToken !== 'string') return null;
          return {
            botToken: parsed.botToken,
            ...(typeof parsed.refreshToken === 'string' ? { refreshToken: parsed.refreshToken } : {}),
          };
        } catch {
          // Another data key: try the next one.
        }
      }
      return null;
    },
  };
}
