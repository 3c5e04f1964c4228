/** Test helpers for posts and files (shared by these tests). */
import type { FileRecord } from '../../src/monitoring/api.ts';
import type { Harness } from '../harness.ts';

/** What the platform stored for an uploaded file: its record (GET /files/{id}) and its bytes (pre-signed URL). */
export async function platformFile(
  h: Harness,
  fileId: string,
): Promise<{ record: FileRecord; bytes: Buffer }> {
  const record = await h.deps.sharedMonitoring.files.get(fileId);
  const { body } = await h.deps.sharedMonitoring.download(record.file);
  const chunks: Uint8Array[] = [];
  for await (const chunk of body) chunks.push(chunk);
  return { record, bytes: Buffer.concat(chunks) };
}
