/**
 * The IO half of a cycle: read everything the subscribed channels need, with the minimal number of calls —
 * GET /data-sources pages (subscribed sites, withLastReadings), GET /tasks pages (subscribed sites), and one
 * full record per camera source (device status), fetched with bounded concurrency. Any failure rejects the
 * whole read: the caller evaluates only complete cycles.
 */
import PQueue from 'p-queue';
import type { DataSource, DataSourceRow, MonitoringApi, Page, Task } from '../../monitoring/api.ts';
import { isCameraRow, toHealthInput, zoneOf } from '../rules/source-health-input.ts';
import type { SourceHealthInput } from '../rules/types.ts';
import { KEY_CHECK_TASK_NAME } from '../../access/index.ts';

/** Sites to read: null = every site the key can see; undefined = nothing to read. */
export type SiteScope = string[] | null | undefined;

export interface CycleData {
  sources: SourceHealthInput[];
  tasks: Task[];
  /** Site id → IANA zone learned from this cycle's rows and records. */
  zones: Map<string, string>;
  calls: { pages: number; records: number };
  cameras: number;
}

export interface FetchOptions {
  pageSize: number;
  recordConcurrency: number;
  signal?: AbortSignal;
}

async function allPages<T>(
  fetchPage: (lastValue: string | null) => Promise<Page<T>>,
  onPage: () => void,
): Promise<T[]> {
  const rows: T[] = [];
  let lastValue: string | null = null;
  for (;;) {
    const page = await fetchPage(lastValue);
    onPage();
    rows.push(...page.rows);
    // contract: Paging rule 4 — the end is data null or a short page; lastValue alone proves nothing.
    if (page.done || page.lastValue === null) return rows;
    lastValue = page.lastValue;
  }
}

async function cameraRecords(
  api: MonitoringApi,
  rows: DataSourceRow[],
  opts: FetchOptions,
  onRecord: () => void,
) {
  const records = new Map<string, DataSource>();
  const abort = new AbortController();
  const signal = opts.signal ? AbortSignal.any([opts.signal, abort.signal]) : abort.signal;
  const queue = new PQueue({ concurrency: opts.recordConcurrency });
  try {
    await Promise.all(
      rows.map((row) =>
        queue.add(async () => {
          const record = await api.dataSources.get(row.id, {}, signal);
          onRecord();
          records.set(row.id, record);
        }),
      ),
    );
  } catch (err) {
    // One missing record makes the cycle partial: stop the rest instead of spending calls on a lost cause.
    abort.abort();
    queue.clear();
    throw err;
  }
  return records;
}

export async function fetchCycle(
  api: MonitoringApi,
  scope: { alerts: SiteScope; tasks: SiteScope },
  opts: FetchOptions,
): Promise<CycleData> {
  const calls = { pages: 0, records: 0 };
  const countPage = () => (calls.pages += 1);
  let rows: DataSourceRow[] = [];
  if (scope.alerts !== undefined) {
    const siteIds = scope.alerts ?? undefined;
    rows = await allPages(
      (lastValue) =>
        api.dataSources.listPage(
          { siteIds, withLastReadings: true, limit: opts.pageSize },
          lastValue,
          opts.signal,
        ),
      countPage,
    );
  }
  const cameras = rows.filter(isCameraRow);
  const records = await cameraRecords(api, cameras, opts, () => (calls.records += 1));
  let tasks: Task[] = [];
  if (scope.tasks !== undefined) {
    const siteIds = scope.tasks ?? undefined;
    tasks = await allPages(
      (lastValue) => api.tasks.listPage({ siteIds, limit: opts.pageSize }, lastValue, opts.signal),
      countPage,
    );
    // The cancelled task a connect leaves to learn whose key it is (access/service/key-owner.ts) is no news.
    tasks = tasks.filter((t) => !t.name.startsWith(KEY_CHECK_TASK_NAME));
  }
  const zones = new Map<string, string>();
  for (const row of rows) {
    const zone = zoneOf(row, records.get(row.id));
    if (zone !== null) zones.set(row.site.id, zone);
  }
  return {
    sources: rows.map((row) => toHealthInput(row, records.get(row.id))),
    tasks,
    zones,
    calls,
    cameras: cameras.length,
  };
}
