import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 30_000,
    pool: 'forks',
    // Loopback servers and a shared Redis: keep parallelism modest on a 2-core machine.
    maxWorkers: 2,
    reporters: ['default'],
  },
});
