import { configDefaults, defineConfig } from 'vitest/config';

/**
 * Two projects. `unit`: pure rules, renderers, handlers called with fake arguments, the monitoring client over
 * undici's MockAgent — no loopback server, no process, no browser; fast (`vitest run --project unit`, and what
 * .ci/run repeats on the LTS Node). `system`: everything else (the harness, the sandbox and the stand-in on
 * loopback ports, Redis, child processes, Chromium). A new test file lands in `system` unless it is listed here:
 * add it to UNIT when it starts nothing.
 */
const UNIT = [
  'test/architecture/*.test.ts',
  'test/base/{config,log}.test.ts',
  'test/manifest.test.ts',
  'test/alerts/{alert-state,cycle-crash,delivery-queue,evaluate-health,monitor-parse,plan-incidents}.test.ts',
  'test/alerts/{alert-create-task-raised,alert-handlers,relay-renderers,shift-times,task-diff}.test.ts',
  'test/alerts/replicas/{delivery-dedupe,replica-config}.test.ts',
  'test/directory/{resolve-site,site-zones,statuses}.test.ts',
  'test/faults/fuzz-csv.test.ts',
  'test/files/{file-blocks,file-handlers,size-rule}.test.ts',
  'test/home/{home-handlers,home-view,pick-tasks}.test.ts',
  'test/kit/{block-limits,errors,help,more-cursor,safe-name}.test.ts',
  'test/runtime/{listener-table,recent-deliveries}.test.ts',
  'test/runtime/jobs/{door,local-queue,store-proxy}.test.ts',
  'test/monitoring/{arguments,data-sources,errors,files-posts-devices,paging-ahead,paging}.test.ts',
  'test/monitoring/{readings,retry,secrets,tasks}.test.ts',
  'test/posts/{post-form,post-handlers}.test.ts',
  'test/readings/{chart,csv-check-lines,csv-check,csv-columns,device-status-form,downsample}.test.ts',
  'test/readings/{import-confirm,manual-entry,range,range-words,source-blocks,summary}.test.ts',
  'test/readings/text-fallback-render.test.ts',
  'test/readings/{source-records,chart-cache,chart-minute,wall-clock}.test.ts',
  'test/slack-standin/block-kit.test.ts',
  'test/store/near-cache.test.ts',
  'test/tasks/{create-once,dates,open-overdue,priority,task-card,task-form,task-from-message,task-messages}.test.ts',
  'test/tasks/task-parse.test.ts',
];

export default defineConfig({
  test: {
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 30_000,
    pool: 'forks',
    // Loopback servers and one Redis: keep parallelism modest on a 2-core machine.
    maxWorkers: 2,
    reporters: ['default'],
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          // Pure tests share one module graph per worker: loading the renderers and zod schemas once per worker
          // instead of once per file halves the project's time on 2 cores. A unit test leaves no global state.
          isolate: false,
          include: UNIT,
          // One line when the ../shared reference data is absent; no Redis here.
          globalSetup: ['test/setup/shared.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'system',
          include: ['test/**/*.test.ts'],
          exclude: [...configDefaults.exclude, ...UNIT],
          // A private redis-server (or REDIS_URL) for the Redis tests; one line when they or the ../shared tests skip.
          globalSetup: ['test/setup/redis.ts', 'test/setup/shared.ts'],
        },
      },
    ],
  },
});
