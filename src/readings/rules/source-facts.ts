/**
 * Reading a data source's facts for display: usage, validation, silence. Pure. List rows carry only what the
 * contract lists plus "other fields [that] depend on the data source" (section 1), so the extras are read
 * defensively and missing ones simply go unmentioned.
 */
import type { DataSource, DataSourceRow, Ref } from '../../monitoring/api.ts';
import { APPLYING, VALIDATION_STATUS } from '../../monitoring/api.ts';

const USAGE: Record<string, string> = {
  [APPLYING.sensor]: 'Sensor',
  [APPLYING.form]: 'Form',
  [APPLYING.aiVision]: 'AI Vision',
};
const VALIDATION: Record<number, string> = {
  [VALIDATION_STATUS.pending]: 'Pending Validation',
  [VALIDATION_STATUS.valid]: 'Valid',
  [VALIDATION_STATUS.invalid]: 'Invalid',
};

export function usageLabel(applying: Ref | null | undefined): string | null {
  if (!applying) return null;
  return USAGE[applying.id] ?? applying.name ?? null;
}

/** validationStatus is a bare number in list rows and {id, name} in the full record (contract: list row). */
export function validationLabel(status: number | Ref | null | undefined): string | null {
  if (status === null || status === undefined) return null;
  if (typeof status === 'number') return VALIDATION[status] ?? String(status);
  return status.name ?? VALIDATION[Number(status.id)] ?? status.id;
}

export function isCamera(source: Pick<DataSource, 'applying' | 'type'>): boolean {
  return source.applying?.id === APPLYING.aiVision || /camera/i.test(source.type?.name ?? '');
}

/** "45 s", "12 min", "3 h", "2 d" — coarse on purpose, for phones. */
export function humanDuration(ms: number): string {
  const s = Math.max(0, Math.round(ms / 1000));
  if (s < 90) return `${s} s`;
  const min = Math.round(s / 60);
  if (min < 90) return `${min} min`;
  const h = Math.round(min / 60);
  if (h < 48) return `${h} h`;
  return `${Math.round(h / 24)} d`;
}

export interface Silence {
  /** "silent for 3 h" when past the inactive threshold, else "last reading 5 min ago". */
  text: string;
  silent: boolean;
  lastMs: number;
}

/** How long the source has been quiet, judged against its `inactiveThreshold` (seconds) when known. */
export function silence(
  lastReadingAt: string | null | undefined,
  nowMs: number,
  inactiveThreshold: number | null,
): Silence | null {
  if (!lastReadingAt) return null;
  const lastMs = Date.parse(lastReadingAt);
  if (Number.isNaN(lastMs)) return null;
  const age = Math.max(0, nowMs - lastMs);
  const silent = inactiveThreshold !== null && inactiveThreshold > 0 && age > inactiveThreshold * 1000;
  return {
    text: silent ? `silent for ${humanDuration(age)}` : `last reading ${humanDuration(age)} ago`,
    silent,
    lastMs,
  };
}

function numberField(row: Record<string, unknown>, key: string): number | null {
  const v = row[key];
  return typeof v === 'number' && Number.isFinite(v) ? v : null;
}

function refName(row: Record<string, unknown>, key: string): string | null {
  const v = row[key];
  if (v && typeof v === 'object' && 'name' in v && typeof v.name === 'string') return v.name;
  return null;
}

export interface RowFacts {
  usage: string | null;
  validation: string | null;
  activity: string | null;
  silence: Silence | null;
  inactiveThreshold: number | null;
}

export function rowFacts(row: DataSourceRow, nowMs: number): RowFacts {
  const inactiveThreshold = numberField(row, 'inactiveThreshold');
  return {
    usage: usageLabel(row.applying),
    validation: validationLabel(row.validationStatus),
    activity: refName(row, 'activityStatus'),
    silence: silence(row.lastReading?.eventDate, nowMs, inactiveThreshold),
    inactiveThreshold,
  };
}
