/**
 * CSV import: check the file against GET /reading/template before anything is uploaded, then GET /import and
 * PUT the file (contract section 6: "Flow: GET /reading/template, fill rows, GET /import, PUT the file").
 * The platform imports asynchronously and answers nothing about the outcome (rule 3), so readability is
 * confirmed separately by reading the imported timestamps back (see ./import-confirm.ts).
 */
import type { DataSource, MonitoringApi } from '../../monitoring/api.ts';
import { checkImportCsv, IGNORED_COLUMNS, templateColumns, type CsvCheck } from '../rules/csv-check.ts';
import { unknownHeaderNames, withoutColumns } from '../rules/csv-columns.ts';
import { calculatedColumns } from './calculated-columns.ts';
import { metricCatalog } from '../rules/metric-catalog.ts';
import { zoneOrUtc } from '../rules/range.ts';

export type ImportOutcome =
  | { kind: 'rejected'; check: Extract<CsvCheck, { ok: false }> }
  | { kind: 'uploaded'; check: Extract<CsvCheck, { ok: true }> };

export async function checkAndUpload(
  monitoring: MonitoringApi,
  source: DataSource,
  csv: Buffer,
  timestampFormat: string | undefined,
  signal?: AbortSignal,
  now: () => number = Date.now,
): Promise<ImportOutcome> {
  const template = await monitoring.readings.template(source.id, signal);
  const text = csv.toString('utf8');
  const known = [...templateColumns(template), ...IGNORED_COLUMNS];
  // An export carries calculated metrics the template omits: learn their names only when the file has
  // columns the template does not name (one extra call, none for a file made from the template).
  const unknown = unknownHeaderNames(templateColumns(text), known);
  const calculated =
    unknown.length > 0 ? await calculatedColumns(monitoring, source, template, now(), signal) : [];
  const check = checkImportCsv({
    csv: text,
    calculatedColumns: calculated,
    template,
    zone: zoneOrUtc(source.tzTimezoneName),
    timestampFormat,
    numericColumns: metricCatalog(source)
      .filter((m) => m.kind === 'number')
      .map((m) => m.label),
  });
  if (!check.ok) return { kind: 'rejected', check };
  // The pattern is sent when it is one the platform may not detect; ISO 8601 is left to its detection.
  const pattern = check.format.sendPattern ? check.format.pattern : undefined;
  const upload = check.leftOut.length > 0 ? Buffer.from(withoutColumns(text, check.leftOut)) : csv;
  await monitoring.readings.importCsv(source.id, upload, pattern ? { timestampFormat: pattern } : {}, signal);
  return { kind: 'uploaded', check };
}
