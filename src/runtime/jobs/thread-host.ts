/**
 * The worker thread's side of ./thread-runner.ts: runs each job it is sent with `run` and answers `done`.
 * A job's own failure is its listener's business (the app's error handler told the person); `ok: false` means
 * the job could not run at all. `ready` carries the thread's Linux id when it lowered its priority (tests read it).
 */
import type { MessagePort } from 'node:worker_threads';
import type { JobRunner } from './job-queue.ts';
import { slackJobSchema } from './slack-job.ts';
import type { StoreReply } from './store-proxy.ts';

export function hostJobs(
  port: MessagePort,
  run: JobRunner,
  onStoreReply: (r: StoreReply) => void,
  tid?: number,
): void {
  port.on('message', (m: { t?: string; job?: unknown } & StoreReply) => {
    if (m.t === 'store-reply') return onStoreReply(m);
    if (m.t !== 'job') return;
    const parsed = slackJobSchema.safeParse(m.job);
    if (!parsed.success) {
      const id = (m.job as { id?: unknown } | undefined)?.id;
      if (typeof id === 'string') port.postMessage({ t: 'done', id, ok: false, error: 'malformed job' });
      return;
    }
    const job = parsed.data;
    run(job).then(
      () => port.postMessage({ t: 'done', id: job.id, ok: true }),
      (err: unknown) =>
        port.postMessage({
          t: 'done',
          id: job.id,
          ok: false,
          error: err instanceof Error ? err.message : String(err),
        }),
    );
  });
  port.postMessage(tid === undefined ? { t: 'ready' } : { t: 'ready', tid });
}
