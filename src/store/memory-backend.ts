/** In-memory backend (`STORE_URL=memory://`): a real Keyv over a Map, for tests and throwaway runs. */
import Keyv from 'keyv';
import { serialAdd, type Backend } from './keyv-store.ts';

export function memoryBackend(): Backend {
  const keyv = new Keyv({
    namespace: undefined,
    useKeyPrefix: false,
    throwOnErrors: true,
    // Stored as JSON like the other backends, so a caller mutating a value it read changes nothing stored.
    serialize: JSON.stringify,
    deserialize: JSON.parse,
  });
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
