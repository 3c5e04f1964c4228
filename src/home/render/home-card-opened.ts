/**
 * The answer to "Open card" on the Home tab, pure. The Home tab has no channel and no response_url, so a small
 * modal is what the person sees where they are: first "Posting…", then where the card went, with a link to it.
 */
import type { ModalView } from '@slack/types';
import { safeText } from '../../kit/blocks/mrkdwn.ts';
import { context, plain, section } from '../../kit/blocks/text-blocks.ts';
import { HOME_VIEW } from './home-ids.ts';

export type CardOpenState =
  | { kind: 'posting' }
  | { kind: 'posted'; taskName: string; permalink: string | null }
  | { kind: 'unknown' }
  /** `notice`: ready mrkdwn (userMessageFor). */
  | { kind: 'failed'; notice: string };

export const CARD_UNKNOWN_TEXT =
  'That task is no longer known to fieldline. Refresh the Home tab and try again.';

/** A Slack permalink goes into `<url|label>` only when nothing in it can break out of the link. */
function linkable(url: string | null): url is string {
  return url !== null && /^https?:\/\/[^\s|<>]+$/.test(url) && url.length <= 2_000;
}

function blocksFor(state: CardOpenState) {
  switch (state.kind) {
    case 'posting':
      return [section(':hourglass_flowing_sand: Posting the card in your DM with fieldline…')];
    case 'posted': {
      const where = linkable(state.permalink)
        ? `in your DM with fieldline — <${state.permalink}|open it>`
        : 'in your DM with fieldline — open *fieldline* under Apps, *Messages* tab';
      return [
        section(`:white_check_mark: Card for *${safeText(state.taskName, 300)}* posted ${where}.`),
        context('Its buttons change status, priority and details right there.'),
      ];
    }
    case 'unknown':
      return [section(CARD_UNKNOWN_TEXT)];
    case 'failed':
      return [section(`The card could not be posted. ${state.notice}`)];
  }
}

export function renderCardOpenedModal(state: CardOpenState): ModalView {
  return {
    type: 'modal',
    callback_id: HOME_VIEW.cardOpened,
    title: plain('Task card', 24),
    close: plain('Close', 24),
    blocks: blocksFor(state),
  };
}
