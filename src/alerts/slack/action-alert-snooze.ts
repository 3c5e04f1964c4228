/**
 * Snooze on an incident or storm parent: 1 h, 4 h, until 06:00 site time or until healthy. The alerts engine holds
 * the thread replies of that device (or storm) meanwhile and posts a short summary when the snooze ends.
 */
import { renderParent } from '../engine/deliver-item.ts';
import { alertStore } from '../engine/alert-store.ts';
import { buildSnooze, isSnoozeChoice, type SnoozeTarget } from '../rules/snooze.ts';
import { deviceSnoozeKey, stormSnoozeKey } from '../rules/plan-incidents.ts';
import type { ParentView } from '../rules/model.ts';
import { ACTIONS_BLOCK, ALERT_ACTION, siteAndYourTime } from '../render/alert-message.ts';
import { stormLabel } from '../render/storm-message.ts';
import { ephemeralNote } from '../../kit/blocks/ephemeral-note.ts';
import { safeText } from '../../kit/blocks/mrkdwn.ts';
import { ensureAllowed } from '../../access/index.ts';
import { alertActionEntry, selectedOf, type ParentActionDeps } from '../flows/alert-action.ts';
import { relayRoot } from '../flows/relay-root.ts';

function subjectOf(blockId: string): string {
  for (const prefix of Object.values(ACTIONS_BLOCK))
    if (blockId.startsWith(prefix)) return blockId.slice(prefix.length);
  return '';
}

/** What this parent's Snooze holds, or why it cannot. */
function targetOf(view: ParentView | undefined): SnoozeTarget | string {
  if (view?.type === 'incident') {
    const inc = view.incident;
    if (inc.resolvedAt !== null) return 'This alert is already resolved.';
    return { key: deviceSnoozeKey(inc.sourceId), label: inc.sourceName, timeZone: inc.siteTimeZone };
  }
  if (view?.type === 'storm') {
    const storm = view.storm;
    if (storm.resolvedAt !== null) return 'This alert storm is already resolved.';
    return {
      key: stormSnoozeKey(storm.siteId),
      label: stormLabel(storm),
      timeZone: storm.siteTimeZone ?? null,
    };
  }
  return 'This alert is no longer tracked, so it cannot be snoozed.';
}

export const alertSnooze = (deps: ParentActionDeps) =>
  alertActionEntry({
    kind: 'alerts.snooze',
    match: ALERT_ACTION.snooze,
    deps,
    async work({ body, action, client, respond }, channel) {
      const subject = subjectOf(action.block_id);
      const choice = selectedOf(action);
      const say = (text: string) => respond(ephemeralNote(text));
      // No platform call here, yet only people allowed to use fieldline may snooze (issue 14).
      await ensureAllowed();
      const rs = alertStore(await relayRoot(deps));
      const rec = channel && subject ? await rs.message(channel, subject) : undefined;
      const target = targetOf(rec?.view);
      if (!channel || !rec || typeof target === 'string' || !isSnoozeChoice(choice)) {
        await say(
          typeof target === 'string' ? target : 'This alert is no longer tracked, so it cannot be snoozed.',
        );
        return;
      }
      const snooze = buildSnooze(choice, target, subject, body.user.id, deps.clock.now());
      // Atomic: the poller (and other Snooze menus of this channel) change the same record meanwhile.
      await rs.updateSnoozes(channel, (snoozes) => ({ ...snoozes, [snooze.key]: snooze }));
      // Like Acknowledge: the parent shows who snoozed it and until when, for everyone in the channel.
      const msg = renderParent(rec.view, subject, (await rs.ack(channel, subject)) ?? null, snooze);
      await client.chat.update({ channel, ts: rec.ts, text: msg.text, blocks: msg.blocks });
      const until =
        snooze.until !== null
          ? `until ${siteAndYourTime(snooze.until, target.timeZone, true)}`
          : 'until it is healthy again';
      await say(
        `:zzz: Snoozed *${safeText(target.label, 150)}* ${until}. I'll post a short summary here when the snooze ends.`,
      );
    },
  });
