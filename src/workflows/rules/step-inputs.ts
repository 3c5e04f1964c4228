/**
 * A step's inputs as Slack sends them (`inputs` of function_executed, or `function_data.inputs` of a button in
 * the step's message: both signed by Slack) → typed values, or the message Workflow Builder shows. Read, never
 * cast: a workflow may leave optional inputs out or fill them from another step's outputs. Pure.
 */
import { priorityByKeyword } from '../../tasks/rules/index.ts';

export type Parsed<T> = { ok: true; value: T } | { ok: false; error: string };

type Inputs = Record<string, unknown>;

const text = (inputs: Inputs, key: string): string => {
  const v = inputs[key];
  return typeof v === 'string' ? v.trim() : typeof v === 'number' ? String(v) : '';
};

const numberOf = (v: unknown): number | undefined => {
  if (typeof v === 'number' && Number.isFinite(v)) return v;
  if (typeof v === 'string' && v.trim() !== '' && Number.isFinite(Number(v.trim()))) return Number(v.trim());
  return undefined;
};

const flag = (v: unknown): boolean => v === true || v === 'true';

/** Who the step acts as: a Slack user id (the "Acting person" input). */
export function actingUserOf(inputs: Inputs): string | undefined {
  const v = text(inputs, 'acting_user');
  return /^[UW][A-Z0-9]{2,}$/.test(v) ? v : undefined;
}

export const NO_ACTING_PERSON =
  'Acting person: choose who the step acts as (for example the person who ran the workflow).';

export interface TaskInputs {
  site: string;
  name: string;
  kind: '1' | '3';
  dataSource?: string;
  description?: string;
  priorityId?: string;
  dueDate?: string;
  assignee?: string;
  confirm: boolean;
}

/** The fields the task modal validates itself (name, site, due date, data source) are left to its rules. */
export function parseTaskInputs(inputs: Inputs): Parsed<TaskInputs> {
  const kindText = text(inputs, 'kind').toLowerCase();
  if (kindText !== '' && !['manual', 'data source', 'data_source', 'datasource'].includes(kindText))
    return { ok: false, error: 'Kind: use manual or data source.' };
  const priorityText = text(inputs, 'priority');
  const priority = priorityText === '' ? undefined : priorityByKeyword(priorityText);
  if (priorityText !== '' && !priority) return { ok: false, error: 'Priority: use high, medium or low.' };
  const assignee = text(inputs, 'assignee');
  if (assignee !== '' && !/^[UW][A-Z0-9]{2,}$/.test(assignee))
    return { ok: false, error: 'Assignee: choose a person of the workspace.' };
  const optional = {
    dataSource: text(inputs, 'data_source'),
    description: text(inputs, 'description'),
    priorityId: priority?.id,
    dueDate: text(inputs, 'due_date'),
    assignee,
  };
  return {
    ok: true,
    value: {
      site: text(inputs, 'site'),
      name: text(inputs, 'name'),
      kind: kindText === '' || kindText === 'manual' ? '1' : '3',
      confirm: flag(inputs.confirm),
      ...Object.fromEntries(Object.entries(optional).filter(([, v]) => v !== undefined && v !== '')),
    },
  };
}

export interface SourceMetricInputs {
  dataSource: string;
  metric: string;
}

export function parseSourceMetric(inputs: Inputs): Parsed<SourceMetricInputs> {
  const dataSource = text(inputs, 'data_source');
  const metric = text(inputs, 'metric');
  if (dataSource === '') return { ok: false, error: 'Data source: give its name or id.' };
  if (metric === '') return { ok: false, error: 'Metric: give its name as the data source lists it.' };
  return { ok: true, value: { dataSource, metric } };
}

export interface ReadingInputs extends SourceMetricInputs {
  /** As typed for the manual entry's rules (they check it is a number). */
  value: string;
  /** Epoch seconds, or null for now. */
  timestampSec: number | null;
  min: number | null;
  max: number | null;
  confirmOutOfRange: boolean;
}

export function parseReadingInputs(inputs: Inputs): Parsed<ReadingInputs> {
  const base = parseSourceMetric(inputs);
  if (!base.ok) return base;
  const raw = inputs.value;
  const value = typeof raw === 'number' ? String(raw) : typeof raw === 'string' ? raw : '';
  const time = inputs.time;
  const timestampSec = time === undefined || time === null || time === '' ? null : numberOf(time);
  if (timestampSec === undefined) return { ok: false, error: 'Reading time: not a time.' };
  const min =
    inputs.min === undefined || inputs.min === null || inputs.min === '' ? null : numberOf(inputs.min);
  const max =
    inputs.max === undefined || inputs.max === null || inputs.max === '' ? null : numberOf(inputs.max);
  if (min === undefined) return { ok: false, error: 'Lowest expected value: not a number.' };
  if (max === undefined) return { ok: false, error: 'Highest expected value: not a number.' };
  if (min !== null && max !== null && min > max)
    return { ok: false, error: 'Lowest expected value is above the highest.' };
  return {
    ok: true,
    value: {
      ...base.value,
      value,
      timestampSec,
      min,
      max,
      confirmOutOfRange: flag(inputs.confirm_out_of_range),
    },
  };
}

export function parseFeedInputs(inputs: Inputs): Parsed<{ feed: string; text: string }> {
  const feed = text(inputs, 'feed');
  if (feed === '') return { ok: false, error: 'Site or feed: give the feed’s or its site’s name.' };
  return { ok: true, value: { feed, text: typeof inputs.text === 'string' ? inputs.text : '' } };
}

export function parseSiteInput(inputs: Inputs): Parsed<{ site: string }> {
  const site = text(inputs, 'site');
  if (site === '') return { ok: false, error: 'Site: give the site’s name or id.' };
  return { ok: true, value: { site } };
}
