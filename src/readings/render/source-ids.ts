/**
 * Action ids, view callback ids and button values of /source and /reading. Values travel through Slack and
 * come back as untrusted text, so they are parsed with zod on the way in.
 */
import { z } from 'zod';
import { decodeValue } from '../../kit/button-value.ts';
import { SINCE_DAYS, type RangeSpec } from '../rules/range.ts';

export const SOURCE_ACTION = {
  details: 'source_details',
  more: 'source_more',
  readings: 'source_readings',
  export: 'source_export',
  enterReading: 'source_enter_reading',
  createTask: 'source_create_task',
  deviceStatus: 'source_device_status',
} as const;

export const READING_ACTION = {
  pickSource: 'reading_pick_source',
  importStart: 'reading_import_start',
  importSource: 'reading_import_source',
  /** "Share in channel" under an answer given privately in a conversation shared with another organisation. */
  share: 'reading_share',
  /** A near-miss name offered as "did you mean": runs the same /reading with that name. */
  didYouMean: 'reading_did_you_mean',
} as const;

export const READING_VIEW = {
  entry: 'reading_entry',
  import: 'reading_import',
} as const;
export const SOURCE_VIEW = { deviceStatus: 'source_device_status_view', loading: 'source_loading' } as const;

/** Several buttons of one kind in a message get `id:n` action ids; handlers match the prefix. */
export function indexed(actionId: string, i: number): string {
  return `${actionId}:${i}`;
}
export function prefixPattern(actionId: string): RegExp {
  return new RegExp(`^${actionId}(:\\d+)?$`);
}

const rangeSpec: z.ZodType<RangeSpec> = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('default') }),
  z.object({ kind: z.literal('last'), amount: z.number().int().positive(), unit: z.enum(['h', 'd']) }),
  z.object({ kind: z.literal('today') }),
  z.object({ kind: z.literal('yesterday') }),
  z.object({ kind: z.literal('dates'), from: z.string(), to: z.string() }),
  z.object({ kind: z.literal('datetimes'), from: z.string(), to: z.string() }),
  z.object({ kind: z.literal('week'), which: z.enum(['last', 'this']) }),
  z.object({ kind: z.literal('since'), from: z.string() }),
  z.object({ kind: z.literal('since-day'), day: z.enum(SINCE_DAYS) }),
  z.object({ kind: z.literal('since-time'), time: z.string() }),
  z.object({ kind: z.literal('shift') }),
]);

/** A data source and a range: Readings, Export and the choice between ambiguous sources. */
const sourceRange = z.object({ s: z.string().min(1), r: rangeSpec, x: z.boolean().optional() });
export type SourceRangeValue = z.infer<typeof sourceRange>;

export function encodeSourceRange(value: SourceRangeValue): string {
  return JSON.stringify(value);
}
export function decodeSourceRange(raw: string | undefined): SourceRangeValue | null {
  return decodeValue(sourceRange, raw);
}

/**
 * A "did you mean" name with the request as typed (range, export): only words the person could have typed; the
 * clicker's own key resolves the name again.
 */
const nameRange = z.object({
  n: z.string().min(1).max(300),
  r: rangeSpec,
  x: z.boolean().optional(),
  t: z.string().max(300).optional(),
});
export type NameRangeValue = z.infer<typeof nameRange>;
export function encodeNameRange(value: NameRangeValue): string {
  return JSON.stringify(value);
}
export function decodeNameRange(raw: string | undefined): NameRangeValue | null {
  return decodeValue(nameRange, raw);
}

/** "Create task about this": what the task modal needs without another platform call (trigger_id lasts 3 s). */
const taskAbout = z.object({
  s: z.string().min(1),
  n: z.string(),
  site: z.string().optional(),
  sn: z.string().optional(),
});
export type TaskAboutValue = z.infer<typeof taskAbout>;
export function encodeTaskAbout(value: TaskAboutValue): string {
  return JSON.stringify({ ...value, n: value.n.slice(0, 200), sn: value.sn?.slice(0, 200) });
}
export function decodeTaskAbout(raw: string | undefined): TaskAboutValue | null {
  return decodeValue(taskAbout, raw);
}

/** Import from a DM: the Slack files and where they were sent. */
const importStart = z.object({
  f: z.array(z.tuple([z.string(), z.string()])).min(1),
  c: z.string(),
  ts: z.string(),
});
export type ImportStartValue = z.infer<typeof importStart>;
export function encodeImportStart(value: ImportStartValue): string {
  return JSON.stringify(value);
}
export function decodeImportStart(raw: string | undefined): ImportStartValue | null {
  return decodeValue(importStart, raw);
}
