/**
 * "Complete with photos" on a task card (or on the answer after a failed upload): on receipt a "Loading…" modal
 * opened with the trigger_id, then the work reads the task with the person's own key (the button's value only
 * names which task: the platform decides whether they see it) and turns the modal into the photo form.
 */
import { actionEntry, answered, toWork } from '../../kit/entry.ts';
import { messageModal } from '../../kit/blocks/text-blocks.ts';
import { workspaceKeyOf, type InstallationIds } from '../../kit/workspace.ts';
import { safeName } from '../../kit/blocks/mrkdwn.ts';
import { userMessageFor } from '../../kit/errors.ts';
import type { Deps } from '../../base/deps.ts';
import { CANONICAL_STATUSES, statusKey } from '../../directory/index.ts';
import { actionFacts } from '../flows/action-context.ts';
import { renderPhotoModal, type PhotoMeta } from '../render/photo-modal.ts';
import { notVisibleText } from '../render/task-notices.ts';
import { TASK_ACTION } from '../render/task-ids.ts';
import { createPhotoStore } from '../service/photo-store.ts';
import { photoRuleFor } from '../rules/photo-rules.ts';

interface OpenCarry {
  viewId: string;
  meta: PhotoMeta;
}

const TITLE = 'Complete with photos';

export const taskPhotosOpen = (deps: Pick<Deps, 'tasks' | 'store' | 'directory'>) =>
  actionEntry<OpenCarry>({
    match: TASK_ACTION.photos,
    kind: 'tasks.photos-open',
    async receive({ ack, body, client }) {
      await ack();
      const facts = actionFacts(body);
      if (!facts.triggerId || !facts.value) return answered();
      const opened = await client.views.open({
        trigger_id: facts.triggerId,
        view: messageModal(TITLE, ':hourglass_flowing_sand: Opening the photo form…'),
      });
      const viewId = opened.view?.id;
      if (!viewId) return answered();
      // Where the card is: from the signed payload (the runtime seals it into the view's private_metadata). The
      // button on the "stays open" answer is not on the card: the work finds the card where fieldline kept it.
      const meta: PhotoMeta = { taskId: facts.value.slice(0, 100) };
      if (facts.channel) meta.channel = facts.channel;
      if (facts.ephemeral && facts.responseUrl) meta.responseUrl = facts.responseUrl;
      else if (onCard(body) && facts.channel && facts.messageTs) {
        meta.ts = facts.messageTs;
        if (facts.threadTs) meta.threadTs = facts.threadTs;
      }
      return toWork({ viewId, meta }, { acked: true, view: viewId });
    },
    async work({ body, client, context }, { viewId, meta }) {
      const user = body.user.id;
      const show = (text: string) =>
        client.views.update({ view_id: viewId, view: messageModal(TITLE, text) });
      try {
        const task = await deps.tasks.get(meta.taskId);
        if (!task) return void (await show(notVisibleText(meta.taskId)));
        const status = statusKey(task.status.name ?? deps.directory.statuses.nameFor(task.status.id) ?? '');
        const closed = CANONICAL_STATUSES.filter((s) => s === 'Done' || s === 'Cancelled').map(statusKey);
        if (closed.includes(status))
          return void (await show(
            `*${safeName(task.name, 300)}* is already ${safeName(task.status.name ?? 'closed', 50)}.`,
          ));
        const ws = workspaceKeyOf(context as InstallationIds);
        const store = createPhotoStore(deps.store);
        const kept = !meta.ts && ws ? await store.place(ws, task.id, user) : undefined;
        if (kept) {
          delete meta.responseUrl;
          Object.assign(meta, kept);
        }
        const earlier = ws ? await store.uploaded(ws, task.id) : [];
        const required = ws ? photoRuleFor(await store.rules(ws), task) !== undefined : false;
        await client.views.update({ view_id: viewId, view: renderPhotoModal(task, meta, earlier, required) });
      } catch (err) {
        await show(userMessageFor(err).text).catch(() => undefined);
      }
    },
  });

/** Whether the button sits on a task card (its first block is the card's), not on an answer. */
function onCard(body: object): boolean {
  const message = (body as { message?: { blocks?: unknown } }).message;
  const first = Array.isArray(message?.blocks) ? (message.blocks as unknown[])[0] : undefined;
  const id =
    typeof first === 'object' && first !== null ? (first as { block_id?: unknown }).block_id : undefined;
  return typeof id === 'string' && id.startsWith('task_card_');
}
