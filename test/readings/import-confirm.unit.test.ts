import { describe, expect, it } from 'vitest';
import { confirmImport } from '../../src/readings/service/import-confirm.ts';

const policy = { firstDelayMs: 1000, maxDelayMs: 8000, totalMs: 30_000 };

describe('confirmImport', () => {
  it('backs off exponentially up to the cap and stops when readable', async () => {
    const waits: number[] = [];
    let calls = 0;
    const r = await confirmImport(
      async () => ++calls === 4,
      policy,
      async (ms) => void waits.push(ms),
    );
    expect(r).toEqual({ confirmed: true, waitedMs: 1000 + 2000 + 4000 + 8000 });
    expect(waits).toEqual([1000, 2000, 4000, 8000]);
  });

  it('gives up after the total budget, never waiting longer than it', async () => {
    const waits: number[] = [];
    const r = await confirmImport(
      async () => false,
      policy,
      async (ms) => void waits.push(ms),
    );
    expect(r).toEqual({ confirmed: false, waitedMs: 30_000 });
    expect(waits).toEqual([1000, 2000, 4000, 8000, 8000, 7000]);
  });

  it('keeps waiting when a read-back fails', async () => {
    let calls = 0;
    const r = await confirmImport(
      async () => {
        calls += 1;
        if (calls === 1) throw new Error('platform unavailable');
        return true;
      },
      policy,
      async () => undefined,
    );
    expect(r.confirmed).toBe(true);
    expect(calls).toBe(2);
  });
});
