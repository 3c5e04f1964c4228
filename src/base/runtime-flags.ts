/**
 * The Node flags fieldline runs with (package.json `start`, the Dockerfile's CMD, and the ack benchmark's app:
 * test/runtime-flags.test.ts keeps the three in step).
 *
 * `--max-semi-space-size=4` (MiB): the acking thread's young generation stays small, so each young-generation
 * garbage collection (a pause of the event loop that acks Slack) copies little: ~1.5 ms each instead of 5–13 ms
 * with V8's default of up to 16 MiB, measured at 200 requests/s on 2 cores (issue 18: those pauses were what
 * set fieldline's ack p99 apart from a bare Bolt app's). More frequent, much shorter pauses: the work the
 * acking thread does is short-lived, so little is promoted. The flag is read when an isolate is made, so worker
 * threads made after `workersGetDefaultYoungGeneration()` get V8's default instead.
 * Re-tested on 2026-11-29 (a quieter machine, the ack path keeping far less alive than when this was chosen): with
 * V8's default the acking thread made ~2.4× fewer young collections at 200 requests/s and spent ~14% less CPU per
 * request (interleaved 30 s cells, median 0.48 against 0.56 ms), but its pauses were longer: in the bench run with it
 * (`npm run bench -- --only=ack,cpu,ackcpu`), 10 and 15 pauses per run over 5 ms at 50 and 200/s against 1 and 1,
 * and ack p99 1.45× and 1.98× bare against 1.25× and 1.56× with 4 MiB the same morning. The p99 is what acks feel,
 * so the small young generation stays.
 *
 * `--single-threaded-gc`: each isolate collects its own garbage on its own thread, without V8's helper threads.
 * On two cores shared with the job thread and the processes around it, a parallel collection of the acking thread
 * waited for helpers that had no core, and the worst acks grew with it: ack bench at 200 requests/s, 20 s runs,
 * fieldline's max ack per run 14.6–28.2 ms with the flag against 21.9–53.1 ms without (5 runs each, two sittings),
 * its p99 ratio to bare 1.27× and 1.36× against 1.68× and 1.06×, and CPU per request at 50/s 8.06 against 8.49 ms.
 * Process-wide: the job thread collects alone too (it does not ack). Its cost is memory on big relay cycles: the
 * poller bench's 50,000-source cycle peaked at 935 MiB with it against 742 MiB without, 10,000 at 418 against 355
 * (runs of different days; docs/benchmarks.md).
 */
import { setFlagsFromString } from 'node:v8';

export const RUNTIME_FLAGS = ['--max-semi-space-size=4', '--single-threaded-gc'] as const;

/**
 * Worker threads made from now on get V8's default young generation, whatever the process was started with. The
 * job thread keeps what it allocates across platform calls: with the acking thread's small young generation it
 * promoted far more, and the app cost ~15% more CPU per request at 50 requests/s (the ack bench, 2 runs each
 * way). Isolates already made (this thread's) keep theirs.
 */
export function workersGetDefaultYoungGeneration(): void {
  setFlagsFromString('--max-semi-space-size=0');
}
