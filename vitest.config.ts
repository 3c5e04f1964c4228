import { configDefaults, defineConfig } from 'vitest/config';

/**
 * Three projects, decided by name. `unit`: files named `*.unit.test.ts` — pure rules, renderers, handlers called
 * with fake arguments, the monitoring client over undici's MockAgent; they start nothing (no loopback server, no
 * process, no browser) and are fast (`vitest run --project unit`, which .ci/run repeats on the LTS Node).
 * `system`: every other `*.test.ts` (the harness, the sandbox and the stand-in on loopback ports, Redis, child
 * processes, Chromium). `access-oauth`: the access tests again, with the seeded workspace installed with OAuth
 * instead of the env bot token (FIELDLINE_TEST_SHAPE=oauth, read by test/harness.ts), so that the access rules are
 * proved in both deployment shapes (issue 39).
 */
const UNIT = ['test/**/*.unit.test.ts'];
const SYSTEM_SETUP = ['test/setup/redis.ts', 'test/setup/shared.ts'];

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
          globalSetup: SYSTEM_SETUP,
        },
      },
      {
        extends: true,
        test: {
          name: 'access-oauth',
          include: ['test/access/**/*.test.ts'],
          exclude: [...configDefaults.exclude, ...UNIT],
          env: { FIELDLINE_TEST_SHAPE: 'oauth' },
          globalSetup: SYSTEM_SETUP,
        },
      },
    ],
  },
});
