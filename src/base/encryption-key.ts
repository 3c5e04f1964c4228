/**
 * FIELDLINE_ENCRYPTION_KEY, the key people's platform keys are sealed with, and FIELDLINE_ENCRYPTION_KEY_PREVIOUS,
 * the keys it replaced (records they sealed are still read, and sealed again with the current one). Read by
 * config-access.ts.
 */
export class EncryptionKeyError extends Error {
  override readonly name = 'EncryptionKeyError';
}

/** 32 bytes as 64 hex characters or base64 (44 characters). The message names `variable`, never the value. */
export function parseEncryptionKey(raw: string, variable = 'FIELDLINE_ENCRYPTION_KEY'): Buffer {
  const text = raw.trim();
  const bytes = /^[0-9a-f]{64}$/i.test(text) ? Buffer.from(text, 'hex') : Buffer.from(text, 'base64');
  if (bytes.length !== 32)
    throw new EncryptionKeyError(
      `${variable} must be 32 random bytes as 64 hex characters or base64 (e.g. \`openssl rand -base64 32\`)`,
    );
  return bytes;
}

/** Comma-separated keys (each as parseEncryptionKey), in the order given; empty parts are ignored. */
export function parseEncryptionKeys(raw: string, variable: string): Buffer[] {
  const parts = raw.split(',').map((part) => part.trim());
  return parts
    .filter((part) => part !== '')
    .map((part, i) => {
      try {
        return parseEncryptionKey(part, variable);
      } catch (err) {
        // Which one, by position: the value itself is a secret.
        throw new EncryptionKeyError(`${(err as Error).message} (key ${i + 1} of the list)`);
      }
    });
}
