/**
 * The delivery keys the acking thread remembers (src/runtime/dedupe.ts `claimFor`, src/runtime/recent-deliveries.ts):
 * the same keys as the durable claims already stored, and small, since up to 50,000 of them stay for minutes.
 * Pure: no server.
 */
import { describe, expect, it } from 'vitest';
import { claimFor } from '../../src/runtime/dedupe.ts';
import { RecentDeliveries } from '../../src/runtime/recent-deliveries.ts';
import { memoryAfterGc } from '../memory-after-gc.ts';

const signed = (signature: string) => ({ signedRequest: { signature, timestamp: '1700000000' } });

describe('delivery keys', () => {
  it('are the ones claims were stored under (a replay across a restart or an upgrade is still caught)', () => {
    // sha256("v0=abc:1700000000") and sha256 of the view state, first 16 and 8 bytes in hex.
    expect(claimFor({ command: '/task', text: 'list' }, signed('v0=abc'))?.key).toBe(
      'signed:6a205a48658493a96bbdc9adf167c99f',
    );
    const view = { id: 'V1', hash: 'h1', state: { values: { a: { b: { value: 'x' } } } } };
    expect(claimFor({ type: 'view_submission', view })?.key).toBe('view:V1:h1:b2354bf65455656b');
  });

  it('cost the acking thread little each while remembered', () => {
    const COUNT = 30_000;
    const recent = new RecentDeliveries(COUNT);
    const before = memoryAfterGc().heapUsed;
    for (let i = 0; i < COUNT; i++) {
      const claim = claimFor({ command: '/task', text: 'list' }, signed(`v0=${i.toString(16)}`));
      if (!claim || !recent.add(claim.key)) throw new Error('not claimed');
    }
    const perKey = (memoryAfterGc().heapUsed - before) / COUNT;
    // A 39-character key, its Map entry and its expiry: ~130 bytes. A key sliced from the 64-character hex of
    // the digest kept that string too: ~190.
    expect(perKey).toBeLessThan(160);
    // Still remembered (and so still on the heap when measured).
    expect(recent.add(claimFor({ command: '/task' }, signed('v0=0'))?.key ?? '')).toBe(false);
  });
});
