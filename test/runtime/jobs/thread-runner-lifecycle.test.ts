/**
 * The job thread's runner (src/runtime/jobs/thread-runner.ts): jobs run in a worker thread that uses the main thread's
 * store through the port (so `add` stays atomic across threads), and a thread that dies fails only its running
 * jobs, as "thread unavailable" (the app then runs them on its own loop), and is started again for the next one.
 */
import { pino } from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import {
  createThreadRunner,
  JobThreadUnavailableError,
  type ThreadRunner,
} from '../../../src/runtime/jobs/thread-runner.ts';
import type { SlackJob } from '../../../src/runtime/jobs/slack-job.ts';
import { openStore } from '../../../src/store/open-store.ts';

const log = pino({ level: 'silent' });
const entry = new URL('../../fixtures/job-thread-fixture.ts', import.meta.url);
const job = (id: string, kind: string, carry?: string): SlackJob => ({
  id,
  kind,
  body: '{}',
  carry,
  acceptedAt: Date.now(),
});

let runner: ThreadRunner | undefined;
afterEach(async () => {
  await runner?.close();
});

describe('job thread', () => {
  it("runs jobs against the main thread's store: of two claims of one key, one wins", async () => {
    const store = await openStore({ kind: 'memory' }, { log, keyPrefix: 't:' });
    runner = createThreadRunner({ entry, workerData: {}, store, log });
    await Promise.all([runner.run(job('j1', 'claim', 'same')), runner.run(job('j2', 'claim', 'same'))]);
    const results = [await store.get<boolean>('result:j1'), await store.get<boolean>('result:j2')];
    expect(results.sort()).toEqual([false, true]);
  });

  it('a thread that dies fails its job as unavailable and a new thread takes the next', async () => {
    const store = await openStore({ kind: 'memory' }, { log, keyPrefix: 't:' });
    runner = createThreadRunner({ entry, workerData: {}, store, log });
    await expect(runner.run(job('c1', 'crash'))).rejects.toBeInstanceOf(JobThreadUnavailableError);
    await runner.run(job('j3', 'claim', 'other'));
    expect(await store.get('result:j3')).toBe(true);
  });
});
