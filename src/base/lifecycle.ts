/**
 * What must be stopped on shutdown, in order: first whatever takes requests, then background work, then the
 * resources both use (store, clients, embedded servers). Within a phase, the last registered stops first.
 */
import type { Logger } from './log.ts';

export type Phase = 'intake' | 'work' | 'resources';
const PHASES: Phase[] = ['intake', 'work', 'resources'];

export interface Lifecycle {
  /** Registers a stop function; it runs once, on stopAll. */
  onStop(phase: Phase, name: string, stop: () => Promise<void> | void): void;
  /** Runs every stop function (errors are logged, never thrown); resolves when all have finished. */
  stopAll(): Promise<void>;
}

export function createLifecycle(log: Logger): Lifecycle {
  const entries: { phase: Phase; name: string; stop: () => Promise<void> | void }[] = [];
  let stopping: Promise<void> | undefined;
  return {
    onStop(phase, name, stop) {
      entries.push({ phase, name, stop });
    },
    stopAll() {
      stopping ??= (async () => {
        for (const phase of PHASES) {
          const inPhase = entries.filter((e) => e.phase === phase).reverse();
          for (const entry of inPhase) {
            try {
              await entry.stop();
              log.debug({ part: entry.name }, 'stopped part');
            } catch (err) {
              log.warn({ err, part: entry.name }, 'stopping a part failed');
            }
          }
        }
      })();
      return stopping;
    },
  };
}
