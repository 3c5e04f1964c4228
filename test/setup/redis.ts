/**
 * vitest globalSetup: a Redis for the Redis tests on any machine, never the machine's own Redis on its default port.
 *
 * - `REDIS_URL` set: the tests use that server (each test file works under a key prefix of its own run and
 *   removes its keys; nothing is flushed).
 * - otherwise, when the `redis-server` binary is on PATH: a private server on a free loopback port, no
 *   persistence, its files in a temp folder; stopped (and the folder removed) after the run.
 * - otherwise the Redis tests skip, and this prints one line saying why and how to enable them.
 *
 * `FIELDLINE_TEST_NO_REDIS_SERVER=1` makes the setup (and the tests that start a redis-server of their own)
 * behave as if the binary were not installed: the way to check the skip path on a machine that has it.
 *
 * Tests read the URL with `redisUrl()` from ./redis-url.ts (vitest provide/inject).
 */
import type { TestProject } from 'vitest/node';
import { redisServerInstalled, startRedisServer } from './redis-server.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The Redis the Redis tests use; null when there is none (they skip). */
    redisUrl: string | null;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const given = process.env.REDIS_URL?.trim();
  if (given) {
    project.provide('redisUrl', given);
    return async () => undefined;
  }
  if (!redisServerInstalled()) {
    project.provide('redisUrl', null);
    const why = process.env.FIELDLINE_TEST_NO_REDIS_SERVER
      ? 'FIELDLINE_TEST_NO_REDIS_SERVER is set'
      : 'no redis-server on PATH and REDIS_URL is not set';
    console.log(
      `Redis tests skipped: ${why}. To run them install redis-server (e.g. apt-get install redis-server) ` +
        'or set REDIS_URL=redis://host:port.',
    );
    return async () => undefined;
  }
  const redis = await startRedisServer();
  project.provide('redisUrl', redis.url);
  return redis.dispose;
}
