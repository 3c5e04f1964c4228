/**
 * The Redis connections fieldline opens (the store's, the relay lease's) fail commands at once while
 * disconnected (`disableOfflineQueue`) — a queued command would hang a handler or be answered after a
 * reconnect as if nothing happened — and reconnect with capped exponential backoff.
 */
import { createClient } from '@redis/client';

export type RedisClient = ReturnType<typeof createClient>;

export function createFailFastClient(url: string, connectTimeout: number, maxBackoffMs: number): RedisClient {
  return createClient({
    url,
    disableOfflineQueue: true,
    socket: {
      connectTimeout,
      reconnectStrategy: (attempt: number) => Math.min(100 * 2 ** attempt, maxBackoffMs),
    },
  });
}

/**
 * Starts connecting and waits for the first connection only up to `timeoutMs`: a replica still starts while
 * Redis is down (answering /readyz 503, competing for the lease as a follower) and connects when it is back.
 */
export async function connectWithin(
  client: RedisClient,
  timeoutMs: number,
  onFailure: (err: unknown) => void = () => undefined,
): Promise<void> {
  const connected = client.connect().then(
    () => true,
    (err: unknown) => {
      onFailure(err);
      return false;
    },
  );
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([connected, new Promise((resolve) => (timer = setTimeout(resolve, timeoutMs)))]);
  clearTimeout(timer);
}
