/**
 * The Redis the Redis tests use, as the global setup (./redis.ts) found or started it: `REDIS_URL`, or a private
 * redis-server on a free loopback port. Undefined when there is none: guard with `describe.skipIf(!redisUrl())`
 * (the setup already printed the one line saying why).
 */
import { inject } from 'vitest';

export function redisUrl(): string | undefined {
  return inject('redisUrl') ?? undefined;
}

/** The URL, for code that only runs when Redis is there (inside a `skipIf(!redisUrl())` block). */
export function requireRedisUrl(): string {
  const url = redisUrl();
  if (!url) throw new Error('no Redis for this test: guard it with describe.skipIf(!redisUrl())');
  return url;
}
