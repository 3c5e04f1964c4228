/**
 * Status buttons on a task card (To Do, On Hold, Done, Cancel). An unknown status id is explained, never guessed.
 * Done on a task that a workspace rule asks a photo of is refused before any platform call, pointing to
 * "Complete with photos" (issue 40).
 */
import { CANONICAL_STATUSES, statusKey } from '../../directory/index.ts';
import { actionEntry, toWork } from '../../kit/entry.ts';
import { TASK_ACTION } from '../render/task-ids.ts';
import { renderNotice } from '../render/task-notices.ts';
import { renderPhotoRequired } from '../render/photo-modal.ts';
import { unknownStatusText } from '../render/task-card.ts';
import { tellUser } from '../flows/deliver.ts';
import { actionFacts, changeContext } from '../flows/action-context.ts';
import { changeTask, type TaskChangeDeps } from '../flows/change-task.ts';
import { photoRefusal } from '../flows/photo-settings.ts';
import { createPhotoStore } from '../service/photo-store.ts';
import { workspaceKeyOf, type InstallationIds } from '../../kit/workspace.ts';
import type { Deps } from '../../base/deps.ts';

/** task_status_todo, task_status_onhold, task_status_done, task_status_cancelled. */
export const TASK_STATUS_ACTION = new RegExp(
  `^${TASK_ACTION.statusPrefix}(${CANONICAL_STATUSES.map(statusKey).join('|')})$`,
);

export const taskStatus = (deps: TaskChangeDeps & Pick<Deps, 'store'>) =>
  actionEntry({
    match: TASK_STATUS_ACTION,
    kind: 'tasks.status',
    // Nothing to check on receipt: the status change (PATCH, card update, thread note) runs as a job.
    receive: () => toWork(undefined),
    async work({ body, client, respond, context }) {
      const facts = actionFacts(body);
      const key = facts.actionId.slice(TASK_ACTION.statusPrefix.length);
      const name = CANONICAL_STATUSES.find((s) => statusKey(s) === key) ?? key;
      const taskId = facts.value ?? '';
      const to = { user: facts.user, ...(facts.channel ? { channel: facts.channel } : {}) };
      if (name === 'Done') {
        const ws = workspaceKeyOf(context as InstallationIds);
        const refused = await photoRefusal(deps, ws, taskId);
        if (refused) {
          // The refusal's "Complete with photos" then completes this card (kept from the signed payload).
          if (ws && !facts.ephemeral && facts.channel && facts.messageTs)
            await createPhotoStore(deps.store)
              .keepPlace(ws, taskId, facts.user, {
                channel: facts.channel,
                ts: facts.messageTs,
                ...(facts.threadTs ? { threadTs: facts.threadTs } : {}),
              })
              .catch(() => undefined);
          return void (await tellUser(client, to, renderPhotoRequired(refused, taskId)));
        }
      }
      await deps.directory.statuses.refresh().catch(() => undefined);
      const statusId = deps.directory.statuses.idFor(name);
      if (statusId === undefined) {
        await tellUser(client, to, renderNotice(unknownStatusText([name])));
        return;
      }
      await changeTask(deps, changeContext(facts, client, respond), taskId, { statusId });
    },
  });
