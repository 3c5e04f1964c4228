/**
 * Issue 36: work yields to acks. The job thread (src/main/job-thread.ts, built as main.ts builds it) lowers its own
 * priority to WORK_NICE while the acking thread keeps the process's; a worker evaluated from a string does the
 * same with LOWER_THREAD_PRIORITY_CJS (the chart renderer's way). Read from /proc/<pid>/task/<tid>/stat.
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { getPriority } from 'node:os';
import { Worker } from 'node:worker_threads';
import { pino } from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../src/base/config.ts';
import {
  LOWER_THREAD_PRIORITY_CJS,
  lowerThreadPriority,
  threadNice,
  threadPolicy,
  WORK_NICE,
} from '../../../src/base/thread-priority.ts';
import type { JobThreadData } from '../../../src/main/job-thread.ts';
import { createThreadRunner, type ThreadRunner } from '../../../src/runtime/jobs/thread-runner.ts';
import { openStore } from '../../../src/store/open-store.ts';

const log = pino({ level: 'silent' });
const linux = existsSync('/proc/thread-self');
// Lowering is always allowed; a process already at WORK_NICE or below has nothing to lower.
const lowerable = linux && getPriority() < WORK_NICE;
// SCHED_IDLE needs util-linux's chrt (in Debian's base and the image); without it the threads are only niced.
const SCHED_IDLE = 5;
const hasChrt = (() => {
  try {
    execFileSync('chrt', ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();
if (lowerable && !hasChrt)
  console.log('SCHED_IDLE checks skipped: no chrt on this machine (threads are niced only)');
if (!lowerable)
  console.log('thread priority tests skipped: no /proc/thread-self, or the process runs at nice ≥ 10');

describe.skipIf(!lowerable)('thread priority', () => {
  let runner: ThreadRunner | undefined;
  afterEach(async () => {
    await runner?.close();
    runner = undefined;
  });

  it('the job thread runs at nice 10, the acking thread as the process', async () => {
    const store = await openStore({ kind: 'memory' }, { log, keyPrefix: 't:' });
    const config = loadConfig({ STORE_URL: 'memory://', FIELDLINE_ENCRYPTION_KEY: 'ab'.repeat(32) });
    const data: JobThreadData = {
      config,
      platform: { baseUrl: 'http://127.0.0.1:9', sharedKey: 'k' },
      botToken: 'xoxb-test',
      slackApiUrl: 'http://127.0.0.1:9/api/',
      secrets: [],
      pretty: false,
      logFile: '/dev/null',
      storeKind: 'memory',
      ownStore: false,
    };
    const entry = new URL('../../../src/main/job-thread.ts', import.meta.url);
    runner = createThreadRunner({ entry, workerData: data, store, log });
    await runner.ready();
    const tid = runner.tid();
    expect(tid).toBeGreaterThan(0);
    expect(threadNice(process.pid, tid ?? 0)).toBe(WORK_NICE);
    expect(threadNice(process.pid, process.pid)).toBe(getPriority());
    if (hasChrt) expect(threadPolicy(process.pid, tid ?? 0)).toBe(SCHED_IDLE);
    expect(threadPolicy(process.pid, process.pid)).toBe(0);
  });

  it('a worker evaluated from a string lowers itself with LOWER_THREAD_PRIORITY_CJS', async () => {
    const source = `${LOWER_THREAD_PRIORITY_CJS}
require('node:worker_threads').parentPort.postMessage(globalThis.workNice);
setTimeout(() => undefined, 5_000);`;
    const worker = new Worker(source, { eval: true });
    try {
      const tid = await new Promise<unknown>((resolve) => worker.once('message', resolve));
      expect(typeof tid).toBe('number');
      expect(threadNice(process.pid, tid as number)).toBe(WORK_NICE);
      if (hasChrt) expect(threadPolicy(process.pid, tid as number)).toBe(SCHED_IDLE);
    } finally {
      await worker.terminate();
    }
  });

  it('where the priority cannot be set, the thread runs on as it was and says so at debug level', () => {
    const said: string[] = [];
    const tid = lowerThreadPriority({ debug: (_o, msg) => void said.push(msg) }, () => {
      throw new Error('ENOSYS');
    });
    expect(tid).toBeUndefined();
    expect(said).toEqual(['thread priority left as it is']);
    expect(threadNice(process.pid, process.pid)).toBe(getPriority());
  });

  it('where SCHED_IDLE cannot be set, the thread is niced only and says so at debug level', () => {
    const said: string[] = [];
    const niced: number[] = [];
    const tid = lowerThreadPriority(
      { debug: (_o, msg) => void said.push(msg) },
      (t) => void niced.push(t),
      () => {
        throw new Error('chrt: not found');
      },
    );
    expect(tid).toBeGreaterThan(0);
    expect(niced).toEqual([tid]);
    expect(said).toEqual(['SCHED_IDLE not set: nice only']);
    expect(threadPolicy(process.pid, process.pid)).toBe(0);
  });
});
