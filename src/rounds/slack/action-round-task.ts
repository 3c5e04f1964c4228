/**
 * Create task on a value out of limits, in the round's channel: the value's record is read from this workspace's
 * store (the button only names it, and must sit in the channel the record was posted in); the task is created with
 * the presser's own key, once — a second press is told the task exists.
 */
import { actionEntry, toWork } from '../../kit/entry.ts';
import { reportError } from '../../kit/errors.ts';
import { safeName } from '../../kit/blocks/mrkdwn.ts';
import { tellUser } from '../../kit/reply/index.ts';
import { workspaceKeyOf, type InstallationIds } from '../../kit/workspace.ts';
import { ROUND_ACTION } from '../render/round-ids.ts';
import { createTaskFor } from '../flows/out-of-limits.ts';
import type { RoundsDeps } from '../flows/rounds-deps.ts';

export const roundTask = (deps: RoundsDeps) =>
  actionEntry<{ id: string; channel: string | null }>({
    match: ROUND_ACTION.task,
    kind: 'rounds.task',
    async receive({ ack, action, body }) {
      await ack();
      const id = 'value' in action && typeof action.value === 'string' ? action.value.slice(0, 40) : '';
      return toWork({ id, channel: body.channel?.id ?? null }, { acked: true });
    },
    async work({ body, client, context }, { id, channel }) {
      const user = body.user.id;
      const to = { user, ...(channel ? { channel } : {}) };
      const ws = workspaceKeyOf(context as InstallationIds);
      const o = ws ? await deps.rounds.outOfLimit(ws, id) : undefined;
      if (!ws || !o || o.channel !== channel)
        return void (await tellUser(client, to, {
          text: 'This value is no longer kept, so no task was created from it.',
        }));
      try {
        const out = await createTaskFor(deps, client, ws, o, user);
        const text =
          out.kind === 'busy'
            ? 'Someone is creating this task right now.'
            : `${out.kind === 'created' ? 'Task created' : 'This task exists already'}: *${safeName(out.o.taskName ?? '', 200)}*`;
        await tellUser(client, to, { text });
      } catch (err) {
        await reportError(deps, { client, ...to }, err, { action: ROUND_ACTION.task });
      }
    },
  });
