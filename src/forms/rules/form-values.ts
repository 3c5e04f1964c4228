/**
 * What a person typed into a form → the `values` of one POST /reading reading, or an error per field in operator
 * words (shown inline, nothing written). Also the other way: a stored value → the words shown for it (the last
 * submission's hint, the confirmation). Pure.
 *
 * How each kind is written (a reading's value is "number, string or null" — contract: Reading row):
 * number/integer → a JSON number; text and a type fieldline does not know → the text; a choice → the choice's own
 * value (a number stays a number); yes/no → the text `true` / `false` (a boolean is not a reading value);
 * date → `YYYY-MM-DD`; time → `HH:mm`; date and time → ISO 8601 UTC (`2026-12-06T02:47:00Z`).
 */
import type { Choice, FormField } from './form-config.ts';

/**
 * What one input holds as Slack gives it: text (text and number inputs, an option's value, a date, a time), epoch
 * seconds (a date-and-time picker), or nothing.
 */
export type Typed = string | number | null;

export type ReadingValue = number | string;

export type BuildResult =
  { ok: true; values: Record<string, ReadingValue> } | { ok: false; errors: Record<string, string> };

const NUMBER = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME = /^([01]\d|2[0-3]):([0-5]\d)$/;

/** The written form of yes / no. */
export const YES_NO = { yes: 'true', no: 'false' } as const;

/** An option's value in Slack (at most 150 characters): the choice's type kept, so 2 is not written as "2". */
export function choiceKey(value: string | number): string {
  return typeof value === 'number' ? `n:${value}` : `s:${value}`;
}

/** The choice value behind an option's value; null when it is not one fieldline wrote. */
export function choiceFromKey(key: string): string | number | null {
  if (key.startsWith('s:')) return key.slice(2);
  if (key.startsWith('n:')) {
    const n = Number(key.slice(2));
    return Number.isFinite(n) ? n : null;
  }
  return null;
}

function validDate(text: string): boolean {
  const m = DATE.exec(text);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return (
    d.getUTCFullYear() === Number(m[1]) &&
    d.getUTCMonth() === Number(m[2]) - 1 &&
    d.getUTCDate() === Number(m[3])
  );
}

function isoSeconds(epochSec: number): string {
  return new Date(epochSec * 1000).toISOString().replace(/\.\d{3}Z$/, 'Z');
}

const quoted = (text: string) => `“${text.length > 40 ? `${text.slice(0, 39)}…` : text}”`;

function numberValue(field: FormField, raw: string): ReadingValue | string {
  const text = raw.trim();
  const n = Number(text);
  if (!NUMBER.test(text) || !Number.isFinite(n))
    return `${field.title} takes a number; ${quoted(text)} is not one.`;
  if (field.kind === 'integer' && !Number.isInteger(n)) return `${field.title} takes a whole number.`;
  if (field.min !== undefined && field.max !== undefined && (n < field.min || n > field.max))
    return `${field.title} must be between ${field.min} and ${field.max}.`;
  if (field.min !== undefined && n < field.min) return `${field.title} must be at least ${field.min}.`;
  if (field.max !== undefined && n > field.max) return `${field.title} must be at most ${field.max}.`;
  return n;
}

/** One field's value, or its error (a string that is not the value: told apart by `error`). */
function valueOf(field: FormField, typed: Typed): { value: ReadingValue } | { error: string } {
  switch (field.kind) {
    case 'number':
    case 'integer': {
      const out = numberValue(field, String(typed));
      return typeof out === 'number' ? { value: out } : { error: out };
    }
    case 'yes-no':
      if (typed === 'yes') return { value: YES_NO.yes };
      if (typed === 'no') return { value: YES_NO.no };
      return { error: `Choose Yes or No for ${field.title}.` };
    case 'choice': {
      const value = typeof typed === 'string' ? choiceFromKey(typed) : null;
      const offered = field.choices?.some((c) => c.value === value);
      // a value the form does not offer (an edited payload) is refused, never written
      if (value === null || (field.choices && !offered))
        return { error: `Choose one of the offered answers for ${field.title}.` };
      return { value };
    }
    case 'date':
      return typeof typed === 'string' && validDate(typed)
        ? { value: typed }
        : { error: `${field.title} takes a date.` };
    case 'time':
      return typeof typed === 'string' && TIME.test(typed)
        ? { value: typed }
        : { error: `${field.title} takes a time of day.` };
    case 'datetime':
      return typeof typed === 'number' && Number.isFinite(typed)
        ? { value: isoSeconds(typed) }
        : { error: `${field.title} takes a date and a time.` };
    case 'text':
    case 'unknown': {
      const text = String(typed);
      if (field.maxLength !== undefined && text.length > field.maxLength)
        return { error: `${field.title} takes at most ${field.maxLength} characters.` };
      return { value: text };
    }
  }
}

const isEmpty = (typed: Typed | undefined): boolean =>
  typed === null || typed === undefined || (typeof typed === 'string' && typed.trim() === '');

/**
 * The reading's values (metric id → value), or an error per field (keyed by metric id). A required field left empty
 * is an error; an optional one is left out — contract: readings rule 3, "Writable metrics omitted from values are
 * stored as null".
 */
export function buildValues(
  fields: readonly FormField[],
  typed: Record<string, Typed | undefined>,
): BuildResult {
  const values: Record<string, ReadingValue> = {};
  const errors: Record<string, string> = {};
  for (const field of fields) {
    const raw = typed[field.metricId];
    if (isEmpty(raw)) {
      if (field.required) errors[field.metricId] = `${field.title} is required.`;
      continue;
    }
    const out = valueOf(field, raw ?? null);
    if ('error' in out) errors[field.metricId] = out.error;
    else values[field.metricId] = out.value;
  }
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, values };
}

function choiceLabel(choices: readonly Choice[] | undefined, value: number | string): string | undefined {
  return choices?.find((c) => String(c.value) === String(value))?.label;
}

const YES = new Set(['true', 'yes', '1', 'y']);
const NO = new Set(['false', 'no', '0', 'n']);

/** Whether a stored value reads as yes or no (written by fieldline or by the platform's own form). */
export function yesNoOf(value: number | string | boolean): 'yes' | 'no' | null {
  const text = String(value).trim().toLowerCase();
  if (YES.has(text)) return 'yes';
  if (NO.has(text)) return 'no';
  return null;
}

/**
 * A stored value in operator words: a choice's label, Yes/No, a number with its unit; plain text otherwise (a
 * date-and-time is left to the renderer, which shows it in the reader's own time).
 */
export function valueWords(field: FormField, value: number | string | null | undefined): string | null {
  if (value === null || value === undefined || value === '') return null;
  switch (field.kind) {
    case 'choice':
      return choiceLabel(field.choices, value) ?? String(value);
    case 'yes-no': {
      const yn = yesNoOf(value);
      return yn === 'yes' ? 'Yes' : yn === 'no' ? 'No' : String(value);
    }
    case 'number':
    case 'integer':
      return field.unit ? `${value} ${field.unit}` : String(value);
    default:
      return String(value);
  }
}

/** What an input shows for a stored value (prefill from the last submission is never done: only drafts prefill). */
export function typedOf(field: FormField, value: number | string | null | undefined): Typed {
  if (value === null || value === undefined) return null;
  switch (field.kind) {
    case 'choice': {
      const found = field.choices?.find((c) => String(c.value) === String(value));
      return found ? choiceKey(found.value) : null;
    }
    case 'yes-no':
      return yesNoOf(value);
    case 'datetime': {
      const ms = typeof value === 'number' ? value * 1000 : Date.parse(value);
      return Number.isFinite(ms) ? Math.floor(ms / 1000) : null;
    }
    default:
      return String(value);
  }
}
