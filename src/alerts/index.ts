/**
 * The alerts feature (the relay): the poller and its delivery engine, `/monitor`, and the buttons on relay
 * messages (Acknowledge, Create task, Snooze, a digest's "and N more"). `registerAlerts` registers every listener; the composition root
 * starts the background relay with `startRelayBackground`. Other features import alerts from this file only.
 */
import type { BlockButtonAction, BlockStaticSelectAction } from '@slack/bolt';
import type { ListenerApp } from '../runtime/listener-table.ts';
import type { Deps } from '../base/deps.ts';
import { ALERT_ACTION } from './render/alert-message.ts';
import { handleAlertAck } from './slack/alert-ack.ts';
import { handleAlertCreateTask } from './slack/alert-create-task.ts';
import { handleAlertSnooze } from './slack/alert-snooze.ts';
import { handleMonitorCommand } from './slack/monitor-command.ts';
import { handleDigestMore } from './slack/digest-more.ts';
import { DIGEST_MORE_PREFIX } from './render/digest-message.ts';

export { startRelayBackground } from './engine/relay-background.ts';
export { relayStore } from './engine/relay-store.ts';
export type { ChannelSubscriptions } from './rules/model.ts';
export type { RelayStatus } from './rules/status.ts';
export { changeSubscription, subscribeIfNew } from './rules/subscriptions.ts';
export { describeSubscriptions } from './render/relay-monitor-reply.ts';
export { formatDuration, when } from './render/relay-format.ts';
export { parseMonitorCommand } from './rules/monitor-parse.ts';
/** App Home's toggle: whether a person gets a DM with the task card when a task is assigned to them. */
export { assignmentDmsOn, setAssignmentDms } from './engine/relay-people.ts';
/** For the tasks feature, right after assigning a task from Slack: DMs the assignee now (the relay then won't). */
export { notifyAssignment } from './engine/assign-notify.ts';

export function registerAlerts(app: ListenerApp, deps: Deps): void {
  app.command('/monitor', (args) => handleMonitorCommand(args, deps));
  app.action<BlockButtonAction>(ALERT_ACTION.ack, (args) => handleAlertAck(args, deps));
  app.action<BlockButtonAction>(ALERT_ACTION.createTask, (args) => handleAlertCreateTask(args, deps));
  app.action<BlockStaticSelectAction>(ALERT_ACTION.snooze, (args) => handleAlertSnooze(args, deps));
  app.action<BlockButtonAction>(new RegExp(`^${DIGEST_MORE_PREFIX}`), (args) => handleDigestMore(args, deps));
}
