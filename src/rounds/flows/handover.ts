/**
 * A handover the next shift accepts. A channel's handover (set up per site) follows the channel's digest shift
 * changes (`/monitor digest at …`): before each change the outgoing lead fills in the site's handover form — or a
 * note where the site has none — kept for that change (a form is also written as one reading, with their key). The
 * digest at the change carries it with Accept handover (./digest-routines.ts).
 */
import type { ModalView } from '@slack/types';
import { z } from 'zod';
import { channelShiftTimes, relayRoot } from '../../alerts/index.ts';
import { safeName } from '../../kit/blocks/mrkdwn.ts';
import { decodeValue } from '../../kit/button-value.ts';
import { renderFormMessage, renderFormModal } from '../../forms/index.ts';
import type { HandoverSetting } from '../rules/model.ts';
import { EVERY_DAY, nextSlot } from '../rules/schedule.ts';
import { renderNoteModal, type HandoverMeta } from '../render/handover-render.ts';
import { ROUND_VIEW } from '../render/round-ids.ts';
import { adopt } from './round-form.ts';
import type { RoundsDeps } from './rounds-deps.ts';

const handoverMeta: z.ZodType<HandoverMeta> = z.object({
  c: z.string().min(1),
  s: z.string().min(1),
  t: z.number(),
  f: z.string().nullable(),
  n: z.string(),
  z: z.string().nullable(),
});
export const handoverMetaOf = (view: { private_metadata?: string | undefined }) =>
  decodeValue(handoverMeta, view.private_metadata);

/** The channel's next shift change at the site, or null without digest times. */
export async function nextChange(
  deps: Pick<RoundsDeps, 'store' | 'connections'>,
  s: HandoverSetting,
  now: number,
): Promise<number | null> {
  // The digest's times live with the acting workspace's relay (issue 39: its own, with a connection of its own).
  const times = await channelShiftTimes(await relayRoot(deps), s.channel);
  return times ? nextSlot({ times, weekdays: EVERY_DAY, zone: s.zone }, now) : null;
}

/** Which of the channel's handovers `siteText` names (the only one when empty). */
export async function pickHandover(
  deps: RoundsDeps,
  ws: string,
  channel: string,
  siteText: string,
): Promise<HandoverSetting | string> {
  const here = (await deps.rounds.handovers(ws)).filter((s) => s.channel === channel);
  if (here.length === 0)
    return 'This channel has no handover. An admin sets one up with `/handover setup site <name>`.';
  const want = siteText.trim().toLowerCase();
  const found =
    want === '' ? here : here.filter((s) => (s.siteName ?? s.siteId).toLowerCase().includes(want));
  if (found.length === 1 && found[0]) return found[0];
  return `Which site? This channel hands over ${here.map((s) => `*${safeName(s.siteName ?? s.siteId, 100)}*`).join(', ')}: \`/handover <site>\`.`;
}

/** The handover modal of `s` for its next shift change: the site's form (with their key) or a note. */
export async function handoverView(deps: RoundsDeps, s: HandoverSetting): Promise<ModalView> {
  const change = await nextChange(deps, s, deps.clock.now());
  if (change === null)
    return renderFormMessage(
      'This channel has no shift changes yet: an admin sets them with `/monitor digest at 06:00,14:00,22:00`.',
    );
  const meta: HandoverMeta = {
    c: s.channel,
    s: s.siteId,
    t: change,
    f: s.formId,
    n: s.formName ?? 'Handover note',
    z: s.zone,
  };
  if (!s.formId) return renderNoteModal(s, change, meta);
  const loaded = await deps.forms.load(s.formId);
  if (loaded.kind !== 'form') return renderNoteModal(s, change, { ...meta, f: null });
  const view = renderFormModal({
    source: loaded.source,
    spec: loaded.spec,
    meta: { s: s.formId, c: s.channel, z: s.zone, n: loaded.source.name, sn: s.siteName },
  });
  return adopt(view, ROUND_VIEW.handover, meta);
}
