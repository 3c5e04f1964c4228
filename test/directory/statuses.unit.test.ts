/**
 * The status registry. contract: "States and transitions" — 5 To Do and 25 Cancelled are given; On Hold and
 * Done are not, so they come from tasks seen or configuration, and are never guessed.
 */
import { describe, expect, it } from 'vitest';
import { createLogger } from '../../src/base/log.ts';
import { createStatusRegistry } from '../../src/directory/statuses.ts';
import { openStore } from '../../src/store/open-store.ts';
import { waitFor } from '../harness.ts';
import { countingStore } from './counting-store.ts';

const log = createLogger({ level: 'silent' });

async function registry(overrides: Record<string, string> = {}) {
  const store = await openStore({ kind: 'memory' }, { log });
  let scans = 0;
  const reg = createStatusRegistry({ overrides, store, scan: async () => void scans++ });
  return { reg, store, scans: () => scans };
}

describe('status registry', () => {
  it('knows only the contract’s ids at first, and does not guess the others', async () => {
    const { reg } = await registry();
    expect(reg.idFor('To Do')).toBe('5');
    expect(reg.idFor('cancelled')).toBe('25');
    expect(reg.idFor('Canceled')).toBe('25');
    expect(reg.idFor('Done')).toBeUndefined();
    expect(reg.idFor('On Hold')).toBeUndefined();
  });

  it('learns pairs from tasks, matching names loosely', async () => {
    const { reg } = await registry();
    expect(
      reg.learn([{ status: { id: '10', name: 'On Hold' } }, { status: { id: '20', name: 'Done' } }]),
    ).toBe(true);
    expect(reg.learn([{ status: { id: '20', name: 'Done' } }])).toBe(false);
    expect(reg.idFor('on-hold')).toBe('10');
    expect(reg.nameFor('20')).toBe('Done');
    expect(reg.all().map((s) => s.id)).toEqual(['5', '10', '20', '25']);
  });

  it('lets configuration win over what was learned', async () => {
    const { reg } = await registry({ Done: '30' });
    reg.learn([{ status: { id: '20', name: 'Done' } }]);
    expect(reg.idFor('Done')).toBe('30');
  });

  it('shares what it learned through the store and scans only while a status is unknown', async () => {
    const first = await registry();
    first.reg.learn([{ status: { id: '10', name: 'On Hold' } }, { status: { id: '20', name: 'Done' } }]);
    // learn() writes to the store in the background: wait for the write, not for a guessed time.
    await waitFor(() => first.store.namespace('directory').get('task-statuses'), {
      message: 'learned statuses stored',
    });
    const second = createStatusRegistry({ overrides: {}, store: first.store, scan: async () => undefined });
    expect(second.idFor('Done')).toBeUndefined();
    await second.refresh();
    expect(second.idFor('Done')).toBe('20');

    const lonely = await registry();
    await lonely.reg.refresh();
    expect(lonely.scans()).toBe(1);
    lonely.reg.learn([{ status: { id: '10', name: 'On Hold' } }, { status: { id: '20', name: 'Done' } }]);
    await lonely.reg.refresh();
    expect(lonely.scans()).toBe(1);
  });

  it('adds what it learned to what other replicas stored, instead of writing over it', async () => {
    const store = await openStore({ kind: 'memory' }, { log });
    const stored = () => store.namespace('directory').get<{ id: string; name: string }[]>('task-statuses');
    const a = createStatusRegistry({ overrides: {}, store, scan: async () => undefined });
    const b = createStatusRegistry({ overrides: {}, store, scan: async () => undefined });
    a.learn([{ status: { id: '10', name: 'On Hold' } }]);
    await waitFor(async () => (await stored())?.length === 1, { message: 'first replica stored' });
    b.learn([{ status: { id: '20', name: 'Done' } }]);
    await waitFor(async () => (await stored())?.length === 2, { message: 'second replica added its pair' });
    expect((await stored())?.map((s) => s.name).sort()).toEqual(['Done', 'On Hold']);
  });

  it('reads the store at most once a minute while every status is known, and at once while one is not', async () => {
    const counted = await countingStore();
    let now = Date.UTC(2026, 10, 21, 12);
    const storeReads = () => counted.reads.filter((k) => k === 'directory/task-statuses').length;
    const reg = createStatusRegistry({
      overrides: {},
      store: counted.store,
      scan: async () => undefined,
      now: () => now,
    });
    await reg.refresh();
    await reg.refresh();
    expect(storeReads()).toBe(2);
    reg.learn([{ status: { id: '10', name: 'On Hold' } }, { status: { id: '20', name: 'Done' } }]);
    await reg.refresh();
    const known = storeReads();
    now += 59_999;
    await reg.refresh();
    expect(storeReads()).toBe(known);
    now += 1;
    await reg.refresh();
    expect(storeReads()).toBe(known + 1);
  });
});
