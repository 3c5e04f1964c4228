/**
 * "Import readings…" under a CSV sent to the app in a DM: the same modal as the message shortcut. The conversation
 * and the file's message are the ones Slack signed (the clicked message and its thread), never the button's value;
 * the value only lists the files offered, each checked at submission against where it is shared.
 */
import { ephemeralNote } from '../../kit/blocks/ephemeral-note.ts';
import type { ButtonArgs } from '../flows/listener-args.ts';
import { EXPIRED, valueOrExpired } from '../flows/expired-button.ts';
import { renderImportView } from '../render/reading-import.ts';
import { decodeImportStart } from '../render/source-ids.ts';

export async function handleReadingImportStart({
  ack,
  body,
  action,
  client,
  respond,
}: ButtonArgs): Promise<void> {
  await ack();
  const value = await valueOrExpired(respond, decodeImportStart(action.value), EXPIRED.csvImport);
  if (!value) return;
  const channel = body.channel?.id ?? body.container.channel_id;
  // The offer is a reply in the file message's thread: that thread is where the import talks.
  const ts = body.message?.thread_ts ?? body.message?.ts;
  if (typeof channel !== 'string' || !ts) {
    await respond(ephemeralNote(EXPIRED.csvImport));
    return;
  }
  const files = value.f.map(([id, name]) => ({ id, name }));
  await client.views.open({
    trigger_id: body.trigger_id,
    view: renderImportView({ files, channel, ts }),
  });
}
