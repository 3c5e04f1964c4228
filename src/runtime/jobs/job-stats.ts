/**
 * Queue depth, wait time and work time per kind of job, for /monitor status and /readyz. Times are kept for the
 * last SAMPLE jobs of each kind (bounded memory); figures are milliseconds.
 *
 * One process's memory, changed only synchronously on its event loop, so no count is lost to another writer. The
 * order of the calls is not promised (BullMQ's worker may start a job before `offer` counted it accepted), so the
 * counts are kept exact whatever the order and only clamped at 0 when shown (issue 35: a clamp on each change
 * kept one phantom waiting job per such race).
 */
import type { KindStats } from '../../kit/request-context.ts';
import * as m from '../../base/metrics.ts';
import type { JobRunner } from './job-queue.ts';
import type { SlackJob } from './slack-job.ts';

const SAMPLE = 256;

/** What is counted per kind. */
type Counts = Record<'waiting' | 'running' | 'done' | 'failed' | 'queuedBusy' | 'refused', number>;

export type { KindStats, QueueStats } from '../../kit/request-context.ts';

class Ring {
  private readonly values: number[] = [];
  private next = 0;
  push(v: number): void {
    if (this.values.length < SAMPLE) this.values.push(v);
    else this.values[this.next] = v;
    this.next = (this.next + 1) % SAMPLE;
  }
  percentile(p: number): number {
    if (this.values.length === 0) return 0;
    const sorted = [...this.values].sort((a, b) => a - b);
    return Math.round(sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0);
  }
}

type Counters = Counts & { wait: Ring; work: Ring };

export class JobStats {
  private readonly kinds = new Map<string, Counters>();

  private of(kind: string): Counters {
    let c = this.kinds.get(kind);
    if (!c) {
      c = {
        waiting: 0,
        running: 0,
        done: 0,
        failed: 0,
        queuedBusy: 0,
        refused: 0,
        wait: new Ring(),
        work: new Ring(),
      };
      this.kinds.set(kind, c);
    }
    return c;
  }

  accepted(kind: string, position: number): void {
    const c = this.of(kind);
    c.waiting += 1;
    if (position > 0) c.queuedBusy += 1;
    m.noteJobAccepted(kind, position);
  }
  refused(kind: string): void {
    this.of(kind).refused += 1;
    m.jobsRefused.inc({ kind: m.kindLabel(kind) });
  }
  /** A waiting job was deleted unrun (its installation was removed, issue 39). */
  removed(kind: string): void {
    this.of(kind).waiting -= 1;
    m.jobsWaiting.dec({ kind: m.kindLabel(kind) });
  }
  started(kind: string, waitedMs: number): void {
    const c = this.of(kind);
    c.waiting -= 1;
    c.running += 1;
    c.wait.push(waitedMs);
    m.noteJobStarted(kind, waitedMs);
  }
  /** Runs a job, counting it started (its wait) and finished (its work time, failed when `run` throws). */
  async track(job: SlackJob, run: JobRunner): Promise<void> {
    const started = Date.now();
    this.started(job.kind, started - job.acceptedAt);
    let ok = false;
    try {
      await run(job);
      ok = true;
    } finally {
      this.finished(job.kind, Date.now() - started, ok);
    }
  }

  finished(kind: string, workedMs: number, ok: boolean): void {
    const c = this.of(kind);
    c.running -= 1;
    if (ok) c.done += 1;
    else c.failed += 1;
    c.work.push(workedMs);
    m.noteJobFinished(kind, workedMs, ok);
  }

  /** Jobs running now, all kinds together. */
  running(): number {
    let n = 0;
    for (const c of this.kinds.values()) n += c.running;
    return Math.max(0, n);
  }

  byKind(): Record<string, KindStats> {
    const out: Record<string, KindStats> = {};
    for (const [kind, { wait, work, ...counts }] of [...this.kinds].sort(([a], [b]) => a.localeCompare(b)))
      out[kind] = {
        ...counts,
        waiting: Math.max(0, counts.waiting),
        running: Math.max(0, counts.running),
        waitP50Ms: wait.percentile(50),
        waitP95Ms: wait.percentile(95),
        workP50Ms: work.percentile(50),
        workP95Ms: work.percentile(95),
      };
    return out;
  }
}
