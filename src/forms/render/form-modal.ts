/**
 * A form data source as a Slack modal, generated from its formConfig: its fields in order, each as the input its
 * kind needs, required ones marked so Slack itself asks for them, the last submission's value as each field's hint,
 * and a draft (what the person typed before closing it) filled in again. Within Block Kit's limits: 100 blocks, a
 * label or hint of 2000 characters, an option's 75/150, 100 options; a form with more fields than fit says so.
 * Pure.
 */
import type { KnownBlock, ModalView, PlainTextOption } from '@slack/types';
import type { DataSource } from '../../monitoring/api.ts';
import { safeName, safeText, slackDate, truncate } from '../../kit/blocks/mrkdwn.ts';
import { encodeValue } from '../../kit/button-value.ts';
import { context, plain, section } from '../../kit/blocks/text-blocks.ts';
import { VIEW_MAX_BLOCKS } from '../../kit/blocks/block-limits.ts';
import type { FormField, FormSpec } from '../rules/form-config.ts';
import { choiceKey, valueWords, type Typed } from '../rules/form-values.ts';
import { BLOCK_ID_MAX, FIELD_ACTION, fieldBlockId, FORM_VIEW } from './form-ids.ts';

/** What the form's modal carries to its submission and its close (sealed by the runtime). */
export interface FormMeta {
  /** The form's data source id. */
  s: string;
  /** The conversation to answer in; null from App Home or a DM. */
  c: string | null;
  /** The site's time zone (the draft is kept to the end of the shift there). */
  z: string | null;
  /** The form's and its site's names (for the answer). */
  n: string;
  sn: string | null;
}

export interface FormModalInput {
  source: DataSource;
  spec: FormSpec;
  /** What the person typed before closing the form, by metric id. */
  draft?: Record<string, Typed> | undefined;
  meta: FormMeta;
}

/**
 * Blocks besides the fields: heading, hints line, when it was done, platform-filled names, what was not understood,
 * too many.
 */
const FIXED_BLOCKS = 6;
/** "When it was done": optional (empty = now); also where a busy queue says "submit again". */
export const DONE_AT_BLOCK = 'form_done_at';
export const MAX_FIELDS = VIEW_MAX_BLOCKS - FIXED_BLOCKS;
/** Block Kit: a static_select lists at most 100 options; an option's value holds 150 characters. */
const MAX_OPTIONS = 100;
const OPTION_VALUE_MAX = 150;

const UNKNOWN_NOTE = (type: string) =>
  `fieldline does not know this kind of field (${type}): type the answer as text, it is sent as text.`;

function lastWords(field: FormField, value: number | string | null | undefined): string | null {
  if (field.kind === 'datetime' && typeof value === 'string') {
    const ms = Date.parse(value);
    if (Number.isFinite(ms)) return `${new Date(ms).toISOString().slice(0, 16).replace('T', ' ')} UTC`;
  }
  return valueWords(field, value);
}

/** A choice field Slack cannot list (over 100 answers, or an answer too long for an option) is typed instead. */
function listable(field: FormField): boolean {
  const choices = field.choices ?? [];
  return (
    choices.length > 0 &&
    choices.length <= MAX_OPTIONS &&
    choices.every((c) => choiceKey(c.value).length <= OPTION_VALUE_MAX)
  );
}

function option(text: string, value: string): PlainTextOption {
  return { text: plain(text, 75), value };
}

function element(
  field: FormField,
  typed: Typed,
): { kind: FormField['kind']; element: Record<string, unknown>; note?: string } {
  const str = typeof typed === 'string' && typed !== '' ? typed : undefined;
  switch (field.kind) {
    case 'number':
    case 'integer':
      return {
        kind: field.kind,
        element: {
          type: 'number_input',
          is_decimal_allowed: field.kind === 'number',
          ...(field.min !== undefined ? { min_value: String(field.min) } : {}),
          ...(field.max !== undefined ? { max_value: String(field.max) } : {}),
          ...(str !== undefined ? { initial_value: str } : {}),
        },
      };
    case 'yes-no': {
      const options = [option('Yes', 'yes'), option('No', 'no')];
      const initial = options.find((o) => o.value === typed);
      return {
        kind: 'yes-no',
        element: { type: 'radio_buttons', options, ...(initial ? { initial_option: initial } : {}) },
      };
    }
    case 'choice': {
      if (!listable(field)) {
        const count = field.choices?.length ?? 0;
        return {
          kind: 'text',
          element: {
            type: 'plain_text_input',
            max_length: 3000,
            ...(str !== undefined ? { initial_value: str } : {}),
          },
          note: `${count} possible answers, more than a Slack list holds: type the answer.`,
        };
      }
      const options = (field.choices ?? []).map((c) => option(c.label, choiceKey(c.value)));
      const initial = options.find((o) => o.value === typed);
      return {
        kind: 'choice',
        element: {
          type: 'static_select',
          placeholder: plain('Choose…'),
          options,
          ...(initial ? { initial_option: initial } : {}),
        },
      };
    }
    case 'date':
      return {
        kind: 'date',
        element: { type: 'datepicker', ...(str !== undefined ? { initial_date: str } : {}) },
      };
    case 'time':
      return {
        kind: 'time',
        element: { type: 'timepicker', ...(str !== undefined ? { initial_time: str } : {}) },
      };
    case 'datetime':
      return {
        kind: 'datetime',
        element: {
          type: 'datetimepicker',
          ...(typeof typed === 'number' ? { initial_date_time: typed } : {}),
        },
      };
    case 'text':
    case 'unknown':
      return {
        kind: field.kind,
        element: {
          type: 'plain_text_input',
          max_length: field.maxLength ?? 3000,
          ...(str !== undefined ? { initial_value: str } : {}),
        },
        ...(field.kind === 'unknown' ? { note: UNKNOWN_NOTE(field.typeName ?? 'none given') } : {}),
      };
  }
}

function input(field: FormField, last: number | string | null | undefined, typed: Typed): KnownBlock {
  const made = element(field, typed);
  const lastText = lastWords(field, last);
  const hint = [made.note, field.description, lastText !== null ? `Last: ${truncate(lastText, 200)}` : null]
    .filter((p): p is string => Boolean(p))
    .join(' · ');
  const unit = field.unit ? ` (${field.unit})` : '';
  return {
    type: 'input',
    block_id: fieldBlockId(made.kind, field.metricId),
    optional: !field.required,
    label: plain(`${field.title}${unit}`, 2000),
    element: { ...made.element, action_id: FIELD_ACTION },
    ...(hint ? { hint: plain(hint, 2000) } : {}),
  } as KnownBlock;
}

/** The fields that get an input, and those that cannot (too many, or an id longer than Slack's block_id). */
export function splitFields(spec: FormSpec): { shown: FormField[]; left: FormField[] } {
  const fits = (f: FormField) => fieldBlockId('datetime', f.metricId).length <= BLOCK_ID_MAX;
  const shown = spec.fields.filter(fits).slice(0, MAX_FIELDS);
  return { shown, left: spec.fields.filter((f) => !shown.includes(f)) };
}

function names(fields: readonly FormField[]): string {
  const listed = fields
    .slice(0, 10)
    .map((f) => `“${safeText(f.title, 80)}”`)
    .join(', ');
  return fields.length > 10 ? `${listed} and ${fields.length - 10} more` : listed;
}

function heading(source: DataSource, lastAt: number | null, draft: boolean): KnownBlock[] {
  const site = source.site.name ?? source.site.id;
  const notes: string[] = [];
  if (lastAt !== null)
    notes.push(
      `Hints show the last submission, ${slackDate(lastAt, '{date_short_pretty} {time}', new Date(lastAt).toISOString().slice(0, 16).replace('T', ' ') + ' UTC')} your time.`,
    );
  if (draft) notes.push(':pencil2: What you typed before closing this form is filled in again.');
  return [
    section(`*${safeName(source.name, 200)}* · ${safeName(site, 200)}`) as KnownBlock,
    ...(notes.length > 0 ? [context(notes.join(' ')) as KnownBlock] : []),
  ];
}

export function renderFormModal({ source, spec, draft, meta }: FormModalInput): ModalView {
  const last = source.lastReading;
  const lastAt = last ? Date.parse(last.eventDate) : NaN;
  const { shown, left } = splitFields(spec);
  const usedDraft = draft !== undefined && shown.some((f) => draft[f.metricId] !== undefined);
  const blocks: KnownBlock[] = [
    ...heading(source, last && Number.isFinite(lastAt) ? lastAt : null, usedDraft),
    ...shown.map((f) => input(f, last?.values[f.metricId], draft?.[f.metricId] ?? null)),
    {
      type: 'input',
      block_id: DONE_AT_BLOCK,
      optional: true,
      label: plain('When it was done', 2000),
      element: { type: 'datetimepicker', action_id: FIELD_ACTION },
      hint: plain('Leave empty for now. The picker shows your own time.', 2000),
    },
  ];
  if (spec.readOnly.length > 0)
    blocks.push(
      context(
        `Filled in by the platform: ${spec.readOnly.map((t) => `“${safeText(t, 80)}”`).join(', ')}.`,
      ) as KnownBlock,
    );
  if (spec.notUnderstood.length > 0)
    blocks.push(
      context(
        `:warning: fieldline could not read all of this form's description, so some fields may show differently than on the platform: ${spec.notUnderstood.map((n) => safeText(n, 200)).join(' ')}`,
      ) as KnownBlock,
    );
  const blocked = left.filter((f) => f.required);
  if (left.length > 0) {
    const why = `This form has ${spec.fields.length} fields; a Slack form shows at most ${MAX_FIELDS}, so ${names(left)} ${left.length === 1 ? 'is' : 'are'} not shown here and would be stored empty.`;
    blocks.push(
      section(
        blocked.length > 0
          ? `:no_entry: ${why} Because ${names(blocked)} ${blocked.length === 1 ? 'is' : 'are'} required, this form cannot be submitted from Slack: fill it in on the platform.`
          : `:warning: ${why}`,
      ) as KnownBlock,
    );
  }
  if (blocked.length > 0) {
    // Slack wants a submit button wherever there are inputs: a form that cannot be sent shows none
    return {
      type: 'modal',
      callback_id: FORM_VIEW.other,
      title: plain(source.name, 24),
      close: plain('Close', 24),
      blocks: blocks.filter((b) => b.type !== 'input'),
    };
  }
  return {
    type: 'modal',
    callback_id: FORM_VIEW.form,
    notify_on_close: true,
    private_metadata: encodeValue(meta),
    title: plain(source.name, 24),
    close: plain('Cancel', 24),
    submit: plain('Submit', 24),
    blocks,
  };
}
