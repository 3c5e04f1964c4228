import { configDefaults, defineConfig } from 'vitest/config';

/**
 * Two projects, decided by name. `unit`: files named `*.unit.test.ts` — pure rules, renderers, handlers called
 * with fake arguments, the monitoring client over undici's MockAgent; they start nothing (no loopback server, no
 * process, no browser) and are fast (`vitest run --project unit`, which .ci/run repeats on the LTS Node).
 * `system`: every other `*.test.ts` (the harness, the sandbox and the stand-in on loopback ports, Redis, child
 * processes, Chromium).
 */
const UNIT = ['test/**/*.unit.test.ts'];

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
