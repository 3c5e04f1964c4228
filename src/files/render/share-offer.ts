/**
 * An answer given privately in a conversation shared with another organisation: what the person asked for, a
 * line saying only they see it, and a "Share in channel" button whose confirmation says who else would see it.
 * Pure; used by readings (/reading, /source) and by the platform-file buttons.
 */
import { context, plain } from '../../kit/blocks/text-blocks.ts';

export const ONLY_YOU =
  'Only you can see this: this channel is shared with another organisation, so fieldline does not post here unless you share it.';

export interface ShareOffer {
  /** The share button's action id and value (a value is no authority: the clicker's own rights decide again). */
  actionId: string;
  value: string;
  /** What would be shared, for the confirmation: "this reading answer and its chart". */
  what: string;
  /** More to say under the answer, e.g. where the file went. Ready mrkdwn. */
  note?: string;
}

export function shareInChannelButton(offer: ShareOffer) {
  return {
    type: 'button' as const,
    action_id: offer.actionId,
    text: plain('Share in channel'),
    value: offer.value.slice(0, 2000),
    confirm: {
      title: plain('Share with another organisation?', 100),
      text: plain(
        `This channel is shared with another organisation: everyone in it, people outside your organisation too, will see ${offer.what}.`,
        300,
      ),
      confirm: plain('Share', 30),
      deny: plain('Cancel', 30),
    },
  };
}

/** `message` as a private answer: the note and the share button below it. */
export function privateAnswer<M extends { text: string; blocks?: object[] }>(
  message: M,
  offer: ShareOffer,
): { text: string; blocks: object[] } {
  return {
    text: message.text,
    blocks: [
      ...(message.blocks ?? []),
      context(offer.note ? `${ONLY_YOU} ${offer.note}` : ONLY_YOU),
      { type: 'actions', elements: [shareInChannelButton(offer)] },
    ],
  };
}

/** The line a shared answer starts with: it was posted because this person chose to. */
export const sharedByLine = (user: string) => context(`<@${user}> shared this in the channel.`);
