import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 30_000,
    pool: 'forks',
    // Loopback servers and one Redis: keep parallelism modest on a 2-core machine.
    maxWorkers: 2,
    // A private redis-server (or REDIS_URL) for the Redis tests; one line when they or the ../shared tests skip.
    globalSetup: ['test/setup/redis.ts', 'test/setup/shared.ts'],
    reporters: ['default'],
  },
});
