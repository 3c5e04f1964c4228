/**
 * The Node flags fieldline runs with (package.json `start`, the Dockerfile's CMD, and the ack benchmark's app:
 * test/base/runtime-flags.test.ts keeps the three in step): a small young generation and single-threaded GC keep
 * the acking thread's pauses short on two cores (why, and what was measured: docs/decisions/0001-runtime-flags.md).
 */
import { setFlagsFromString } from 'node:v8';

export const RUNTIME_FLAGS = ['--max-semi-space-size=4', '--single-threaded-gc'] as const;

/**
 * Worker threads made from now on get V8's default young generation (the job thread keeps what it allocates across
 * platform calls: docs/decisions/0001-runtime-flags.md). Isolates already made keep theirs.
 */
export function workersGetDefaultYoungGeneration(): void {
  setFlagsFromString('--max-semi-space-size=0');
}
