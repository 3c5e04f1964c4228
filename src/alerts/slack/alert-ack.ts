/** Acknowledge on an alert or storm parent: records who and when, and shows it on the parent. */
import type { App, BlockButtonAction } from '@slack/bolt';
import type { Deps } from '../../deps.ts';
import { parentSnooze, renderParent } from '../engine/deliver-item.ts';
import { relayStore } from '../engine/relay-store.ts';
import { ALERT_ACTION } from '../render/alert-message.ts';
import { ephemeralNote } from '../../kit/blocks/ephemeral-note.ts';
import { reportError } from '../../kit/errors.ts';
import { ensureAllowed } from '../../access/index.ts';

export function registerAlertAck(app: App, deps: Deps): void {
  app.action<BlockButtonAction>(ALERT_ACTION.ack, async ({ ack, body, action, client, respond }) => {
    await ack();
    const channel = body.channel?.id ?? body.container.channel_id;
    const subject = action.value ?? '';
    try {
      // No platform call here, yet only people allowed to use fieldline may acknowledge (issue 14).
      await ensureAllowed();
      const rs = relayStore(deps.store);
      const rec = channel ? await rs.message(channel, subject) : undefined;
      if (!channel || !rec) {
        await respond(ephemeralNote('This alert is no longer tracked, so it cannot be acknowledged.'));
        return;
      }
      const existing = await rs.ack(channel, subject);
      const record = existing ?? { user: body.user.id, at: deps.clock.now() };
      if (!existing) await rs.saveAck(channel, subject, record);
      const msg = renderParent(rec.view, subject, record, await parentSnooze(rs, channel, subject, rec.view));
      await client.chat.update({ channel, ts: rec.ts, text: msg.text, blocks: msg.blocks });
    } catch (err) {
      await reportError(deps, { client, channel, user: body.user.id, responseUrl: body.response_url }, err, {
        action: ALERT_ACTION.ack,
      });
    }
  });
}
