/**
 * Memory figures after a full garbage collection, for tests that bound what a structure keeps alive (memory, never
 * time). `--expose-gc` is set at runtime, so the test runner needs no flag; the new context made afterwards has gc.
 */
import { runInNewContext } from 'node:vm';
import { setFlagsFromString } from 'node:v8';

setFlagsFromString('--expose-gc');
const collect = runInNewContext('gc') as () => void;

export function memoryAfterGc(): NodeJS.MemoryUsage {
  collect();
  return process.memoryUsage();
}
