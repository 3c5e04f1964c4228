/** FIELDLINE_ENCRYPTION_KEY, the key people's platform keys are sealed with (read by config.ts). */
export class EncryptionKeyError extends Error {
  override readonly name = 'EncryptionKeyError';
}

/** 32 bytes as 64 hex characters or base64 (44 characters). */
export function parseEncryptionKey(raw: string): Buffer {
  const text = raw.trim();
  const bytes = /^[0-9a-f]{64}$/i.test(text) ? Buffer.from(text, 'hex') : Buffer.from(text, 'base64');
  if (bytes.length !== 32)
    throw new EncryptionKeyError(
      'FIELDLINE_ENCRYPTION_KEY must be 32 random bytes as 64 hex characters or base64 (e.g. `openssl rand -base64 32`)',
    );
  return bytes;
}
