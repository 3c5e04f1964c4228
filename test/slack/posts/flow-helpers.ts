/** Test helpers for posts and files. Every message and view fieldline sent to the stand-in must pass the Block Kit checks (shared by these tests). */
import { expect } from 'vitest';
import type { FileRecord } from '../../../src/monitoring/api.ts';
import { validateBlocks, validateView, type Standin } from '../../../src/slack-standin/index.ts';
import type { Harness } from '../../harness.ts';

export function expectValidBlockKit(standin: Standin): number {
  let checked = 0;
  for (const call of standin.calls) {
    if (['views.open', 'views.update', 'views.push'].includes(call.method) && call.args.view) {
      expect(validateView(call.args.view), `${call.method} view`).toEqual([]);
      checked++;
    }
    if (call.method.startsWith('chat.') && Array.isArray(call.args.blocks)) {
      expect(validateBlocks(call.args.blocks, 'message'), `${call.method} blocks`).toEqual([]);
      checked++;
    }
    expect(call.response.error, `${call.method} answered ${String(call.response.error)}`).not.toBe(
      'invalid_blocks',
    );
  }
  return checked;
}

/** What the platform stored for an uploaded file: its record (GET /files/{id}) and its bytes (pre-signed URL). */
export async function platformFile(
  h: Harness,
  fileId: string,
): Promise<{ record: FileRecord; bytes: Buffer }> {
  const record = await h.deps.monitoring.files.get(fileId);
  const { body } = await h.deps.monitoring.download(record.file);
  const chunks: Uint8Array[] = [];
  for await (const chunk of body) chunks.push(chunk);
  return { record, bytes: Buffer.concat(chunks) };
}
