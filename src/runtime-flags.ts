/**
 * The Node flags fieldline runs with (package.json `start`, the Dockerfile's CMD, and the ack benchmark's app:
 * test/runtime-flags.test.ts keeps the three in step).
 *
 * `--single-threaded-gc`: each isolate collects its own garbage on its own thread, without V8's helper threads.
 * On two cores shared with the job thread and the processes around it, a parallel collection of the acking thread
 * waited for helpers that had no core, and the worst acks grew with it: ack bench at 200 requests/s, 20 s runs,
 * fieldline's max ack per run 14.6–28.2 ms with the flag against 21.9–53.1 ms without (5 runs each, two sittings),
 * its p99 ratio to bare 1.27× and 1.36× against 1.68× and 1.06×, and CPU per request at 50/s 8.06 against 8.49 ms.
 * Process-wide: the job thread collects alone too (it does not ack). Its cost is memory on big relay cycles: the
 * poller bench's 50,000-source cycle peaked at 935 MiB with it against 742 MiB without, 10,000 at 418 against 355
 * (runs of different days; docs/benchmarks.md).
 *
 * Young generation: V8's default (semi-spaces up to 16 MiB), on every thread. The acking thread used to run with
 * `--max-semi-space-size=4`, chosen when the ack path kept more alive: once it kept little, the small young
 * generation only meant ~2.4× as many young collections at 200 requests/s (~190 against ~80 per 30 s run), more
 * promotion, and more old-generation marking — work this thread does itself under `--single-threaded-gc`. Ack
 * bench cells of 30 s, the two settings interleaved in one process tree (2026-11-29; 6 pairs at 200/s, 3 at 50/s):
 * the acking thread's CPU per request at 200/s had a median of 0.48 ms with V8's default against 0.56 ms with
 * 4 MiB (lower in 7 of the 9 pairs), ack p99 medians 3.05 against 3.2 ms at 200/s and 3.6 against 3.7 ms at 50/s,
 * peak RSS within ~30 MiB. The trade: fewer, longer pauses (the longest per run 4.5–10.7 against 3.9–5.9 ms).
 */
export const RUNTIME_FLAGS = ['--single-threaded-gc'] as const;
