/**
 * actions: one file per handler; this index registers them. Add one import and one call per handler.
 */
import type { App } from '@slack/bolt';
import type { Deps } from '../deps.ts';
import { registerFileSend } from '../files/slack/file-send.ts';
import { registerFileRetry } from '../files/slack/file-retry.ts';
import { registerAlertAck } from '../alerts/slack/alert-ack.ts';
import { registerAlertCreateTask } from '../alerts/slack/alert-create-task.ts';
import { registerAlertSnooze } from '../alerts/slack/alert-snooze.ts';
import { registerSourceDetails } from '../readings/slack/source-details.ts';
import { registerSourceMore } from '../readings/slack/source-more.ts';
import { registerSourceReadings } from '../readings/slack/source-readings.ts';
import { registerSourceEnterReading } from '../readings/slack/source-enter-reading.ts';
import { registerSourceDeviceStatus } from '../readings/slack/source-device-status.ts';
import { registerSourceCreateTask } from '../readings/slack/source-create-task.ts';
import { registerReadingImportStart } from '../readings/slack/reading-import-start.ts';

export function register(app: App, deps: Deps): void {
  registerFileSend(app, deps);
  registerFileRetry(app, deps);
  registerAlertAck(app, deps);
  registerAlertCreateTask(app, deps);
  registerAlertSnooze(app, deps);
  registerSourceDetails(app, deps);
  registerSourceMore(app, deps);
  registerSourceReadings(app, deps);
  registerSourceEnterReading(app, deps);
  registerSourceDeviceStatus(app, deps);
  registerSourceCreateTask(app, deps);
  registerReadingImportStart(app, deps);
  // one call per handler, e.g. registerX(app, deps);
}
