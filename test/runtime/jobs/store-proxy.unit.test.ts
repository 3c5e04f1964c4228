/**
 * A job thread on the memory store reaches it through the main thread: `update` runs its change in the thread
 * and each compare-and-set step in the main thread, so changes from both threads at once are all kept.
 */
import { MessageChannel } from 'node:worker_threads';
import { afterEach, describe, expect, it } from 'vitest';
import { createLogger } from '../../../src/base/log.ts';
import {
  answerStoreCall,
  isStoreCall,
  proxyStore,
  type StoreReply,
} from '../../../src/runtime/jobs/store-proxy.ts';
import { openStore } from '../../../src/store/open-store.ts';

const channels: MessageChannel[] = [];
afterEach(() => channels.splice(0).forEach((c) => (c.port1.close(), c.port2.close())));

describe('store proxy', () => {
  it('keeps every concurrent update made from the proxy and from the main thread', async () => {
    const main = await openStore({ kind: 'memory' }, { log: createLogger({ level: 'silent' }) });
    const channel = new MessageChannel();
    channels.push(channel);
    channel.port1.on('message', (m: unknown) => {
      if (isStoreCall(m)) void answerStoreCall(main, m, (r) => channel.port1.postMessage(r));
    });
    const proxy = proxyStore(channel.port2, 'memory');
    channel.port2.on('message', (r: StoreReply) => proxy.onReply(r));
    const add = (s: typeof main, member: string) =>
      s
        .namespace('relay')
        .update<string[]>('subs:index', (cur) => [...new Set([...(cur ?? []), member])].sort());
    await Promise.all(
      Array.from({ length: 32 }, (_, i) => add(i % 2 ? proxy.store : main, `C${String(i).padStart(2, '0')}`)),
    );
    expect(await main.namespace('relay').get<string[]>('subs:index')).toHaveLength(32);
  });
});
