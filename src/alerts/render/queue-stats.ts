/** The job queue's figures as Block Kit (pure): one context line overall and one per kind that has run. */
import type { QueueStats } from '../../kit/request-context.ts';

const MAX_KINDS = 8;

export function queueSummary(q: QueueStats): string {
  const where = q.engine === 'bullmq' ? 'shared queue (Redis)' : 'this replica';
  return (
    `*Work queue* (${where}): ${q.waiting} waiting, ${q.running} running of ${q.concurrency} at once; ` +
    `new work is refused beyond ${q.bound} waiting.`
  );
}

export function renderQueueStats(q: QueueStats) {
  const kinds = Object.entries(q.kinds)
    .filter(([, k]) => k.done + k.failed + k.running + k.waiting + k.refused > 0)
    .slice(0, MAX_KINDS)
    .map(
      ([kind, k]) =>
        `\`${kind}\`: ${k.done} done${k.failed ? `, ${k.failed} failed` : ''}` +
        `${k.refused ? `, ${k.refused} refused (busy)` : ''}${k.queuedBusy ? `, ${k.queuedBusy} waited` : ''} · ` +
        `wait p50 ${k.waitP50Ms} ms / p95 ${k.waitP95Ms} ms · work p50 ${k.workP50Ms} ms / p95 ${k.workP95Ms} ms`,
    );
  return [
    { type: 'section', text: { type: 'mrkdwn', text: queueSummary(q) } },
    ...(kinds.length > 0
      ? [{ type: 'context', elements: [{ type: 'mrkdwn', text: kinds.join('\n') }] }]
      : []),
  ];
}
