/**
 * Rounds across replicas sharing Redis: three schedulers, each over its own Redis connection to the same keys,
 * tick at once when a round is due — it is posted once, and its reminder sent once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStore } from '../../src/store/open-store.ts';
import type { Store } from '../../src/store/store.ts';
import { createScheduler, type RoundsScheduler } from '../../src/rounds/index.ts';
import { startHarness, waitFor, type Harness } from '../harness.ts';
import { redisUrl, requireRedisUrl } from '../setup/redis-url.ts';

const MIN = 60_000;

describe.skipIf(!redisUrl())('rounds with replicas sharing Redis', () => {
  let h: Harness;
  let offset = Date.parse('2026-03-27T06:30:00Z') - Date.now(); // 07:30 in Berlin
  const now = () => Date.now() + offset;
  const stores: Store[] = [];
  const schedulers: RoundsScheduler[] = [];

  beforeAll(async () => {
    h = await startHarness({ store: 'redis', clock: { now }, sandbox: { now } });
    const slackFor = async () => ({ botToken: h.standin.botToken, apiUrl: h.standin.apiUrl });
    schedulers.push(createScheduler(h.deps, { slackFor }));
    for (let i = 0; i < 2; i++) {
      const store = await openStore(
        { kind: 'redis', url: requireRedisUrl() },
        { log: h.deps.log, keyPrefix: h.storePrefix },
      );
      stores.push(store);
      schedulers.push(createScheduler({ ...h.deps, store }, { slackFor }));
    }
  });
  afterAll(async () => {
    await Promise.all(schedulers.map((s) => s.stop()));
    await Promise.all(stores.map((s) => s.close()));
    await h.stop();
  });

  const tickAll = async () => {
    const reports = await Promise.all(schedulers.map((s) => s.tick()));
    return {
      posted: reports.reduce((n, r) => n + r.posted, 0),
      reminded: reports.reduce((n, r) => n + r.reminded, 0),
    };
  };
  const rounds = () =>
    h.standin.messages('C0GENERAL').filter((m) => m.text.startsWith('Round due: Daily Safety Round'));

  it('posts a due round once and reminds it once', async () => {
    const before = h.standin.messages('C0GENERAL').length;
    await h.driver.command({
      command: '/round',
      text: 'add Daily Safety Round at 08:00 window 30m',
      channel: 'C0GENERAL',
      user: 'U0ANA',
    });
    await waitFor(() =>
      h.standin
        .messages('C0GENERAL')
        .slice(before)
        .find((m) => m.text.includes('scheduled')),
    );
    expect((await tickAll()).posted).toBe(0);
    offset += 31 * MIN; // 08:01
    expect((await tickAll()).posted).toBe(1);
    expect((await tickAll()).posted).toBe(0);
    expect(rounds()).toHaveLength(1);
    offset += 30 * MIN; // 08:31, past the window
    expect((await tickAll()).reminded).toBe(1);
    expect((await tickAll()).reminded).toBe(0);
    expect(h.standin.messages('C0GENERAL').filter((m) => m.text.startsWith('Reminder: round'))).toHaveLength(
      1,
    );
  });
});
