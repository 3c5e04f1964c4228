/**
 * Reads a form's modal back (its submission or its close): the fields it offered, from the view's own input blocks
 * (so a submission is checked on receipt, before the ack, with no platform call), what was typed in each, and its
 * metadata. Slack payloads are untrusted: parsed with zod; a field or option fieldline did not write is ignored.
 */
import { z } from 'zod';
import { decodeValue } from '../../kit/button-value.ts';
import type { Choice, FormField } from '../rules/form-config.ts';
import { buildValues, choiceFromKey, type ReadingValue, type Typed } from '../rules/form-values.ts';
import { FIELD_ACTION, fieldBlockId, fieldOfBlockId } from './form-ids.ts';
import { DONE_AT_BLOCK, type FormMeta } from './form-modal.ts';

const numberText = z.string().transform(Number).refine(Number.isFinite).optional().catch(undefined);

const inputBlock = z.looseObject({
  type: z.literal('input'),
  block_id: z.string(),
  optional: z.boolean().optional(),
  label: z.looseObject({ text: z.string() }),
  element: z.looseObject({
    type: z.string(),
    min_value: numberText,
    max_value: numberText,
    max_length: z.number().int().positive().optional().catch(undefined),
    options: z
      .array(z.looseObject({ value: z.string(), text: z.looseObject({ text: z.string() }) }))
      .optional()
      .catch(undefined),
  }),
});

const formMeta: z.ZodType<FormMeta> = z.object({
  s: z.string().min(1),
  c: z.string().nullable(),
  z: z.string().nullable(),
  n: z.string(),
  sn: z.string().nullable(),
});

export function formMetaOf(view: { private_metadata?: string | undefined }): FormMeta | null {
  return decodeValue(formMeta, view.private_metadata);
}

/** The fields the modal offered, in its order. */
export function fieldsOfView(view: { blocks?: unknown }): FormField[] {
  const blocks = Array.isArray(view.blocks) ? (view.blocks as unknown[]) : [];
  const out: FormField[] = [];
  for (const raw of blocks) {
    const block = inputBlock.safeParse(raw);
    if (!block.success) continue;
    const id = fieldOfBlockId(block.data.block_id);
    if (!id) continue;
    const { element } = block.data;
    const field: FormField = {
      key: id.metricId,
      metricId: id.metricId,
      title: block.data.label.text,
      kind: id.kind,
      required: block.data.optional !== true,
    };
    if (element.min_value !== undefined) field.min = element.min_value;
    if (element.max_value !== undefined) field.max = element.max_value;
    if (element.max_length !== undefined) field.maxLength = element.max_length;
    if (id.kind === 'choice') {
      field.choices = (element.options ?? []).flatMap((o): Choice[] => {
        const value = choiceFromKey(o.value);
        return value === null ? [] : [{ value, label: o.text.text }];
      });
    }
    out.push(field);
  }
  return out;
}

const state = z.looseObject({
  value: z.string().nullish(),
  selected_option: z.looseObject({ value: z.string() }).nullish(),
  selected_date: z.string().nullish(),
  selected_time: z.string().nullish(),
  selected_date_time: z.number().nullish(),
});
const stateValues = z.record(z.string(), z.record(z.string(), z.unknown())).catch({});

/** What each field held (metric id → typed value; empty inputs as null). */
export function typedOfView(
  view: { state?: { values?: unknown } | undefined },
  fields: readonly FormField[],
): Record<string, Typed> {
  const values = stateValues.parse(view.state?.values ?? {});
  const out: Record<string, Typed> = {};
  for (const field of fields) {
    const parsed = state.safeParse(values[fieldBlockId(field.kind, field.metricId)]?.[FIELD_ACTION]);
    const v = parsed.success ? parsed.data : {};
    out[field.metricId] =
      v.value ??
      v.selected_option?.value ??
      v.selected_date ??
      v.selected_time ??
      v.selected_date_time ??
      null;
  }
  return out;
}

/** "When it was done" (epoch seconds), when picked. */
export function doneAtOf(view: { state?: { values?: unknown } | undefined }): number | null {
  const values = stateValues.parse(view.state?.values ?? {});
  const parsed = state.safeParse(values[DONE_AT_BLOCK]?.[FIELD_ACTION]);
  return parsed.success ? (parsed.data.selected_date_time ?? null) : null;
}

/** Errors keyed by metric id → keyed by the modal's block ids, as response_action `errors` expects. */
export function errorsByBlock(
  fields: readonly FormField[],
  errors: Record<string, string>,
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const field of fields) {
    const message = errors[field.metricId];
    if (message) out[fieldBlockId(field.kind, field.metricId)] = message;
  }
  return out;
}

/** A "when it was done" picked more than this far ahead is refused (it is not a plan). */
const FUTURE_SLACK_MS = 5 * 60_000;

/**
 * A submitted form's fields checked on receipt, before the ack — a required field empty, a number out of range, an
 * answer the form does not offer, nothing filled in, a time still ahead — as Slack's inline errors (the modal and
 * what was typed stay), or the values to write and when. One check for forms and rounds alike.
 */
export function checkSubmission(
  view: { state?: { values?: unknown } | undefined },
  fields: FormField[],
  nowMs: number,
):
  | { ok: true; values: Record<string, ReadingValue>; typed: Record<string, Typed>; atMs: number }
  | { ok: false; errors: Record<string, string> } {
  const typed = typedOfView(view, fields);
  const built = buildValues(fields, typed);
  if (!built.ok) return { ok: false, errors: errorsByBlock(fields, built.errors) };
  const first = fields[0];
  if (Object.keys(built.values).length === 0 && first)
    return {
      ok: false,
      errors: errorsByBlock([first], { [first.metricId]: 'Fill in at least one field before submitting.' }),
    };
  const picked = doneAtOf(view);
  if (picked !== null && picked * 1000 > nowMs + FUTURE_SLACK_MS)
    return { ok: false, errors: { [DONE_AT_BLOCK]: 'This time is still ahead: leave it empty for now.' } };
  return { ok: true, values: built.values, typed, atMs: picked !== null ? picked * 1000 : nowMs };
}
