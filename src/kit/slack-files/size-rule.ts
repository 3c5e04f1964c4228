/**
 * contract: POST /files/signed-uploads/create — `fileSize` is 100 bytes to 100 MB and must equal the uploaded size.
 * "MB" is read as 1,000,000 bytes: the stricter reading, so a file fieldline accepts is never refused upstream.
 */
import { FileTransferError } from './transfer-error.ts';

export const MIN_FILE_BYTES = 100;
export const MAX_FILE_BYTES = 100 * 1_000_000;

/** Human-readable size: 950 B, 12.3 KB, 4.5 MB (decimal units, like the contract's limit). */
export function formatBytes(bytes: number): string {
  if (bytes < 1000) return `${bytes} B`;
  if (bytes < 1_000_000) return `${trim(bytes / 1000)} KB`;
  if (bytes < 1_000_000_000) return `${trim(bytes / 1_000_000)} MB`;
  return `${trim(bytes / 1_000_000_000)} GB`;
}

function trim(value: number): string {
  return value >= 100 ? String(Math.round(value)) : value.toFixed(1).replace(/\.0$/, '');
}

/** null when the platform accepts this size; otherwise the per-file refusal. */
export function checkFileSize(name: string, bytes: number): FileTransferError | null {
  if (bytes < MIN_FILE_BYTES) {
    return new FileTransferError(
      'TOO_SMALL',
      `${name} is ${formatBytes(bytes)}; the platform accepts files from ${MIN_FILE_BYTES} B to 100 MB.`,
    );
  }
  if (bytes > MAX_FILE_BYTES) {
    return new FileTransferError(
      'TOO_LARGE',
      `${name} is ${formatBytes(bytes)}; the platform accepts files up to 100 MB.`,
    );
  }
  return null;
}
