/**
 * Reads a form data source's `formConfig` into the fields fieldline shows. The contract names only its keys
 * ("on form sources: `order`, `required`, `properties` map") and says its inner structure is "not shown", so it is
 * read defensively: every property becomes a field (one of a type fieldline does not know becomes a text field with
 * a note, never dropped), and whatever could not be understood is said in `notUnderstood`. Pure.
 *
 * What is understood of a property (JSON-Schema-like, as the sandbox seeds `{title, type}`): `title` (or `label`,
 * `name`, `displayName`), `type` (`number`, `integer`, `string`, `boolean`, and `date`, `time`, `datetime`), a
 * string's `format` (`date`, `time`, `date-time`), choices (`enum`, `oneOf: [{const, title}]`, `options`/`choices`),
 * `minimum`/`maximum`, `maxLength`, `description`, `unit`, `readOnly` and the metric id the value is written under
 * (`metricId` or `metric.id`; else the property's key, which is the metric id in the sandbox).
 */
import { z } from 'zod';

export type FieldKind =
  'number' | 'integer' | 'text' | 'yes-no' | 'choice' | 'date' | 'time' | 'datetime' | 'unknown';

export interface Choice {
  value: string | number;
  label: string;
}

export interface FormField {
  /** The property's key in `properties`. */
  key: string;
  /** Where the value is written: the metric id of POST /reading `values`. */
  metricId: string;
  title: string;
  kind: FieldKind;
  required: boolean;
  description?: string;
  unit?: string;
  choices?: Choice[];
  min?: number;
  max?: number;
  maxLength?: number;
  /** kind `unknown`: the type as the platform named it ("signature", "array", or "none given"). */
  typeName?: string;
}

export interface FormSpec {
  /** The fields to fill in, in `order` (then any property `order` leaves out). */
  fields: FormField[];
  /** Properties the platform fills itself (`readOnly`): shown by name, not written (contract: readings rule 3). */
  readOnly: string[];
  /** What could not be understood, in operator words. */
  notUnderstood: string[];
}

/** Slack's plain_text_input takes at most 3000 characters. */
export const TEXT_MAX = 3000;

const idLike = z.union([z.string(), z.number()]).transform(String);
const text = z.string().trim().min(1);
const finite = z.number().refine(Number.isFinite);

const choiceObject = z.looseObject({
  value: z.union([z.string(), finite]).optional(),
  const: z.union([z.string(), finite]).optional(),
  id: z.union([z.string(), finite]).optional(),
  label: z.string().optional(),
  title: z.string().optional(),
  name: z.string().optional(),
});

const property = z.looseObject({
  title: text.optional().catch(undefined),
  label: text.optional().catch(undefined),
  name: text.optional().catch(undefined),
  displayName: text.optional().catch(undefined),
  type: z
    .union([z.string(), z.array(z.string())])
    .optional()
    .catch(undefined),
  format: z.string().optional().catch(undefined),
  enum: z.array(z.unknown()).optional().catch(undefined),
  oneOf: z.array(z.unknown()).optional().catch(undefined),
  options: z.array(z.unknown()).optional().catch(undefined),
  choices: z.array(z.unknown()).optional().catch(undefined),
  minimum: finite.optional().catch(undefined),
  maximum: finite.optional().catch(undefined),
  maxLength: z.number().int().positive().optional().catch(undefined),
  description: text.optional().catch(undefined),
  unit: text.optional().catch(undefined),
  readOnly: z.boolean().optional().catch(undefined),
  required: z.boolean().optional().catch(undefined),
  metricId: idLike.optional().catch(undefined),
  metric: z.looseObject({ id: idLike }).optional().catch(undefined),
});
type Property = z.infer<typeof property>;

const KNOWN_TYPES: Record<string, FieldKind> = {
  number: 'number',
  decimal: 'number',
  float: 'number',
  integer: 'integer',
  int: 'integer',
  string: 'text',
  text: 'text',
  boolean: 'yes-no',
  bool: 'yes-no',
  date: 'date',
  time: 'time',
  datetime: 'datetime',
  'date-time': 'datetime',
  // a choice only with something to choose from (else shown as text with a note)
  select: 'choice',
  choice: 'choice',
  enum: 'choice',
  radio: 'choice',
  dropdown: 'choice',
};
const FORMATS: Record<string, FieldKind> = { date: 'date', time: 'time', 'date-time': 'datetime' };

function choiceOf(raw: unknown): Choice | null {
  if (typeof raw === 'string' && raw.trim() !== '') return { value: raw, label: raw };
  if (typeof raw === 'number' && Number.isFinite(raw)) return { value: raw, label: String(raw) };
  const parsed = choiceObject.safeParse(raw);
  if (!parsed.success) return null;
  const o = parsed.data;
  const value = o.value ?? o.const ?? o.id;
  if (value === undefined || value === '') return null;
  return { value, label: o.label ?? o.title ?? o.name ?? String(value) };
}

/** The choices a property offers, or null when it offers none; `bad` counts entries that are not choices. */
function choicesOf(p: Property): { choices: Choice[]; bad: number } | null {
  const list = p.enum ?? p.oneOf ?? p.options ?? p.choices;
  if (!list) return null;
  const choices: Choice[] = [];
  let bad = 0;
  for (const raw of list) {
    const choice = choiceOf(raw);
    if (choice && !choices.some((c) => c.value === choice.value)) choices.push(choice);
    else if (!choice) bad++;
  }
  return { choices, bad };
}

/** The property's type name: a string, or the first non-null entry of a list (`["number", "null"]`). */
function typeNameOf(p: Property): string | undefined {
  if (typeof p.type === 'string') return p.type.trim().toLowerCase();
  return p.type?.find((t) => t !== 'null')?.toLowerCase();
}

function kindOf(p: Property, typeName: string | undefined): FieldKind {
  if (p.format && (typeName === undefined || typeName === 'string')) {
    const byFormat = FORMATS[p.format.toLowerCase()];
    if (byFormat) return byFormat;
  }
  return typeName === undefined ? 'unknown' : (KNOWN_TYPES[typeName] ?? 'unknown');
}

function fieldOf(key: string, p: Property, required: boolean, notes: string[]): FormField {
  const title = p.title ?? p.label ?? p.displayName ?? p.name ?? key;
  const typeName = typeNameOf(p);
  let kind = kindOf(p, typeName);
  const field: FormField = {
    key,
    metricId: p.metricId ?? p.metric?.id ?? key,
    title,
    kind,
    required,
    ...(p.description ? { description: p.description } : {}),
    ...(p.unit ? { unit: p.unit } : {}),
  };
  const offered = choicesOf(p);
  if (offered && offered.bad > 0)
    notes.push(`${offered.bad} choice(s) of “${title}” could not be read and are not offered.`);
  const canChoose = kind === 'text' || kind === 'number' || kind === 'integer' || kind === 'choice';
  const fromList = canChoose || (kind === 'unknown' && typeName === undefined);
  if (offered && offered.choices.length > 0 && fromList) {
    kind = 'choice';
    field.choices = offered.choices;
  } else if (kind === 'choice') {
    // "select" with nothing to select: typed as text, with the note an unknown type gets
    kind = 'unknown';
  }
  field.kind = kind;
  if (kind === 'unknown') field.typeName = typeName ?? 'none given';
  if (kind === 'number' || kind === 'integer') {
    if (p.minimum !== undefined) field.min = p.minimum;
    if (p.maximum !== undefined) field.max = p.maximum;
  }
  if (kind === 'text' || kind === 'unknown') field.maxLength = Math.min(p.maxLength ?? TEXT_MAX, TEXT_MAX);
  return field;
}

const idList = z.array(z.unknown()).catch([]);

/** The strings of a list; anything else is said in `notes`. */
function stringsOf(raw: unknown, what: string, notes: string[]): string[] {
  if (raw === undefined || raw === null) return [];
  if (!Array.isArray(raw)) {
    notes.push(`${what} is not a list, so it was ignored.`);
    return [];
  }
  const out: string[] = [];
  for (const entry of idList.parse(raw)) {
    if (typeof entry === 'string' || (typeof entry === 'number' && Number.isFinite(entry)))
      out.push(String(entry));
    else notes.push(`An entry of ${what} is not a field name, so it was ignored.`);
  }
  return out;
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** The form `formConfig` describes; what could not be understood is said, nothing is dropped silently. */
export function readFormConfig(formConfig: unknown): FormSpec {
  const notes: string[] = [];
  if (!isObject(formConfig))
    return {
      fields: [],
      readOnly: [],
      notUnderstood: ['The form has no field list (formConfig) fieldline can read.'],
    };
  const properties = isObject(formConfig.properties) ? formConfig.properties : null;
  if (!properties) {
    return {
      fields: [],
      readOnly: [],
      notUnderstood: ['The form’s field list (formConfig properties) is missing or not a map.'],
    };
  }
  const order = stringsOf(formConfig.order, 'the field order', notes);
  const required = new Set(stringsOf(formConfig.required, 'the required fields', notes));
  const keys = [...new Set([...order.filter((k) => k in properties), ...Object.keys(properties)])];
  for (const k of order)
    if (!(k in properties)) notes.push(`The field order names “${k}”, which the form does not describe.`);
  for (const k of required)
    if (!(k in properties)) notes.push(`“${k}” is marked required but the form does not describe it.`);
  const fields: FormField[] = [];
  const readOnly: string[] = [];
  const written = new Set<string>();
  for (const key of keys) {
    const parsed = property.safeParse(properties[key]);
    if (!parsed.success) {
      notes.push(`“${key}” is not described as a field, so it is shown as text.`);
      fields.push({
        key,
        metricId: key,
        title: key,
        kind: 'unknown',
        typeName: 'none given',
        required: required.has(key),
        maxLength: TEXT_MAX,
      });
      continue;
    }
    const p = parsed.data;
    const field = fieldOf(key, p, required.has(key) || p.required === true, notes);
    if (p.readOnly === true) {
      readOnly.push(field.title);
      continue;
    }
    if (written.has(field.metricId)) {
      notes.push(`“${field.title}” writes the same value as another field, so it is left out.`);
      continue;
    }
    written.add(field.metricId);
    fields.push(field);
  }
  return { fields, readOnly, notUnderstood: notes };
}
