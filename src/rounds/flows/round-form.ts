/**
 * Start on a round: the round read again from the workspace's store (the button only names it), then its form —
 * or a modal of its metrics — read now with the person's own key and put into the open modal under the round's own
 * callback id. The limits are shown as each field's hint; they are not enforced on the input, so a value outside
 * them is recorded, marked and followed up.
 */
import type { ModalView } from '@slack/types';
import type { WebClient } from '@slack/web-api';
import { z } from 'zod';
import { decodeValue, encodeValue } from '../../kit/button-value.ts';
import { userMessageFor } from '../../kit/errors.ts';
import { renderFormMessage, renderFormModal, type FormSpec } from '../../forms/index.ts';
import { limitText } from '../rules/limits.ts';
import type { RoundDef } from '../rules/model.ts';
import { ROUND_VIEW } from '../render/round-ids.ts';
import type { RoundsDeps } from './rounds-deps.ts';

/** What the round's modal carries (sealed by the runtime). */
export interface RoundMeta {
  r: string;
  t: number;
  c: string | null;
}
export const roundMeta: z.ZodType<RoundMeta> = z.object({
  r: z.string().min(1),
  t: z.number(),
  c: z.string().nullable(),
});
export const roundMetaOf = (view: { private_metadata?: string | undefined }) =>
  decodeValue(roundMeta, view.private_metadata);

export interface ModalPlace {
  client: WebClient;
  viewId: string;
  user: string;
  channel: string | null;
}

function withLimits(spec: FormSpec, def: RoundDef): FormSpec {
  return {
    ...spec,
    fields: spec.fields.map((f) => {
      const limit = def.limits.find((l) => l.metricId === f.metricId);
      if (!limit) return f;
      const note = `Limits ${limitText(limit)}`;
      return { ...f, description: f.description ? `${f.description} · ${note}` : note };
    }),
  };
}

/** A form's (or metrics') modal moved under `callbackId` with `meta`: what rounds and handovers submit. */
export function adopt(view: ModalView, callbackId: string, meta: unknown): ModalView {
  if (!view.submit) return view; // a form Slack cannot submit says so and offers no button
  const { notify_on_close: _closed, ...rest } = view;
  return { ...rest, callback_id: callbackId, private_metadata: encodeValue(meta) };
}

async function roundView(
  deps: RoundsDeps,
  ws: string,
  roundId: string,
  slot: number,
  channel: string | null,
) {
  const def = (await deps.rounds.rounds(ws)).find((d) => d.id === roundId);
  if (!def)
    return renderFormMessage(
      'This round no longer exists (an admin removed it). `/round list` shows the rounds.',
    );
  const meta: RoundMeta = { r: def.id, t: slot, c: channel };
  const formMeta = { s: def.sourceId, c: channel, z: def.zone, n: def.sourceName, sn: def.siteName };
  if (def.kind === 'form') {
    const loaded = await deps.forms.load(def.sourceId);
    if (loaded.kind !== 'form')
      return renderFormMessage('The round’s form is no longer a form on the platform.');
    const view = renderFormModal({
      source: loaded.source,
      spec: withLimits(loaded.spec, def),
      meta: formMeta,
    });
    return adopt(view, ROUND_VIEW.round, meta);
  }
  const source = await deps.monitoring.dataSources.get(def.sourceId, { withLastReading: true });
  const spec: FormSpec = {
    fields: def.metrics.map((m) => ({
      key: m.id,
      metricId: m.id,
      title: m.name,
      kind: 'number',
      required: false,
    })),
    readOnly: [],
    notUnderstood: [],
  };
  return adopt(
    renderFormModal({ source, spec: withLimits(spec, def), meta: formMeta }),
    ROUND_VIEW.round,
    meta,
  );
}

export async function showRoundForm(
  deps: RoundsDeps,
  place: ModalPlace,
  ws: string,
  roundId: string,
  slot: number,
): Promise<void> {
  let view: ModalView;
  try {
    view = await roundView(deps, ws, roundId, slot, place.channel);
  } catch (err) {
    const message = userMessageFor(err);
    deps.log.warn({ ref: message.ref, err, roundId }, 'could not open a round');
    view = renderFormMessage(message.text);
  }
  await place.client.views.update({ view_id: place.viewId, view });
}
