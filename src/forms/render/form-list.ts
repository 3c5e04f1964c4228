/**
 * The forms a person can fill in: the `/form` answer (a message), the chooser modal (App Home, several matches,
 * "did you mean"), and the small modals shown in a form's place (loading, a refusal, a form with nothing to fill).
 * Platform names are escaped. Pure.
 */
import type { KnownBlock, ModalView } from '@slack/types';
import { MESSAGE_MAX_BLOCKS, VIEW_MAX_BLOCKS } from '../../kit/blocks/block-limits.ts';
import { safeName } from '../../kit/blocks/mrkdwn.ts';
import { encodeValue } from '../../kit/button-value.ts';
import { context, plain, section } from '../../kit/blocks/text-blocks.ts';
import type { FormRef } from '../service/forms-service.ts';
import { FORM_ACTION, FORM_VIEW } from './form-ids.ts';

function formRow(form: FormRef): KnownBlock {
  const site = form.siteName ? ` · ${safeName(form.siteName, 200)}` : '';
  return {
    type: 'section',
    text: { type: 'mrkdwn', text: `*${safeName(form.name, 300)}*${site}` },
    accessory: { type: 'button', action_id: FORM_ACTION.fill, text: plain('Fill in'), value: form.id },
  };
}

function rows(forms: readonly FormRef[], room: number, more: boolean): KnownBlock[] {
  const shown = forms.slice(0, room);
  const out = shown.map(formRow);
  const left = forms.length - shown.length;
  if (left > 0 || more)
    out.push(
      context(
        `${left > 0 ? `…and ${left}${more ? '+' : ''} more. ` : 'There are more. '}Type \`/form <name>\` to open one by name.`,
      ) as KnownBlock,
    );
  return out;
}

const NONE = 'You can see no forms on the platform (your platform account may not have any).';

/** The `/form` answer: every form with a Fill in button. */
export function renderFormList(
  forms: readonly FormRef[],
  more: boolean,
): { text: string; blocks: KnownBlock[] } {
  if (forms.length === 0) return { text: NONE, blocks: [section(NONE) as KnownBlock] };
  const head = section(`*Forms you can fill in* (${forms.length}${more ? '+' : ''})`) as KnownBlock;
  return {
    text: `Forms you can fill in: ${forms.length}${more ? '+' : ''}`,
    blocks: [head, ...rows(forms, MESSAGE_MAX_BLOCKS - 2, more)],
  };
}

/** What the chooser carries (sealed by the runtime): the conversation a form chosen in it answers in. */
export interface ChooserMeta {
  c: string | null;
}

/** A modal that lists forms to choose from, under `intro` (mrkdwn, escaped by the caller). */
export function renderFormChooser(
  intro: string,
  forms: readonly FormRef[],
  opts: { more?: boolean; channel?: string | null } = {},
): ModalView {
  return {
    type: 'modal',
    callback_id: FORM_VIEW.other,
    ...(opts.channel ? { private_metadata: encodeValue({ c: opts.channel } satisfies ChooserMeta) } : {}),
    title: plain('Forms', 24),
    close: plain('Close', 24),
    blocks: [
      section(intro) as KnownBlock,
      ...(forms.length === 0 ? [] : rows(forms, VIEW_MAX_BLOCKS - 2, opts.more ?? false)),
    ],
  };
}

export function renderFormMessage(text: string, blocks: KnownBlock[] = []): ModalView {
  return {
    type: 'modal',
    callback_id: FORM_VIEW.other,
    title: plain('Forms', 24),
    close: plain('Close', 24),
    blocks: [section(text) as KnownBlock, ...blocks],
  };
}

export function renderFormLoading(what = 'Opening the form…'): ModalView {
  return renderFormMessage(`:hourglass_flowing_sand: ${what}`);
}

/** No form named so: the near names, else every form. */
export function renderNoSuchForm(
  typed: string,
  near: readonly FormRef[],
  all: { forms: readonly FormRef[]; more: boolean },
  channel: string | null,
): ModalView {
  const name = `“${safeName(typed, 100)}”`;
  if (near.length > 0)
    return renderFormChooser(`No form is named ${name}. Did you mean one of these?`, near, { channel });
  if (all.forms.length === 0) return renderFormMessage(`No form is named ${name}. ${NONE}`);
  return renderFormChooser(`No form is named ${name}. These are the forms you can fill in:`, all.forms, {
    more: all.more,
    channel,
  });
}
