/**
 * "Details" under `/monitor status`: the engineering figures (the last check's platform calls and timing, the
 * work queue per kind with its wait and work times), only for the person who pressed it. The queue is the
 * receiving replica's, read on receipt like the command's; the rest is the relay's record in the store.
 */
import type { Deps } from '../../base/deps.ts';
import { actionEntry, toWork } from '../../kit/entry.ts';
import { queueStatsOf, type QueueStats } from '../../kit/request-context.ts';
import { ensureAllowed } from '../../access/index.ts';
import { alertStore } from '../engine/alert-store.ts';
import { createOutbox } from '../engine/outbox.ts';
import { readAlertStatus } from '../engine/status-report.ts';
import { renderStatusDetails, STATUS_DETAILS_ACTION } from '../render/monitor-reply.ts';
import { inAlertFrame } from '../flows/alert-action.ts';
import { relayRoot, type RelayRootDeps } from '../flows/relay-root.ts';

export const statusDetails = (deps: Pick<Deps, 'store' | 'clock' | 'log'> & RelayRootDeps) =>
  actionEntry<{ queue?: QueueStats }>({
    kind: 'alerts.status-details',
    match: STATUS_DETAILS_ACTION,
    receive: ({ context }) => {
      const queue = queueStatsOf(context);
      return toWork(queue ? { queue } : {});
    },
    work: (args, { queue }) =>
      inAlertFrame(args, deps, STATUS_DETAILS_ACTION, async (channel) => {
        // No platform call, yet only people allowed to use fieldline see its figures (like /monitor status).
        await ensureAllowed();
        const now = deps.clock.now();
        const root = await relayRoot(deps);
        const report = await readAlertStatus(alertStore(root), createOutbox(root), now, channel);
        const msg = renderStatusDetails(report, queue);
        await args.respond({ response_type: 'ephemeral', replace_original: false, ...msg });
      }),
  });
