/**
 * A bounded, throttled walk over GET /tasks whose only purpose is learning: status `{id, name}` pairs and
 * assignee emails. At most `maxPages` pages, and at most once per `everyMs` per process.
 */
import type { Clock } from '../base/deps.ts';
import type { Logger } from '../base/log.ts';
import type { MonitoringApi, Task } from '../monitoring/api.ts';

export interface TaskScanner {
  scan(signal?: AbortSignal): Promise<void>;
}

export function createTaskScanner(deps: {
  monitoring: MonitoringApi;
  clock: Clock;
  log: Logger;
  learn(tasks: Task[]): Promise<void>;
  maxPages?: number;
  pageSize?: number;
  everyMs?: number;
}): TaskScanner {
  const maxPages = deps.maxPages ?? 10;
  const limit = deps.pageSize ?? 100;
  const everyMs = deps.everyMs ?? 10 * 60_000;
  let lastAt = Number.NEGATIVE_INFINITY;
  let pending: Promise<void> | undefined;

  async function run(signal?: AbortSignal): Promise<void> {
    let cursor: string | null = null;
    for (let page = 0; page < maxPages; page++) {
      const result = await deps.monitoring.tasks.listPage({ limit }, cursor, signal);
      await deps.learn(result.rows);
      if (result.done || result.lastValue === null) break;
      cursor = result.lastValue;
    }
  }

  return {
    scan(signal) {
      if (pending) return pending;
      if (deps.clock.now() - lastAt < everyMs) return Promise.resolve();
      lastAt = deps.clock.now();
      pending = run(signal)
        .catch((err: unknown) => {
          // Learning is best effort; the features fall back to "unknown" and say so.
          deps.log.warn({ err }, 'task scan for statuses/people failed');
          lastAt = deps.clock.now() - everyMs + 30_000;
        })
        .finally(() => {
          pending = undefined;
        });
      return pending;
    },
  };
}
