/** "Import readings…" under a CSV sent to the app in a DM: the same modal as the message shortcut. */
import type { App, BlockButtonAction } from '@slack/bolt';
import type { Deps } from '../../deps.ts';
import { renderImportView } from '../render/reading-import.ts';
import { decodeImportStart, READING_ACTION } from '../render/source-ids.ts';

export function registerReadingImportStart(app: App, _deps: Deps): void {
  app.action<BlockButtonAction>(
    READING_ACTION.importStart,
    async ({ ack, body, action, client, respond }) => {
      await ack();
      const value = decodeImportStart(action.value);
      if (!value) {
        await respond({
          response_type: 'ephemeral',
          replace_original: false,
          text: 'That button has expired: send the CSV again.',
        });
        return;
      }
      const files = value.f.map(([id, name]) => ({ id, name }));
      await client.views.open({
        trigger_id: body.trigger_id,
        view: renderImportView({ files, channel: value.c, ts: value.ts }),
      });
    },
  );
}
