/**
 * Acknowledge on an incident or storm parent: the first press records who and when and shows it on the parent;
 * a later press changes nothing and tells the person who acknowledged it, and when.
 */
import { parentSnooze, renderParent } from '../engine/deliver-item.ts';
import { alertStore } from '../engine/alert-store.ts';
import { ackedBy, ALERT_ACTION } from '../render/alert-message.ts';
import type { ParentView } from '../rules/model.ts';
import { ephemeralNote } from '../../kit/blocks/ephemeral-note.ts';
import { ensureAllowed } from '../../access/index.ts';
import { alertActionEntry, valueOf, type ParentActionDeps } from '../flows/alert-action.ts';
import { relayRoot } from '../flows/relay-root.ts';

function parentZone(view: ParentView): string | null {
  if (view.type === 'incident') return view.incident.siteTimeZone;
  if (view.type === 'storm') return view.storm.siteTimeZone ?? null;
  return view.type === 'alert' ? view.alert.siteTimeZone : null;
}

export const alertAck = (deps: ParentActionDeps) =>
  alertActionEntry({
    kind: 'alerts.ack',
    match: ALERT_ACTION.ack,
    deps,
    async work({ body, action, client, respond }, channel) {
      const subject = valueOf(action);
      // No platform call here, yet only people allowed to use fieldline may acknowledge (issue 14).
      await ensureAllowed();
      const rs = alertStore(await relayRoot(deps));
      const rec = channel ? await rs.message(channel, subject) : undefined;
      if (!channel || !rec || (rec.view.type !== 'incident' && rec.view.type !== 'storm')) {
        await respond(ephemeralNote('This alert is no longer tracked, so it cannot be acknowledged.'));
        return;
      }
      const mine = { user: body.user.id, at: deps.clock.now() };
      // Claimed atomically: of two people pressing at once, exactly one acknowledges.
      if (!(await rs.claimAck(channel, subject, mine))) {
        const first = await rs.ack(channel, subject);
        const who = first ? ackedBy(first, parentZone(rec.view)) : 'someone else';
        await respond(ephemeralNote(`:eyes: This was already acknowledged by ${who}. Nothing changed.`));
        return;
      }
      const msg = renderParent(rec.view, subject, mine, await parentSnooze(rs, channel, subject, rec.view));
      await client.chat.update({ channel, ts: rec.ts, text: msg.text, blocks: msg.blocks });
    },
  });
