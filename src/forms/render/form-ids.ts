/**
 * Action ids, view callback ids and block ids of forms. A button's value is the form's data source id: never
 * authority — the click reads the data source again with the person's own key.
 */
export const FORM_ACTION = {
  /** "Fill in" (a /source card, the /form list, the Home chooser, "did you mean"): value = data source id. */
  fill: 'form_fill',
  /** "Forms" on App Home: opens the chooser. */
  home: 'form_home',
} as const;

export const FORM_VIEW = {
  /** The form itself (submitted as one reading; closed half-way keeps a draft). */
  form: 'form_fill_view',
  /** "Loading…", the chooser and messages in the form's place. */
  other: 'form_other_view',
} as const;

/**
 * Each input's block id says what the field is, so a submission is checked on receipt without a platform call:
 * `fl_<code>_<metric id>`, its element's action id `v`.
 */
export const FIELD_ACTION = 'v';
const CODES = {
  number: 'n',
  integer: 'i',
  text: 't',
  unknown: 'u',
  'yes-no': 'b',
  choice: 'c',
  date: 'd',
  time: 'tm',
  datetime: 'dt',
} as const;
export type FieldCode = (typeof CODES)[keyof typeof CODES];
const KINDS = Object.fromEntries(Object.entries(CODES).map(([k, v]) => [v, k])) as Record<
  string,
  keyof typeof CODES
>;

/** Slack: block_id at most 255 characters. */
export const BLOCK_ID_MAX = 255;

export function fieldBlockId(kind: keyof typeof CODES, metricId: string): string {
  return `fl_${CODES[kind]}_${metricId}`;
}

export function fieldOfBlockId(blockId: string): { kind: keyof typeof CODES; metricId: string } | null {
  const m = /^fl_([a-z]+)_([\s\S]+)$/.exec(blockId);
  const kind = m?.[1] ? KINDS[m[1]] : undefined;
  return kind && m?.[2] ? { kind, metricId: m[2] } : null;
}
