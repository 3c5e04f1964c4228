/**
 * The alerts feature (the relay): the poller and its delivery engine, `/monitor`, and the buttons on relay
 * messages (Acknowledge, Create task, Snooze). `registerAlerts` registers every listener; the composition root
 * starts the background relay with `startRelayBackground`. Other features import alerts from this file only.
 */
import type { App } from '@slack/bolt';
import type { Deps } from '../deps.ts';
import { registerAlertAck } from './slack/alert-ack.ts';
import { registerAlertCreateTask } from './slack/alert-create-task.ts';
import { registerAlertSnooze } from './slack/alert-snooze.ts';
import { registerMonitorCommand } from './slack/monitor-command.ts';

export { startRelayBackground } from './engine/relay-background.ts';
export { relayStore } from './engine/relay-store.ts';
export type { ChannelSubscriptions } from './rules/model.ts';
export type { RelayStatus } from './rules/status.ts';
export { changeSubscription } from './rules/subscriptions.ts';
export { describeSubscriptions } from './render/relay-monitor-reply.ts';
export { formatDuration, when } from './render/relay-format.ts';
export { parseMonitorCommand } from './slack/monitor-parse.ts';

export function registerAlerts(app: App, deps: Deps): void {
  registerMonitorCommand(app, deps);
  registerAlertAck(app, deps);
  registerAlertCreateTask(app, deps);
  registerAlertSnooze(app, deps);
}
