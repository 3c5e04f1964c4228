/**
 * Argument checks that run before any request. Each failure is INVALID_ARGUMENT naming the field, so a caller
 * (and the user behind it) learns exactly what to fix, and the platform never sees a request it would refuse.
 */
import { invalidArgument } from './errors.ts';

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return typeof value === 'string' ? JSON.stringify(value) : `a ${typeof value}`;
}

/**
 * contract: POST /task/ rules — "All IDs must be quoted non-empty strings; a number, `0` as string `0`, or an
 * empty string gives 400." Applied to every ID the client sends.
 */
export function idArg(field: string, value: unknown): string {
  if (typeof value !== 'string') throw invalidArgument(field, `must be an ID string, not ${describe(value)}`);
  if (value.trim() === '') throw invalidArgument(field, 'must not be empty');
  if (value.trim() === '0') throw invalidArgument(field, 'must not be "0"');
  return value;
}

export function optIdArg(field: string, value: unknown): string | undefined {
  return value === undefined ? undefined : idArg(field, value);
}

/** Comma-separated ID list for query filters; undefined (not sent) when empty or absent. */
export function idListArg(field: string, values: unknown): string | undefined {
  if (values === undefined) return undefined;
  if (!Array.isArray(values)) throw invalidArgument(field, 'must be a list of IDs');
  const ids = values.map((v, i) => idArg(`${field}[${i}]`, v));
  for (const [i, id] of ids.entries()) {
    if (id.includes(',')) throw invalidArgument(`${field}[${i}]`, 'must not contain a comma');
  }
  return ids.length > 0 ? ids.join(',') : undefined;
}

export function idArrayArg(field: string, values: unknown): string[] | undefined {
  if (values === undefined) return undefined;
  if (!Array.isArray(values)) throw invalidArgument(field, 'must be a list of IDs');
  return values.map((v, i) => idArg(`${field}[${i}]`, v));
}

export function textArg(
  field: string,
  value: unknown,
  opts: { required?: boolean } = {},
): string | undefined {
  if (value === undefined && !opts.required) return undefined;
  if (typeof value !== 'string') throw invalidArgument(field, `must be text, not ${describe(value)}`);
  if (opts.required && value.trim() === '') throw invalidArgument(field, 'must not be empty');
  return value;
}

export function requiredText(field: string, value: unknown): string {
  const text = textArg(field, value, { required: true });
  if (text === undefined) throw invalidArgument(field, 'is required');
  return text;
}

export function boolArg(field: string, value: unknown): boolean | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'boolean')
    throw invalidArgument(field, `must be true or false, not ${describe(value)}`);
  return value;
}

export function numberArg(field: string, value: unknown): number | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'number' || !Number.isFinite(value)) {
    throw invalidArgument(field, `must be a number, not ${describe(value)}`);
  }
  return value;
}

export function intArg(field: string, value: unknown, min: number, max: number): number | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max) {
    throw invalidArgument(field, `must be a whole number from ${min} to ${max}, not ${describe(value)}`);
  }
  return value;
}

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function objectArg(field: string, value: unknown): Record<string, unknown> | undefined {
  if (value === undefined) return undefined;
  if (!isPlainObject(value)) throw invalidArgument(field, `must be an object, not ${describe(value)}`);
  return value;
}

export function objectArrayArg(field: string, value: unknown): object[] | undefined {
  if (value === undefined) return undefined;
  if (!Array.isArray(value))
    throw invalidArgument(field, `must be a list of objects, not ${describe(value)}`);
  value.forEach((item, i) => objectArg(`${field}[${i}]`, item));
  return value;
}

export function stringArrayArg(field: string, value: unknown): string[] | undefined {
  if (value === undefined) return undefined;
  if (!Array.isArray(value))
    throw invalidArgument(field, `must be a list of strings, not ${describe(value)}`);
  value.forEach((item, i) => textArg(`${field}[${i}]`, item, { required: true }));
  return value;
}

/** Strict bodies: a key outside the contract's list is refused here rather than by a 400 from the platform. */
export function onlyKeys(where: string, input: unknown, allowed: readonly string[]): Record<string, unknown> {
  if (!isPlainObject(input)) throw invalidArgument(where, `must be an object, not ${describe(input)}`);
  for (const key of Object.keys(input)) {
    if (!allowed.includes(key) && input[key] !== undefined) {
      throw invalidArgument(`${where}.${key}`, `is not a field the platform accepts here`);
    }
  }
  return input;
}

/** Builds a body with undefined values left out (a key that is present means "set this"). */
export function compact<T extends Record<string, unknown>>(fields: T): Partial<T> {
  const out: Partial<T> = {};
  for (const [key, value] of Object.entries(fields) as [keyof T, T[keyof T]][]) {
    if (value !== undefined) out[key] = value;
  }
  return out;
}

/** The check of one body field: its name (for the message) and the caller's value; undefined means not sent. */
export type FieldCheck = (field: string, value: unknown) => unknown;

/**
 * A strict body: an input key without a check fails (the platform answers 400 to a field it does not list),
 * then the checks run in order and a field left undefined is not sent.
 */
export function strictBody<T extends object>(
  where: string,
  input: T,
  checks: Record<keyof T & string, FieldCheck>,
): Record<string, unknown> {
  const fields = onlyKeys(where, input, Object.keys(checks));
  return compact(
    Object.fromEntries(
      Object.entries<FieldCheck>(checks).map(([name, check]) => [name, check(name, fields[name])]),
    ),
  );
}

/** Path segments are user-provided IDs: encode them so an ID can never change the path. */
export function segment(value: string): string {
  return encodeURIComponent(value);
}
