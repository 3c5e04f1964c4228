/** What photo evidence keeps per workspace: rules changed atomically, kept apart per workspace, removed with it. */
import { pino } from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { openStore } from '../../src/store/open-store.ts';
import type { Store } from '../../src/store/store.ts';
import { createPhotoStore } from '../../src/tasks/service/photo-store.ts';

const log = pino({ level: 'silent' });
let store: Store | undefined;
afterEach(async () => {
  await store?.close();
});

describe('photo store', () => {
  it('keeps two admins’ rules set at once, apart per workspace, and removes only the workspace that leaves', async () => {
    store = await openStore({ kind: 'memory' }, { log, keyPrefix: 't:' });
    const photos = createPhotoStore(store);
    await Promise.all([
      photos.addRule('T1', { siteId: '101', siteName: 'Berlin Plant' }),
      photos.addRule('T1', { priorityId: '15' }),
      photos.addRule('T2', { siteId: '102', siteName: 'Chicago Works' }),
    ]);
    expect((await photos.rules('T1')).length).toBe(2);
    expect(await photos.addRule('T1', { siteId: '101', siteName: 'renamed' })).toBe('exists');
    expect(await photos.rules('T2')).toEqual([{ siteId: '102', siteName: 'Chicago Works' }]);
    await photos.addUploaded('T1', '3001', [{ slackFileId: 'F1', name: 'a.jpg', by: 'U1', at: 1 }]);
    await photos.addUploaded('T1', '3001', [{ slackFileId: 'F1', name: 'a.jpg', by: 'U1', at: 2 }]);
    expect(await photos.uploaded('T1', '3001')).toHaveLength(1);
    await photos.keepPlace('T1', '3001', 'U1', { channel: 'C1', ts: '1.2' });
    await photos.addUploaded('T2', '3001', [{ slackFileId: 'F9', name: 'b.jpg', by: 'U2', at: 1 }]);

    await photos.removeWorkspace('T1');
    expect(await photos.rules('T1')).toEqual([]);
    expect(await photos.uploaded('T1', '3001')).toEqual([]);
    expect(await photos.place('T1', '3001', 'U1')).toBeUndefined();
    expect(await photos.rules('T2')).toHaveLength(1);
    expect(await photos.uploaded('T2', '3001')).toHaveLength(1);
    expect(await photos.removeRule('T2', { siteId: '102' })).toBe('removed');
    expect(await photos.removeRule('T2', { siteId: '102' })).toBe('absent');
  });
});
