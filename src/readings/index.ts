/**
 * The readings feature (data sources and their readings): `/source`, `/reading`, the source card's buttons, CSV
 * export and import (message shortcut and CSV by DM), manual entry and device status. `registerReadings` registers
 * every listener; other features import readings from this file only.
 */
import type { BlockButtonAction, ViewSubmitAction } from '@slack/bolt';
import type { ListenerApp } from '../runtime/listener-table.ts';
import type { Deps } from '../base/deps.ts';
import {
  prefixPattern,
  READING_ACTION,
  READING_VIEW,
  SOURCE_ACTION,
  SOURCE_VIEW,
} from './render/source-ids.ts';
import { handleImportReadings, IMPORT_READINGS_CALLBACK } from './slack/import-readings.ts';
import { handleReadingCommand, readingCommandJob } from './slack/reading-command.ts';
import { ENTRY_AT_DOOR, handleReadingEntrySubmit } from './slack/reading-entry-submit.ts';
import { handleReadingImportDm } from './slack/reading-import-dm.ts';
import { handleReadingImportSourceOptions } from './slack/reading-import-source.ts';
import { handleReadingImportStart } from './slack/reading-import-start.ts';
import { handleReadingImportSubmit, IMPORT_AT_DOOR } from './slack/reading-import-submit.ts';
import { handleSourceCommand, sourceCommandJob } from './slack/source-command.ts';
import { handleSourceCreateTask } from './slack/source-create-task.ts';
import { handleSourceDetails } from './slack/source-details.ts';
import { handleSourceDeviceStatus } from './slack/source-device-status.ts';
import { handleSourceDeviceStatusSubmit, STATUS_AT_DOOR } from './slack/source-device-status-submit.ts';
import { handleSourceEnterReading } from './slack/source-enter-reading.ts';
import { handleSourceMore } from './slack/source-more.ts';
import {
  handleReadingPickSource,
  handleSourceExport,
  handleSourceReadings,
} from './slack/source-readings.ts';

export { rowFacts } from './rules/source-facts.ts';
export type { SearchPage, SourceHit } from './service/search.ts';
export { createSourcesService, type SourcesService } from './service/sources-service.ts';

export function registerReadings(app: ListenerApp, deps: Deps): void {
  app.command('/reading', (args) => handleReadingCommand(args, deps));
  app.command('/source', (args) => handleSourceCommand(args, deps));
  // What a full job queue refuses before the app (src/runtime/jobs/door.ts): the same answers as handOff's.
  app.busyAtDoor({ command: '/reading', kind: readingCommandJob });
  app.busyAtDoor({ command: '/source', kind: sourceCommandJob });
  app.busyAtDoor(ENTRY_AT_DOOR);
  app.busyAtDoor(STATUS_AT_DOOR);
  app.busyAtDoor(IMPORT_AT_DOOR);

  app.action<BlockButtonAction>(prefixPattern(SOURCE_ACTION.details), (args) =>
    handleSourceDetails(args, deps),
  );
  app.action<BlockButtonAction>(SOURCE_ACTION.more, (args) => handleSourceMore(args, deps));
  app.action<BlockButtonAction>(SOURCE_ACTION.readings, (args) => handleSourceReadings(args, deps));
  app.action<BlockButtonAction>(SOURCE_ACTION.export, (args) => handleSourceExport(args, deps));
  app.action<BlockButtonAction>(prefixPattern(READING_ACTION.pickSource), (args) =>
    handleReadingPickSource(args, deps),
  );
  app.action<BlockButtonAction>(SOURCE_ACTION.enterReading, (args) => handleSourceEnterReading(args, deps));
  app.action<BlockButtonAction>(SOURCE_ACTION.deviceStatus, (args) => handleSourceDeviceStatus(args, deps));
  app.action<BlockButtonAction>(SOURCE_ACTION.createTask, (args) => handleSourceCreateTask(args, deps));
  app.action<BlockButtonAction>(READING_ACTION.importStart, (args) => handleReadingImportStart(args));

  app.view<ViewSubmitAction>({ callback_id: READING_VIEW.entry, type: 'view_submission' }, (args) =>
    handleReadingEntrySubmit(args, deps),
  );
  app.view<ViewSubmitAction>({ callback_id: SOURCE_VIEW.deviceStatus, type: 'view_submission' }, (args) =>
    handleSourceDeviceStatusSubmit(args, deps),
  );
  app.view<ViewSubmitAction>({ callback_id: READING_VIEW.import, type: 'view_submission' }, (args) =>
    handleReadingImportSubmit(args, deps),
  );

  app.shortcut({ callback_id: IMPORT_READINGS_CALLBACK, type: 'message_action' }, (args) =>
    handleImportReadings(args),
  );
  app.options<'block_suggestion'>(
    { type: 'block_suggestion', action_id: READING_ACTION.importSource },
    (args) => handleReadingImportSourceOptions(args, deps),
  );
  app.event('message', (args) => handleReadingImportDm(args, deps));
}
