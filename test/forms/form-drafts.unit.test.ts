import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createLogger } from '../../src/base/log.ts';
import { createDrafts } from '../../src/forms/service/drafts.ts';
import { openStore } from '../../src/store/open-store.ts';
import type { Store } from '../../src/store/store.ts';

const log = createLogger({ level: 'silent' });

describe('drafts', () => {
  let store: Store;
  beforeEach(async () => {
    store = await openStore({ kind: 'memory' }, { log });
  });
  afterEach(() => store.close());

  it('keeps what one person typed in one form of one workspace, and removes it', async () => {
    const drafts = createDrafts(store);
    await drafts.save('T1', 'U1', '1006', { a: 'Shift A', b: null, c: '' }, 1_000, 1_000 + 60_000);
    expect(await drafts.get('T1', 'U1', '1006')).toEqual({ values: { a: 'Shift A' }, savedAt: 1_000 });
    expect(await drafts.get('T1', 'U2', '1006')).toBeUndefined();
    expect(await drafts.get('T2', 'U1', '1006')).toBeUndefined();
    expect(await drafts.get('T1', 'U1', '1012')).toBeUndefined();
    await drafts.remove('T1', 'U1', '1006');
    expect(await drafts.get('T1', 'U1', '1006')).toBeUndefined();
  });

  it('a close with nothing typed removes the draft', async () => {
    const drafts = createDrafts(store);
    await drafts.save('T1', 'U1', '1006', { a: 'x' }, 1_000, 61_000);
    await drafts.save('T1', 'U1', '1006', { a: null }, 2_000, 61_000);
    expect(await drafts.get('T1', 'U1', '1006')).toBeUndefined();
  });

  it('is written with one atomic update, kept until the end of the shift', async () => {
    const seen: { key: string; ttl: number | undefined }[] = [];
    const spy = (prefix: string): Store =>
      ({
        namespace: (name: string) => spy(`${prefix}${name}:`),
        update: async (key: string, fn: (v: unknown) => unknown, ttl?: number) => {
          seen.push({ key: `${prefix}${key}`, ttl });
          return fn(undefined);
        },
      }) as unknown as Store;
    await createDrafts(spy('')).save('T1', 'U1', '1006', { a: 'x' }, 5_000, 5_000 + 3_600_000);
    expect(seen).toEqual([{ key: 'form-drafts:T1:U1:1006', ttl: 3_600_000 }]);
  });
});
