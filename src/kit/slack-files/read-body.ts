/** Reads a download into one Buffer without holding the bytes twice, refusing anything past the limit. */
import { FileTransferError } from './transfer-error.ts';

export async function readBody(
  body: AsyncIterable<Uint8Array>,
  name: string,
  expectedBytes: number,
  maxBytes: number,
): Promise<Buffer> {
  // One allocation at the declared size; a longer body grows the buffer, never past maxBytes.
  let buffer = Buffer.allocUnsafe(Math.min(Math.max(expectedBytes, 0), maxBytes));
  let length = 0;
  for await (const chunk of body) {
    if (length + chunk.length > maxBytes) {
      throw new FileTransferError('TOO_LARGE', `${name} is larger than 100 MB, too large to transfer.`);
    }
    if (length + chunk.length > buffer.length) {
      const grown = Buffer.allocUnsafe(
        Math.min(maxBytes, Math.max(buffer.length * 2, length + chunk.length)),
      );
      buffer.copy(grown, 0, 0, length);
      buffer = grown;
    }
    buffer.set(chunk, length);
    length += chunk.length;
  }
  return length === buffer.length ? buffer : buffer.subarray(0, length);
}
