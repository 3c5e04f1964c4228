/**
 * Puts a form into an open modal (the "Loading…" one the click or the command opened within Slack's 3 s): the data
 * source read now with the person's own key — whatever id the button or command carried, the platform decides
 * whether they may see it — its fields, the last submission as hints and their draft, if they left one. Anything
 * that goes wrong is said in the modal, in operator words.
 */
import type { KnownBlock, ModalView } from '@slack/types';
import type { WebClient } from '@slack/web-api';
import { safeName, safeText } from '../../kit/blocks/mrkdwn.ts';
import { userMessageFor } from '../../kit/errors.ts';
import { tellUser } from '../../kit/reply/index.ts';
import { renderFormMessage } from '../render/form-list.ts';
import { renderFormModal } from '../render/form-modal.ts';
import type { FormsDeps } from './forms-deps.ts';

export interface FormPlace {
  client: WebClient;
  /** The open modal to fill. */
  viewId: string;
  user: string;
  /** The installation (drafts are kept per workspace); undefined when the request named none. */
  workspace: string | undefined;
  /** The conversation to answer in after the submission (null: a DM). */
  channel: string | null;
}

async function formView(deps: FormsDeps, place: FormPlace, sourceId: string): Promise<ModalView> {
  const loaded = await deps.forms.load(sourceId);
  const { source } = loaded;
  if (loaded.kind === 'not-a-form')
    return renderFormMessage(
      `*${safeName(source.name, 200)}* is not a form, so there is nothing to fill in. \`/source\` shows its readings.`,
    );
  const { spec } = loaded;
  if (spec.notUnderstood.length > 0)
    deps.log.warn(
      { sourceId: source.id, notUnderstood: spec.notUnderstood },
      'form description not fully understood',
    );
  if (spec.fields.length === 0) {
    const why = spec.notUnderstood.map((n) => safeText(n, 300)).join(' ');
    return renderFormMessage(`*${safeName(source.name, 200)}* has no fields fieldline can show. ${why}`);
  }
  const draft = place.workspace ? await deps.drafts.get(place.workspace, place.user, source.id) : undefined;
  return renderFormModal({
    source,
    spec,
    draft: draft?.values,
    meta: {
      s: source.id,
      c: place.channel,
      z: source.tzTimezoneName,
      n: source.name.slice(0, 300),
      sn: source.site.name?.slice(0, 300) ?? null,
    },
  });
}

/** Says in the modal what went wrong (a refusal, "connect your account", the platform unavailable). */
export async function showProblem(
  deps: FormsDeps,
  place: FormPlace,
  err: unknown,
  what: object,
): Promise<void> {
  const message = userMessageFor(err);
  deps.log.warn({ ref: message.ref, err, ...what }, 'could not open form');
  // "connect your account" comes with its button: sent where the person is, one tap away
  if (message.blocks)
    await tellUser(
      place.client,
      { user: place.user, ...(place.channel ? { channel: place.channel } : {}) },
      { text: message.text, blocks: message.blocks as KnownBlock[] },
    ).catch(() => undefined);
  await place.client.views.update({ view_id: place.viewId, view: renderFormMessage(message.text) });
}

export async function showForm(deps: FormsDeps, place: FormPlace, sourceId: string): Promise<void> {
  let view: ModalView;
  try {
    view = await formView(deps, place, sourceId);
  } catch (err) {
    return showProblem(deps, place, err, { sourceId });
  }
  await place.client.views.update({ view_id: place.viewId, view });
}
