/**
 * Opens the create-task modal. Shared entry point: /task, the New task shortcut, Create task from message,
 * /source "Create task about this" and relay alert buttons all call this right after their ack (the trigger
 * id lives 3 s). Afterwards it warms the directory (sites, statuses, people) so that the submission's inline
 * checks find what they need in the cache.
 */
import type { WebClient } from '@slack/web-api';
import type { Deps } from '../../base/deps.ts';
import { renderCreateTaskModal, type TaskPrefill } from '../render/task-create-modal.ts';

export type { TaskPrefill } from '../render/task-create-modal.ts';

/** What opening the modal needs: the statuses to offer, and the directory to warm afterwards. */
export type OpenTaskModalDeps = Pick<Deps, 'directory' | 'log'>;

/** Statuses a new task may start in: every known one except Cancelled. */
function creatableStatuses(deps: Pick<Deps, 'directory'>) {
  const cancelled = deps.directory.statuses.idFor('Cancelled');
  return deps.directory.statuses.all().filter((s) => s.id !== cancelled);
}

export async function openCreateTaskModal(
  deps: OpenTaskModalDeps,
  client: WebClient,
  triggerId: string,
  prefill: TaskPrefill = {},
): Promise<{ viewId: string | undefined }> {
  const view = renderCreateTaskModal(prefill, creatableStatuses(deps));
  const opened = await client.views.open({ trigger_id: triggerId, view });
  warmDirectory(deps);
  return { viewId: opened.view?.id };
}

function warmDirectory(deps: OpenTaskModalDeps): void {
  const log = deps.log.child({ module: 'tasks' });
  void Promise.all([deps.directory.sites(), deps.directory.statuses.refresh()]).catch((err: unknown) =>
    log.warn({ err }, 'directory warm-up failed'),
  );
}
