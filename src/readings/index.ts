/**
 * The readings feature (data sources and their readings): `/source`, `/reading`, the source card's buttons, CSV
 * export and import (message shortcut and CSV by DM), manual entry and device status. `registerReadings` registers
 * every listener: declarations (src/kit/entry.ts) for what becomes work, Bolt listeners for what is answered on
 * receipt only (a button or shortcut that opens a modal, the source typeahead). Other features import readings
 * from this file only.
 */
import type { BlockButtonAction } from '@slack/bolt';
import type { Deps } from '../base/deps.ts';
import type { ListenerApp } from '../kit/entry.ts';
import { READING_ACTION, SOURCE_ACTION } from './render/source-ids.ts';
import { deviceStatus } from './slack/action-device-status.ts';
import { enterReading } from './slack/action-enter-reading.ts';
import { handleReadingImportStart } from './slack/action-import-start.ts';
import { handleSourceCreateTask } from './slack/action-source-create-task.ts';
import { sourceDetails } from './slack/action-source-details.ts';
import { sourceMore } from './slack/action-source-more.ts';
import {
  readingPickSource,
  readingShare,
  sourceExport,
  sourceReadings,
} from './slack/action-source-readings.ts';
import { readingCommand } from './slack/command-reading.ts';
import { readingDidYouMean } from './slack/action-did-you-mean.ts';
import { sourceCommand } from './slack/command-source.ts';
import { readingImportDm } from './slack/event-reading-import-dm.ts';
import { handleReadingImportSourceOptions } from './slack/options-import-source.ts';
import { handleImportReadings, IMPORT_READINGS_CALLBACK } from './slack/shortcut-import-readings.ts';
import { deviceStatusSubmit } from './slack/view-device-status-submit.ts';
import { readingEntrySubmit } from './slack/view-reading-entry-submit.ts';
import { readingImportSubmit } from './slack/view-reading-import-submit.ts';
import { READING_HELP, SOURCE_HELP } from './render/readings-help.ts';

export { READING_HELP, SOURCE_HELP } from './render/readings-help.ts';
/** The slash commands of this feature, with their help (the manifest lists the same). */
export const COMMANDS = [READING_HELP, SOURCE_HELP];
export { rowFacts } from './rules/source-facts.ts';
export type { SearchPage, SourceHit } from './service/search.ts';
export { createSourcesService, type SourcesService } from './service/sources-service.ts';
/** What the Workflow Builder reading steps reuse (issue 41): the manual entry's rules and the site-time format. */
export { metricCatalog, type MetricInfo } from './rules/metric-catalog.ts';
export { buildEntry } from './rules/manual-entry.ts';
export { zoneOrUtc } from './rules/range.ts';
export { formatNumber, siteTime } from './render/reading-format.ts';

export function registerReadings(app: ListenerApp, deps: Deps): void {
  app.entry(readingCommand(deps));
  app.entry(sourceCommand(deps));

  app.entry(sourceDetails(deps));
  app.entry(sourceMore(deps));
  app.entry(sourceReadings(deps));
  app.entry(sourceExport(deps));
  app.entry(readingPickSource(deps));
  app.entry(readingShare(deps));
  app.entry(readingDidYouMean(deps));
  app.entry(enterReading(deps));
  app.entry(deviceStatus(deps));
  app.action<BlockButtonAction>(SOURCE_ACTION.createTask, (args) => handleSourceCreateTask(args, deps));
  app.action<BlockButtonAction>(READING_ACTION.importStart, (args) => handleReadingImportStart(args));

  app.entry(readingEntrySubmit(deps));
  app.entry(deviceStatusSubmit(deps));
  app.entry(readingImportSubmit(deps));

  app.shortcut({ callback_id: IMPORT_READINGS_CALLBACK, type: 'message_action' }, (args) =>
    handleImportReadings(args),
  );
  app.options<'block_suggestion'>(
    { type: 'block_suggestion', action_id: READING_ACTION.importSource },
    (args) => handleReadingImportSourceOptions(args, deps),
  );
  app.entry(readingImportDm(deps));
}
