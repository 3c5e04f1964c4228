/**
 * "Open card" next to a task on the Home tab. The Home tab has no response_url and no channel, so the task
 * card (the task feature's renderer, with its status/priority/edit buttons) is posted to the person's DM
 * with the app, where those buttons update it in place.
 */
import type { App } from '@slack/bolt';
import type { Deps } from '../../deps.ts';
import { HOME_ACTION } from '../render/home-ids.ts';
import { renderNotice, actionFacts, postCard, renderCardFor, tellUser } from '../../tasks/index.ts';
import { reportError } from '../../kit/errors.ts';

export function registerHomeTaskOpen(app: App, deps: Deps): void {
  app.action(new RegExp(`^${HOME_ACTION.taskOpenPrefix}`), async ({ ack, body, client }) => {
    await ack();
    const { user, value } = actionFacts(body);
    try {
      // The Home tab's listing saved every shown task as a snapshot, so this reads the store only.
      const task = value ? await deps.tasks.get(value) : undefined;
      if (!task) {
        await tellUser(
          client,
          { user },
          renderNotice('That task is no longer known to fieldline. Refresh the Home tab and try again.'),
        );
        return;
      }
      await postCard(client, { user }, await renderCardFor(deps, task));
    } catch (err) {
      await reportError(deps, { client, user }, err, { action: 'home_task_open' });
    }
  });
}
