/** Snooze on an alert parent: 1 h, 4 h, until 06:00 site time or until healthy; the relay honours it. */
import type { App, BlockStaticSelectAction } from '@slack/bolt';
import type { Deps } from '../../deps.ts';
import { renderParent } from '../engine/deliver-item.ts';
import { relayStore } from '../engine/relay-store.ts';
import { buildSnooze, isSnoozeChoice } from '../rules/snooze.ts';
import { ALERT_ACTION } from '../render/alert-message.ts';
import { ephemeralNote } from '../../kit/blocks/ephemeral-note.ts';
import { safeText } from '../../kit/blocks/mrkdwn.ts';
import { when } from '../render/relay-format.ts';
import { reportError } from '../../kit/errors.ts';
import { ensureAllowed } from '../../access/index.ts';

export function registerAlertSnooze(app: App, deps: Deps): void {
  app.action<BlockStaticSelectAction>(ALERT_ACTION.snooze, async ({ ack, body, action, client, respond }) => {
    await ack();
    const channel = body.channel?.id ?? body.container.channel_id;
    const subject = action.block_id.startsWith('alert_actions|')
      ? action.block_id.slice('alert_actions|'.length)
      : '';
    const choice = action.selected_option.value;
    const say = (text: string) => respond(ephemeralNote(text));
    try {
      // No platform call here, yet only people allowed to use fieldline may snooze (issue 14).
      await ensureAllowed();
      const rs = relayStore(deps.store);
      const rec = channel ? await rs.message(channel, subject) : undefined;
      if (!channel || rec?.view.type !== 'alert' || !isSnoozeChoice(choice)) {
        await say('This alert is no longer tracked, so it cannot be snoozed.');
        return;
      }
      if (rec.view.alert.clearedAt !== null) {
        await say('This alert is already resolved.');
        return;
      }
      const snooze = buildSnooze(choice, rec.view.alert, subject, body.user.id, deps.clock.now());
      const snoozes = await rs.snoozes(channel);
      await rs.saveSnoozes(channel, { ...snoozes, [snooze.key]: snooze });
      // Like Acknowledge: the parent shows who snoozed it and until when, for everyone in the channel.
      const msg = renderParent(rec.view, subject, (await rs.ack(channel, subject)) ?? null, snooze);
      await client.chat.update({ channel, ts: rec.ts, text: msg.text, blocks: msg.blocks });
      const until = snooze.until !== null ? `until ${when(snooze.until)}` : 'until it is healthy again';
      await say(
        `:zzz: Snoozed *${safeText(rec.view.alert.sourceName, 150)}* ${until}. I'll post a short summary here when the snooze ends.`,
      );
    } catch (err) {
      await reportError(deps, { client, channel, user: body.user.id, responseUrl: body.response_url }, err, {
        action: ALERT_ACTION.snooze,
      });
    }
  });
}
