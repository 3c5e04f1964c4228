/** Global shortcut "New task": the create modal; the card then arrives in the person's DM with the app. */
import type { AllMiddlewareArgs, GlobalShortcut, SlackShortcutMiddlewareArgs } from '@slack/bolt';
import { openCreateTaskModal, type OpenTaskModalDeps } from '../flows/create-open.ts';

export async function handleNewTaskShortcut(
  { ack, shortcut, client }: SlackShortcutMiddlewareArgs<GlobalShortcut> & AllMiddlewareArgs,
  deps: OpenTaskModalDeps,
): Promise<void> {
  await ack();
  await openCreateTaskModal(deps, client, shortcut.trigger_id, {});
}
