/** Message shortcut "Import readings": on a message with a CSV file, pick the data source in a modal. */
import type { MessageShortcutArgs } from '../flows/listener-args.ts';
import { ephemeralNote } from '../../kit/blocks/ephemeral-note.ts';
import { csvFilesOf } from '../render/reading-csv-files.ts';
import { renderImportView } from '../render/reading-import.ts';

export const IMPORT_READINGS_CALLBACK = 'import_readings';

export async function handleImportReadings({
  ack,
  shortcut,
  client,
  respond,
}: MessageShortcutArgs): Promise<void> {
  await ack();
  const files = csvFilesOf(shortcut.message);
  if (files.length === 0) {
    await respond(ephemeralNote('That message has no CSV file to import.'));
    return;
  }
  const ts = shortcut.message.thread_ts ?? shortcut.message.ts;
  await client.views.open({
    trigger_id: shortcut.trigger_id,
    view: renderImportView({ files, channel: shortcut.channel.id, ts }),
  });
}
