/**
 * Handover messages, pure: the offer before a shift change (Fill in handover), the note modal of a site without a
 * handover form, the digest's handover section (the answers, Accept handover, and whether the last one was
 * accepted), the accepted line that replaces the button in place, and the reminder.
 */
import type { KnownBlock, ModalView } from '@slack/types';
import { safeName, safeText } from '../../kit/blocks/mrkdwn.ts';
import { encodeValue } from '../../kit/button-value.ts';
import { context, plain, section } from '../../kit/blocks/text-blocks.ts';
import type { HandoverRecord, HandoverSetting, RoundDef, RoundRun } from '../rules/model.ts';
import { siteTime } from '../rules/schedule.ts';
import { ACCEPT_BLOCK, NOTE_BLOCK, ROUND_ACTION, ROUND_VIEW } from './round-ids.ts';
import type { Rendered } from './round-post.ts';

const b = (block: unknown) => block as KnownBlock;
const siteOf = (s: Pick<HandoverSetting, 'siteName' | 'siteId'>) =>
  safeName(s.siteName ?? `site ${s.siteId}`, 150);

export function renderHandoverOffer(s: HandoverSetting, change: number): Rendered {
  const what = s.formName ? `the *${safeName(s.formName, 150)}*` : 'a handover note';
  return {
    text: `Shift change at ${siteTime(change, s.zone)} (${s.siteName ?? s.siteId}): outgoing lead, fill in the handover`,
    blocks: [
      b(
        section(
          `:busts_in_silhouette: *Shift change at ${siteTime(change, s.zone)} site time · ${siteOf(s)}*\nOutgoing lead: fill in ${what} before the change; the digest at the change carries it for the next shift to accept.`,
        ),
      ),
      b({
        type: 'actions',
        block_id: 'handover_offer',
        elements: [
          {
            type: 'button',
            action_id: ROUND_ACTION.handover,
            text: plain('Fill in handover'),
            style: 'primary',
            value: s.siteId,
          },
        ],
      }),
    ],
  };
}

export interface HandoverMeta {
  /** channel, site id, shift change. */
  c: string;
  s: string;
  t: number;
  /** The form's data source id (null: a note) and its name. */
  f: string | null;
  n: string;
  z: string | null;
}

export function renderNoteModal(s: HandoverSetting, change: number, meta: HandoverMeta): ModalView {
  return {
    type: 'modal',
    callback_id: ROUND_VIEW.handover,
    private_metadata: encodeValue(meta),
    title: plain('Shift handover', 24),
    submit: plain('Hand over', 24),
    close: plain('Cancel', 24),
    blocks: [
      b(section(`*${siteOf(s)}* · shift change at ${siteTime(change, s.zone)} site time`)),
      b({
        type: 'input',
        block_id: NOTE_BLOCK,
        label: plain('What the next shift should know', 2000),
        element: { type: 'plain_text_input', action_id: 'v', multiline: true, max_length: 3000 },
        hint: plain('Open problems, work in progress, anything unusual.', 2000),
      }),
    ],
  };
}

const acceptedLine = (r: HandoverRecord, zone: string | null) =>
  `:handshake: Handover accepted by <@${r.acceptedBy ?? ''}> at ${siteTime(r.acceptedAt ?? r.change, zone)} site time.`;

/** The block that replaces Accept handover once accepted (the digest is edited in place). */
export function renderAcceptedBlock(r: HandoverRecord, zone: string | null): KnownBlock {
  return b({ ...context(acceptedLine(r, zone)), block_id: ACCEPT_BLOCK });
}

export interface DigestRoutines {
  /** The digest's shift change (null: "digest now"). */
  change: number | null;
  zone: string | null;
  setting: HandoverSetting | undefined;
  current: HandoverRecord | undefined;
  previous: HandoverRecord | undefined;
  rounds: { def: RoundDef; runs: RoundRun[]; missed: RoundRun[] }[];
}

/** The digest's routines section: rounds done and missed this shift, the handover and the last one's acceptance. */
export function renderDigestRoutines(d: DigestRoutines): Rendered | undefined {
  const blocks: KnownBlock[] = [];
  const summary: string[] = [];
  if (d.rounds.length > 0) {
    const lines = d.rounds.map(({ def, runs, missed }) => {
      const done = runs.filter((r) => r.doneAt !== undefined).length;
      const missedText =
        missed.length > 0
          ? ` · :x: *missed* ${missed.map((r) => siteTime(r.slot, def.zone)).join(', ')}`
          : '';
      return `• *${safeName(def.sourceName, 150)}* — done ${done} of ${runs.length}${missedText}`;
    });
    const missedCount = d.rounds.reduce((n, r) => n + r.missed.length, 0);
    summary.push(`rounds missed ${missedCount}`);
    blocks.push(
      b(
        section(
          `:clipboard: *Rounds this shift*${missedCount > 0 ? ` (${missedCount} missed)` : ''}\n${lines.slice(0, 12).join('\n')}`,
        ),
      ),
    );
  }
  if (d.setting && d.change !== null) {
    const r = d.current;
    const answers = r?.answers ?? [];
    const by = r?.filledBy ? ` by <@${r.filledBy}>` : '';
    const body = r?.filledAt
      ? answers.length > 0
        ? answers
            .slice(0, 15)
            .map((a) => `• *${safeText(a.title, 100)}*: ${safeText(a.value, 300)}`)
            .join('\n')
        : '_(nothing written)_'
      : '_No handover was filled in for this shift change._';
    blocks.push(b(section(`:busts_in_silhouette: *Handover${by}*\n${body}`.slice(0, 3000))));
    if (r?.acceptedAt) blocks.push(renderAcceptedBlock(r, d.zone));
    else
      blocks.push(
        b({
          type: 'actions',
          block_id: ACCEPT_BLOCK,
          elements: [
            {
              type: 'button',
              action_id: ROUND_ACTION.accept,
              text: plain('Accept handover'),
              style: 'primary',
              value: `${d.setting.siteId}|${d.change}`,
            },
          ],
        }),
      );
    summary.push(r?.filledAt ? 'handover filled in' : 'no handover filled in');
  }
  if (d.setting && d.previous) {
    const p = d.previous;
    blocks.push(
      b(
        context(
          p.acceptedAt
            ? `Last handover (${siteTime(p.change, d.zone)}): accepted by <@${p.acceptedBy ?? ''}> at ${siteTime(p.acceptedAt, d.zone)}.`
            : `Last handover (${siteTime(p.change, d.zone)}): *not accepted*.`,
        ),
      ),
    );
  }
  if (blocks.length === 0) return undefined;
  return { text: summary.join(', '), blocks };
}

export function renderHandoverReminder(s: HandoverSetting, r: HandoverRecord): Rendered {
  const group = s.group ? `<!subteam^${s.group}> ` : '';
  return {
    text: `Reminder: the handover of the ${siteTime(r.change, s.zone)} shift change (${s.siteName ?? s.siteId}) is not accepted yet`,
    blocks: [
      b(
        section(
          `${group}:alarm_clock: The handover of the *${siteTime(r.change, s.zone)}* shift change at ${siteOf(s)} is not accepted yet. Incoming lead: press *Accept handover* on the digest.`,
        ),
      ),
    ],
  };
}
