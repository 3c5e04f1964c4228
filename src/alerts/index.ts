/**
 * The alerts feature (the relay): the poller and its delivery engine, `/monitor`, and the buttons on alert
 * messages (Acknowledge, Create task, Snooze, a digest's "and N more"). `registerAlerts` registers every listener;
 * the composition root starts the background relay with `startAlertBackground`. Other features import alerts from
 * this file only.
 */
import type { BlockButtonAction } from '@slack/bolt';
import type { Deps } from '../base/deps.ts';
import type { ListenerApp } from '../kit/entry.ts';
import { ALERT_ACTION } from './render/alert-message.ts';
import { alertAck } from './slack/action-alert-ack.ts';
import { handleAlertCreateTask } from './slack/action-alert-create-task.ts';
import { alertSnooze } from './slack/action-alert-snooze.ts';
import { digestMore } from './slack/action-digest-more.ts';
import { monitorCommand } from './slack/command-monitor.ts';
import { statusDetails } from './slack/action-status-details.ts';
import { MONITOR_HELP } from './render/monitor-help.ts';

export { startAlertBackground, type AlertBackgroundOptions } from './engine/alert-background.ts';
export { createRelayManager, type RelayManager } from './engine/relay-manager.ts';
export { createAlertLeases } from './engine/leadership.ts';
export { relayRoot, type RelayRootDeps } from './flows/relay-root.ts';
export { alertStore } from './engine/alert-store.ts';
export type { ChannelSubscriptions } from './rules/model.ts';
export type { AlertStatus } from './rules/status.ts';
export { changeSubscription, subscribeIfNew } from './rules/subscriptions.ts';
export { describeSubscriptions } from './render/monitor-reply.ts';
export { formatDuration, when } from './render/alert-format.ts';
export { parseMonitorCommand } from './rules/monitor-parse.ts';
export { MONITOR_HELP } from './render/monitor-help.ts';
/** The slash commands of this feature, with their help (the manifest lists the same). */
export const COMMANDS = [MONITOR_HELP];
/** App Home's toggle: whether a person gets a DM with the task card when a task is assigned to them. */
export { assignmentDmsOn, setAssignmentDms } from './engine/alert-people.ts';
/** For the tasks feature, right after assigning a task from Slack: DMs the assignee now (the relay then won't). */
export { notifyAssignment } from './engine/assign-notify.ts';
/** For "Create task from message" on an alert message: the device, its site and (critical) a High priority. */
export { alertTaskPrefill } from './flows/alert-task-prefill.ts';
/** For /reading's "this shift": the channel's shift changes, or null. */
export { channelShiftTimes } from './engine/channel-shift-times.ts';
/** The Workflow Builder step "Open incidents at a site" (issue 41): a site's devices with a problem now. */
export { openIncidentsAt, type SiteIncident, type SiteIncidents } from './flows/site-incidents.ts';

export function registerAlerts(app: ListenerApp, deps: Deps): void {
  app.entry(monitorCommand(deps));
  app.entry(alertAck(deps));
  app.entry(alertSnooze(deps));
  app.entry(digestMore(deps));
  app.entry(statusDetails(deps));
  // Answered on receipt: it opens the task modal with the trigger_id.
  app.action<BlockButtonAction>(ALERT_ACTION.createTask, (args) => handleAlertCreateTask(args, deps));
}
