/** Strict-body helpers: every schema failure is a ValidationError (400, generic 02-001 body). */
import { ValidationError } from './http.ts';

export type Obj = Record<string, unknown>;

export function isObj(value: unknown): value is Obj {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function requireObj(value: unknown, what: string): Obj {
  if (!isObj(value)) throw new ValidationError(`${what} must be an object`);
  return value;
}

/** Strict: any key outside `allowed` fails. */
export function onlyKeys(body: Obj, allowed: readonly string[], what: string): void {
  for (const key of Object.keys(body))
    if (!allowed.includes(key)) throw new ValidationError(`${what}: field ${key} is not allowed`);
}

/** `body[key]`, undefined when absent; an absent `required` field fails. */
function present(body: Obj, key: string, required = false): unknown {
  const value = body[key];
  if (value === undefined && required) throw new ValidationError(`${key} is required`);
  return value;
}

/** A strict object body: not an object, or any key outside `allowed`, fails. */
export function strictObj(value: unknown, allowed: readonly string[], what: string): Obj {
  const obj = requireObj(value, what);
  onlyKeys(obj, allowed, what);
  return obj;
}

export function str(
  body: Obj,
  key: string,
  opts: { required?: boolean; nonEmpty?: boolean } = {},
): string | undefined {
  const value = present(body, key, opts.required);
  if (value === undefined) return undefined;
  if (typeof value !== 'string') throw new ValidationError(`${key} must be a string`);
  if (opts.nonEmpty && value.trim() === '') throw new ValidationError(`${key} must not be empty`);
  return value;
}

/**
 * contract: POST /task/ — "All IDs must be quoted non-empty strings; a number, `0` as string `0`, or an
 * empty string gives 400."
 */
export function id(body: Obj, key: string, required = false): string | undefined {
  const value = present(body, key, required);
  if (value === undefined) return undefined;
  if (typeof value !== 'string' || value.trim() === '' || value.trim() === '0')
    throw new ValidationError(`${key} must be a non-empty id string other than "0"`);
  return value;
}

export function bool(body: Obj, key: string): boolean | undefined {
  const value = body[key];
  if (value === undefined) return undefined;
  if (typeof value !== 'boolean') throw new ValidationError(`${key} must be a boolean`);
  return value;
}

export function num(body: Obj, key: string, required = false): number | undefined {
  const value = present(body, key, required);
  if (value === undefined) return undefined;
  if (typeof value !== 'number' || !Number.isFinite(value))
    throw new ValidationError(`${key} must be a number`);
  return value;
}

export function idList(body: Obj, key: string): string[] | undefined {
  const value = body[key];
  if (value === undefined) return undefined;
  if (!Array.isArray(value)) throw new ValidationError(`${key} must be an array`);
  return value.map((item, i) => {
    if (typeof item !== 'string' || item.trim() === '' || item === '0')
      throw new ValidationError(`${key}[${i}] must be a non-empty id string`);
    return item;
  });
}

export function stringList(body: Obj, key: string): string[] | undefined {
  const value = body[key];
  if (value === undefined) return undefined;
  if (!Array.isArray(value) || value.some((v) => typeof v !== 'string'))
    throw new ValidationError(`${key} must be a string array`);
  return value.map(String);
}

/** `formattedDescription`: rich-text nodes (objects); "a plain HTML string is rejected". */
export function objectList(body: Obj, key: string): Obj[] | undefined {
  const value = body[key];
  if (value === undefined) return undefined;
  if (!Array.isArray(value) || !value.every(isObj))
    throw new ValidationError(`${key} must be an array of objects`);
  return value;
}

/** `YYYY-MM-DD` (a full ISO timestamp is accepted and cut to its date). */
export function dateOnly(value: unknown, key: string): string {
  if (typeof value !== 'string') throw new ValidationError(`${key} must be a string`);
  const match = /^(\d{4})-(\d{2})-(\d{2})(?:[T ].*)?$/.exec(value);
  const day = match ? new Date(`${match[1]}-${match[2]}-${match[3]}T00:00:00Z`) : null;
  if (!match || !day || Number.isNaN(day.getTime()) || day.toISOString().slice(0, 10) !== value.slice(0, 10))
    throw new ValidationError(`${key} must be a date`);
  return value.slice(0, 10);
}

/** A comma-separated id filter from the query string (empty items dropped). */
export function csvParam(value: string | undefined): string[] | null {
  if (value === undefined) return null;
  return value
    .split(',')
    .map((v) => v.trim())
    .filter((v) => v.length > 0);
}
