/** "Import readings…" under a CSV sent to the app in a DM: the same modal as the message shortcut. */
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
  const files = value.f.map(([id, name]) => ({ id, name }));
  await client.views.open({
    trigger_id: body.trigger_id,
    view: renderImportView({ files, channel: value.c, ts: value.ts }),
  });
}
