/**
 * `view.state.values` as Slack builds it on view_submission: one entry per input block
 * (`values[block_id][action_id] = { type, value | selected_option | selected_date | … }`), unfilled inputs as
 * nulls, initial_* values used when the user typed nothing. Callers pass values by action_id, by block_id, or
 * by `block_id.action_id`.
 */
import { isJsonObject } from './methods/context.ts';
import { DriverError } from './payloads.ts';
import type { JsonObject } from './types.ts';

export type InputValue = string | number | boolean | null | JsonObject | (string | JsonObject)[];
export type StateValues = Record<string, Record<string, JsonObject>>;

function allOptions(element: JsonObject): JsonObject[] {
  const direct = Array.isArray(element.options) ? element.options.filter(isJsonObject) : [];
  const grouped = Array.isArray(element.option_groups)
    ? element.option_groups
        .filter(isJsonObject)
        .flatMap((g) => (Array.isArray(g.options) ? g.options.filter(isJsonObject) : []))
    : [];
  return [...direct, ...grouped];
}

/** An option object for a value: the element's own option when it has one, else a plain one (external selects). */
export function optionFor(element: JsonObject, value: string | JsonObject): JsonObject {
  if (isJsonObject(value)) return value;
  const found = allOptions(element).find((o) => o.value === value);
  if (found) return found;
  if (
    element.type === 'static_select' ||
    element.type === 'multi_static_select' ||
    element.type === 'checkboxes' ||
    element.type === 'radio_buttons'
  ) {
    throw new DriverError(`option ${value} is not offered by ${String(element.action_id)}`);
  }
  return { text: { type: 'plain_text', text: value, emoji: true }, value };
}

const asList = (v: InputValue): (string | JsonObject)[] =>
  (Array.isArray(v) ? v : v === null ? [] : [v]).filter(
    (x): x is string | JsonObject => typeof x === 'string' || isJsonObject(x),
  );

/** Where Slack puts the value of elements that hold one id or date as a string. */
const SINGLE_KEY = new Map([
  ['users_select', 'selected_user'],
  ['conversations_select', 'selected_conversation'],
  ['channels_select', 'selected_channel'],
  ['datepicker', 'selected_date'],
]);

/** Where Slack puts the values of elements that hold a list of ids (or files). */
const LIST_KEY = new Map([
  ['multi_users_select', 'selected_users'],
  ['multi_conversations_select', 'selected_conversations'],
  ['multi_channels_select', 'selected_channels'],
  ['file_input', 'files'],
]);

/** The state entry of one element, from a given value (undefined = untouched: initial value or null). */
export function elementState(element: JsonObject, given: InputValue | undefined): JsonObject {
  const type = String(element.type);
  const v = given === undefined ? initialOf(element) : given;
  const str = typeof v === 'string' ? v : v === null || v === undefined ? null : String(v);
  switch (type) {
    case 'static_select':
    case 'external_select':
    case 'radio_buttons':
      return {
        type,
        selected_option:
          v === null || v === undefined ? null : optionFor(element, isJsonObject(v) ? v : String(v)),
      };
    case 'multi_static_select':
    case 'multi_external_select':
    case 'checkboxes':
      return { type, selected_options: v === undefined ? [] : asList(v).map((o) => optionFor(element, o)) };
    case 'timepicker':
      return { type, selected_time: str, timezone: 'UTC' };
    case 'datetimepicker':
      return { type, selected_date_time: typeof v === 'number' ? v : str === null ? null : Number(str) };
    case 'rich_text_input':
      return { type, rich_text_value: v ?? null };
    default: {
      const single = SINGLE_KEY.get(type);
      if (single) return { type, [single]: str };
      const list = LIST_KEY.get(type);
      if (list) return { type, [list]: v === undefined ? [] : asList(v) };
      return { type, value: str };
    }
  }
}

function initialOf(element: JsonObject): InputValue | undefined {
  const keys = [
    'initial_value',
    'initial_option',
    'initial_options',
    'initial_date',
    'initial_time',
    'initial_date_time',
    'initial_user',
    'initial_users',
    'initial_conversation',
    'initial_conversations',
    'initial_channel',
    'initial_channels',
  ];
  for (const key of keys) {
    const v = element[key];
    if (typeof v === 'string' || typeof v === 'number' || isJsonObject(v)) return v;
    if (Array.isArray(v))
      return v.filter((x): x is string | JsonObject => typeof x === 'string' || isJsonObject(x));
  }
  return undefined;
}

function isEmpty(entry: JsonObject): boolean {
  return Object.entries(entry).every(
    ([k, v]) => k === 'type' || k === 'timezone' || v === null || (Array.isArray(v) && v.length === 0),
  );
}

export interface InputBlock {
  blockId: string;
  actionId: string;
  element: JsonObject;
  optional: boolean;
}

export function inputBlocks(blocks: unknown[]): InputBlock[] {
  return blocks.filter(isJsonObject).flatMap((b) => {
    if (b.type !== 'input' || !isJsonObject(b.element)) return [];
    const actionId = typeof b.element.action_id === 'string' ? b.element.action_id : '';
    return [
      { blockId: String(b.block_id ?? ''), actionId, element: b.element, optional: b.optional === true },
    ];
  });
}

/** Slack's client refuses to submit a modal with an empty required input; so does the driver unless told. */
export function buildStateValues(
  blocks: unknown[],
  values: Record<string, InputValue>,
  allowMissingRequired = false,
): StateValues {
  const out: StateValues = {};
  const known = new Set<string>();
  for (const input of inputBlocks(blocks)) {
    const keys = [`${input.blockId}.${input.actionId}`, input.actionId, input.blockId];
    const key = keys.find((k) => k in values);
    keys.forEach((k) => known.add(k));
    const entry = elementState(input.element, key === undefined ? undefined : values[key]);
    if (!input.optional && !allowMissingRequired && isEmpty(entry)) {
      throw new DriverError(`required input ${input.blockId}/${input.actionId} has no value`);
    }
    out[input.blockId] = { ...out[input.blockId], [input.actionId]: entry };
  }
  const unknown = Object.keys(values).filter((k) => !known.has(k));
  if (unknown.length > 0) throw new DriverError(`no input block for ${unknown.join(', ')}`);
  return out;
}
