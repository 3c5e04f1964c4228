/**
 * Data sources and readings (issue 5): search, resolve, report, export, import, manual entry and device
 * status, as one service on Deps (`deps.sources`). Slack conversations around them live in ./flows-*.ts.
 */
import type { BaseDeps } from '../../base/deps.ts';
import type { DataSource, DeviceStatus, MeterReadings } from '../../monitoring/api.ts';
import type { RangeSpec, ResolvedRange } from '../rules/range.ts';
import { checkAndUpload, type ImportOutcome } from './import.ts';
import {
  confirmImport,
  DEFAULT_CONFIRM_POLICY,
  importedReadable,
  realSleep,
  type ConfirmPolicy,
  type Sleep,
} from './import-confirm.ts';
import { buildReadingReport, loadSource, type ReadingReport } from './reading-report.ts';
import { nameCandidates, type NameCandidate } from './name-candidates.ts';
import { resolveSource, type Resolution } from './resolve.ts';
import { searchSources, type RecordOf, type SearchPage } from './search.ts';
import { createSourceRecords } from './source-records.ts';

export interface SourcesService {
  search(text: string, cursor: string | null, signal?: AbortSignal): Promise<SearchPage>;
  resolve(query: string, signal?: AbortSignal): Promise<Resolution>;
  /** Full record with schema (when it has one) and its latest reading, read now. */
  load(id: string, signal?: AbortSignal): Promise<DataSource>;
  /**
   * The record a /reading answer over `spec` needs: read now when the answer shows the latest reading (the default
   * range), else the one this scope read within the minute (./source-records.ts) when there is one.
   */
  loadForRange(id: string, spec: RangeSpec, signal?: AbortSignal): Promise<DataSource>;
  /** The answer over `range` (resolved once by the caller, so the answer, its chart and its export agree). */
  report(
    source: DataSource,
    job: { spec: RangeSpec; range: ResolvedRange },
    signal?: AbortSignal,
  ): Promise<ReadingReport>;
  /** Names to offer as "did you mean" when `typed` matched no source (./name-candidates.ts). */
  candidates(typed: string, signal?: AbortSignal): Promise<NameCandidate[]>;
  importCsv(
    source: DataSource,
    csv: Buffer,
    timestampFormat: string | undefined,
    signal?: AbortSignal,
  ): Promise<ImportOutcome>;
  confirmImport(
    args: { sourceId: string; zone: string; firstMs: number; lastMs: number; sampleMs: number[] },
    signal?: AbortSignal,
  ): Promise<{ confirmed: boolean; waitedMs: number }>;
  write(batch: MeterReadings[], signal?: AbortSignal): Promise<void>;
  reportDeviceStatus(id: string, status: DeviceStatus, signal?: AbortSignal): Promise<void>;
}

export interface SourcesOptions {
  confirmPolicy?: Partial<ConfirmPolicy>;
  sleep?: Sleep;
}

export function createSourcesService(base: BaseDeps, opts: SourcesOptions = {}): SourcesService {
  const { monitoring, clock } = base;
  const policy = { ...DEFAULT_CONFIRM_POLICY, ...opts.confirmPolicy };
  const sleep = opts.sleep ?? realSleep;
  const records = createSourceRecords(
    () => base.scope(),
    () => clock.now(),
  );
  const record: RecordOf = (id, signal) =>
    records.get(id, 'plain', () => monitoring.dataSources.get(id, {}, signal));
  async function load(id: string, signal?: AbortSignal): Promise<DataSource> {
    const source = await loadSource(monitoring, id, signal);
    records.put(id, 'schema', source);
    return source;
  }
  return {
    search: (text, cursor, signal) => searchSources(monitoring, record, text, cursor, signal),
    resolve: (query, signal) =>
      resolveSource(
        monitoring,
        query,
        (id) => records.peek(id, 'schema') ?? records.peek(id, 'plain'),
        signal,
      ),
    load,
    async loadForRange(id, spec, signal) {
      // only the default range's answer shows the latest reading (render/reading-report.ts)
      const known = spec.kind === 'default' ? undefined : records.peek(id, 'schema');
      return known ?? load(id, signal);
    },
    report: (source, { spec, range }, signal) => buildReadingReport(monitoring, source, spec, range, signal),
    candidates: (typed, signal) => nameCandidates(monitoring, typed, signal),
    async importCsv(source, csv, format, signal) {
      const outcome = await checkAndUpload(monitoring, source, csv, format, signal);
      records.forget(source.id);
      return outcome;
    },
    confirmImport: (args, signal) =>
      confirmImport(() => importedReadable(monitoring, args, signal), policy, sleep, signal),
    async write(batch, signal) {
      await monitoring.readings.write(batch, signal);
      for (const meter of batch) records.forget(meter.meterId);
    },
    // contract: section 14 — body {status}; callers send the full recommended set every time.
    async reportDeviceStatus(id, status, signal) {
      await monitoring.devices.reportStatus(id, status, signal);
      records.forget(id);
    },
  };
}
