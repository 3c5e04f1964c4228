/** In-memory backend (`STORE_URL=memory://`): a real Keyv over a Map, for tests and throwaway runs. */
import { backendKeyv, serialAdd, type Backend } from './keyv-store.ts';

export function memoryBackend(): Backend {
  const keyv = backendKeyv();
  return {
    kind: 'memory',
    keyv,
    addIfAbsent: serialAdd(keyv),
    ping: async () => undefined,
    close: async () => {
      await keyv.clear();
    },
  };
}
