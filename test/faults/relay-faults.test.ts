/**
 * Platform faults during relay cycles (timeout, 500, malformed JSON, 429 with Retry-After on the task and
 * data-source lists): the cycle fails as a whole, nothing is posted or lost, and the next good cycle delivers
 * every change exactly once.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { ALERTS, MIN, startAlertsBed, type AlertsBed } from '../alerts/alerts-bed.ts';
import { startFaultProxy, type FaultProxy } from './fault-proxy.ts';
import { watchRejections } from './fuzz-helpers.ts';

type Fault = 'timeout' | '500' | 'malformed JSON' | '429';
const CASES: { fault: Fault; method: string; path: string; re: RegExp }[] = (
  ['timeout', '500', 'malformed JSON', '429'] as const
).flatMap((fault) => [
  { fault, method: 'GET', path: '/tasks', re: /^\/tasks$/ },
  { fault, method: 'GET', path: '/data-sources', re: /^\/data-sources$/ },
]);

describe('relay cycles under platform faults', () => {
  let bed: AlertsBed;
  let proxy: FaultProxy;
  const rejections = watchRejections();
  afterEach(async () => {
    await bed.stop();
    await proxy.close();
  });

  it.each(CASES)(
    '$fault on $method $path: nothing posted during the fault, nothing lost after',
    async ({ fault, method, path, re }) => {
      proxy = await startFaultProxy();
      bed = await startAlertsBed({
        harness: {
          monitoring: {
            baseUrl: proxy.url,
            timeouts: { connectMs: 1_000, headersMs: 400, bodyMs: 400 },
            retry: { baseDelayMs: 10, maxDelayMs: 50, maxRetries: 1 },
          },
        },
      });
      proxy.setUpstream(bed.h.sandbox.url);
      await bed.monitor('subscribe tasks site Berlin Plant', ALERTS);
      await bed.monitor('subscribe alerts site Berlin Plant', ALERTS);
      await bed.tick(0);
      const posted = bed.h.standin.callsTo('chat.postMessage').length;
      const tasks = bed.h.sandbox.admin.state.tasks.filter((t) => t.siteId === '101').slice(0, 2);
      for (const t of tasks)
        bed.h.sandbox.admin.updateTask(t.id, { priorityId: t.priorityId === '15' ? '5' : '15' });

      const endpoint = `${method} ${path}`;
      if (fault === 'timeout') bed.h.sandbox.admin.inject({ endpoint, latencyMs: 1_500, times: 10 });
      if (fault === '500') bed.h.sandbox.admin.inject({ endpoint, status: 500, times: 10 });
      if (fault === '429')
        bed.h.sandbox.admin.inject({ endpoint, status: 429, retryAfterSeconds: 30, times: 10 });
      if (fault === 'malformed JSON') proxy.malform(method, re, 10);
      bed.advance(MIN);
      const failed = await bed.relay.runCycle();
      expect(failed.outcome).toBe('failed');
      if (fault === '429') expect(failed.error?.retryAfterMs).toBe(30_000);
      expect((await bed.relay.deliverNow()).delivered).toBe(0);
      expect(bed.h.standin.callsTo('chat.postMessage').length).toBe(posted);
      // visible in /monitor status
      expect((await bed.relay.status(ALERTS)).poller).toMatchObject({
        consecutiveFailures: 1,
        lastError: expect.anything(),
      });

      bed.h.sandbox.admin.clearInjections();
      proxy.clear();
      await bed.tick(MIN);
      const names = tasks.map((t) => t.name);
      const parents = bed.parents(ALERTS).filter((m) => names.some((n) => m.text.includes(n)));
      expect(parents).toHaveLength(2);
      for (const p of parents)
        expect(bed.replies(ALERTS, p.ts).filter((r) => /priority/i.test(r.text))).toHaveLength(1);
      expect(rejections.reasons).toEqual([]);
    },
  );
});
