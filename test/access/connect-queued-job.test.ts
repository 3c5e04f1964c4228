/**
 * With Redis, work after an ack waits in BullMQ (src/runtime/jobs/bull-queue.ts): the connect submission's follow-up
 * (who the key belongs to, what it sees) is such a job. The pasted key must not travel with it: nothing in Redis —
 * job payloads included — holds the key in clear; it is only in the encrypted vault.
 */
import { createClient } from '@redis/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, waitFor, type Harness } from '../harness.ts';
import { redisUrl } from '../setup/redis-url.ts';
import { openConnect } from './access-helpers.ts';

const url = redisUrl();
let h: Harness;

describe.skipIf(!url)('connect, with the job queue in Redis', () => {
  beforeAll(async () => {
    h = await startHarness({ links: 'local', store: 'redis', jobs: {} });
  });
  afterAll(async () => {
    await h?.stop();
  });

  it('queues the follow-up as a BullMQ job that does not carry the key', async () => {
    const key = h.sandbox.admin.mintKey({ userId: '511', siteIds: ['105'] });
    const view = await openConnect(h, 'U0CHL');
    await h.driver.viewSubmission({ view, values: { access_key: key }, user: 'U0CHL' });
    // The job ran (BullMQ): the modal shows who the key belongs to.
    await waitFor(
      () => JSON.stringify(h.standin.view(view.id)?.blocks ?? []).includes('1 site') || undefined,
    );
    await h.app.whenIdle();
    const stats = (await (await fetch(`${h.url}/readyz`)).json()) as {
      jobs: { engine: string; kinds: object };
    };
    expect(stats.jobs.engine).toBe('bullmq');
    expect(Object.keys(stats.jobs.kinds)).toContain('access.connect-describe');

    const redis = createClient({ url: url ?? '' });
    await redis.connect();
    try {
      let seen = 0;
      for await (const batch of redis.scanIterator({ COUNT: 500 })) {
        for (const name of batch) {
          seen += 1;
          const type = await redis.type(name);
          const content =
            type === 'hash'
              ? JSON.stringify(await redis.hGetAll(name))
              : type === 'string'
                ? String(await redis.get(name))
                : type === 'list'
                  ? JSON.stringify(await redis.lRange(name, 0, -1))
                  : '';
          expect(content.includes(key), `${name} holds the key in clear`).toBe(false);
        }
      }
      expect(seen).toBeGreaterThan(0); // the scan looked at something (the job and the vault are in Redis)
    } finally {
      await redis.close();
    }
  });
});
