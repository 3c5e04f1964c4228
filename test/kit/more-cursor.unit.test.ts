import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { moreButtonValue, readMoreButton } from '../../src/kit/more-cursor.ts';
import { openStore } from '../../src/store/open-store.ts';
import type { Store } from '../../src/store/store.ts';
import { memoryLogger } from '../harness.ts';

let store: Store;
beforeAll(async () => {
  store = await openStore({ kind: 'memory' }, { log: memoryLogger('silent').log });
});
afterAll(async () => {
  await store.close();
});

describe('More button values', () => {
  it('carry a short cursor verbatim in the button', async () => {
    const value = await moreButtonValue(store, 'pump', 'abc==');
    expect(value).toBe('{"t":"pump","c":"abc=="}');
    expect(await readMoreButton(store, value ?? '')).toEqual({ t: 'pump', c: 'abc==' });
  });

  it('keep a cursor too long for a button in the store, and give it back verbatim', async () => {
    const cursor = 'x'.repeat(5000);
    const value = await moreButtonValue(store, 'pump', cursor);
    expect(value!.length).toBeLessThan(200);
    expect(await readMoreButton(store, value ?? '')).toEqual({ t: 'pump', c: cursor });
  });

  it('give nothing at the end of the list or for a forged value', async () => {
    expect(await moreButtonValue(store, 'pump', null)).toBeNull();
    expect(await readMoreButton(store, '{"t":"pump","c":"more:nope"}')).toBeNull();
    expect(await readMoreButton(store, 'not json')).toBeNull();
  });
});
