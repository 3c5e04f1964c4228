/** Several files: bounded concurrency (2 at a time) and one progress message updated in place. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, waitFor, type Harness } from '../harness.ts';
import { expectValidBlockKit } from '../fixtures/block-kit.ts';
import { openByMessageShortcut } from '../fixtures/opened-view.ts';

let h: Harness;
beforeAll(async () => {
  h = await startHarness({ configOverrides: { FIELDLINE_COMPANY_ID: '42' } });
});
afterAll(async () => {
  await h?.stop();
});

describe('uploading five files', () => {
  it('moves at most two at a time and counts up in one message', async () => {
    const files = Array.from({ length: 5 }, (_, i) =>
      h.standin.addFile({ name: `photo-${i}.png`, content: Buffer.alloc(300 + i, i), mimetype: 'image/png' }),
    );
    const message = h.standin.addMessage({
      channel: 'C0GENERAL',
      text: 'five photos',
      files: files.map((f) => f.id),
    });
    // Count uploads in flight by wrapping the real client's upload (the storage is slowed so they overlap).
    let inFlight = 0;
    let maxInFlight = 0;
    const upload = h.deps.monitoring.files.upload.bind(h.deps.monitoring.files);
    h.deps.monitoring.files.upload = async (...args) => {
      maxInFlight = Math.max(maxInFlight, ++inFlight);
      try {
        return await upload(...args);
      } finally {
        inFlight--;
      }
    };
    h.sandbox.admin.inject({ endpoint: 'POST /_storage/upload', latencyMs: 150, times: 5 });

    const view = await openByMessageShortcut(h, 'upload_files', message, 'file_upload');
    // A company is configured: the target is optional.
    const submitted = await h.driver.viewSubmission({ view, values: {} });
    expect(submitted.closed).toBe(true);

    const done = await waitFor(
      () =>
        h.standin
          .messages('C0GENERAL')
          .find((m) => m.thread_ts === message.ts && m.text === '5 of 5 files uploaded to the platform.'),
      {
        timeoutMs: 10_000,
      },
    );
    expect(maxInFlight).toBe(2);
    const posted = h.standin.callsTo('chat.postMessage').filter((c) => c.args.thread_ts === message.ts);
    expect(posted).toHaveLength(1);
    const counts = h.standin
      .callsTo('chat.update')
      .filter((c) => c.args.ts === done.ts)
      .map((c) => /: (\d) of 5 uploaded/.exec(String(c.args.text))?.[1])
      .filter((n): n is string => n !== undefined)
      .map(Number);
    expect(counts.length).toBeGreaterThan(0);
    expect([...counts].sort()).toEqual(counts);
    expect(h.sandbox.admin.written().uploads.filter((u) => u.name.startsWith('photo-'))).toHaveLength(5);
    expectValidBlockKit(h.standin);
  });
});
