/**
 * The readings feature (data sources and their readings): `/source`, `/reading`, the source card's buttons, CSV
 * export and import (message shortcut and CSV by DM), manual entry and device status. `registerReadings` registers
 * every listener; other features import readings from this file only.
 */
import type { App } from '@slack/bolt';
import type { Deps } from '../deps.ts';
import { registerImportReadings } from './slack/import-readings.ts';
import { registerReadingCommand } from './slack/reading-command.ts';
import { registerReadingEntrySubmit } from './slack/reading-entry-submit.ts';
import { registerReadingImportDm } from './slack/reading-import-dm.ts';
import { registerReadingImportSourceOptions } from './slack/reading-import-source.ts';
import { registerReadingImportStart } from './slack/reading-import-start.ts';
import { registerReadingImportSubmit } from './slack/reading-import-submit.ts';
import { registerSourceCommand } from './slack/source-command.ts';
import { registerSourceCreateTask } from './slack/source-create-task.ts';
import { registerSourceDetails } from './slack/source-details.ts';
import { registerSourceDeviceStatus } from './slack/source-device-status.ts';
import { registerSourceDeviceStatusSubmit } from './slack/source-device-status-submit.ts';
import { registerSourceEnterReading } from './slack/source-enter-reading.ts';
import { registerSourceMore } from './slack/source-more.ts';
import { registerSourceReadings } from './slack/source-readings.ts';

export { rowFacts } from './rules/source-facts.ts';
export type { SearchPage, SourceHit } from './service/search.ts';
export { createSourcesService, type SourcesService } from './service/sources-service.ts';

export function registerReadings(app: App, deps: Deps): void {
  registerReadingCommand(app, deps);
  registerSourceCommand(app, deps);
  registerSourceDetails(app, deps);
  registerSourceMore(app, deps);
  registerSourceReadings(app, deps);
  registerSourceEnterReading(app, deps);
  registerSourceDeviceStatus(app, deps);
  registerSourceCreateTask(app, deps);
  registerReadingImportStart(app, deps);
  registerReadingEntrySubmit(app, deps);
  registerSourceDeviceStatusSubmit(app, deps);
  registerReadingImportSubmit(app, deps);
  registerImportReadings(app, deps);
  registerReadingImportSourceOptions(app, deps);
  registerReadingImportDm(app, deps);
}
