/**
 * The platform side of forms, always as the acting person (deps.monitoring carries their own key): the forms they
 * can see, one form's record with its latest submission, and a submission written as one reading.
 */
import type { BaseDeps } from '../../base/deps.ts';
import { APPLYING, type DataSource, type MeterReadings } from '../../monitoring/api.ts';
import { readFormConfig, type FormSpec } from '../rules/form-config.ts';
import type { ReadingValue } from '../rules/form-values.ts';

export interface FormRef {
  id: string;
  name: string;
  siteName: string | null;
}

export type LoadedForm =
  { kind: 'form'; source: DataSource; spec: FormSpec } | { kind: 'not-a-form'; source: DataSource };

/** Forms listed at most (a plant has a handful; the list names how to reach the rest). */
export const MAX_FORMS = 500;

export interface FormsService {
  /** The forms the person's key sees (usage 2 "form"), in the platform's order. */
  list(signal?: AbortSignal): Promise<{ forms: FormRef[]; more: boolean }>;
  /** The data source read now with the person's key, with its latest reading (the hints). */
  load(id: string, signal?: AbortSignal): Promise<LoadedForm>;
  /** One submission as one reading, at `atMs`. */
  submit(
    sourceId: string,
    values: Record<string, ReadingValue>,
    atMs: number,
    signal?: AbortSignal,
  ): Promise<string>;
}

export const isForm = (source: { applying?: { id: string } | null }): boolean =>
  source.applying?.id === APPLYING.form;

export function createFormsService(base: Pick<BaseDeps, 'monitoring'>): FormsService {
  const { monitoring } = base;
  return {
    async list(signal) {
      const forms: FormRef[] = [];
      for await (const row of monitoring.dataSources.list(
        { applyingIds: [APPLYING.form], limit: 100 },
        signal,
      )) {
        // contract: GET /data-sources — applyingIds filters by usage; a row of another usage is not offered anyway
        if (!isForm(row)) continue;
        if (forms.length === MAX_FORMS) return { forms, more: true };
        forms.push({ id: row.id, name: row.name, siteName: row.site.name });
      }
      return { forms, more: false };
    },
    async load(id, signal) {
      // contract: section 2 — withLastReading=true includes the latest reading (the last submission's hints)
      const source = await monitoring.dataSources.get(id, { withLastReading: true }, signal);
      if (!isForm(source)) return { kind: 'not-a-form', source };
      return { kind: 'form', source, spec: readFormConfig(source.formConfig) };
    },
    async submit(sourceId, values, atMs, signal) {
      const timestamp = new Date(atMs).toISOString();
      // contract: POST /reading — an array of meter objects; readings rule 1: a reading object holds only
      // `timestamp` and `values`, so no metadata of ours rides along. Rule 4: "Submission metadata may be appended
      // for certain usage types" — the platform appends it to a form's submission (who: the key's own user).
      const batch: MeterReadings[] = [{ meterId: sourceId, readings: [{ timestamp, values }] }];
      await monitoring.readings.write(batch, signal);
      return timestamp;
    },
  };
}
