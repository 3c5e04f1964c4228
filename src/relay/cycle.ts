/**
 * One poller cycle: subscriptions → read the platform (fetch-cycle) → evaluate (pure) → fan out to channel
 * outboxes → save state. Only a complete read is evaluated: a failed or partial cycle changes no alert, no
 * snapshot and no outbox, so an outage can never clear an alert or invent a task change.
 */
import type { Logger } from '../log.ts';
import type { MonitoringApi, Task } from '../monitoring/api.ts';
import type { Directory } from '../services/directory/types.ts';
import { evaluateSite } from './evaluate-cycle.ts';
import { fanOut } from './fan-out.ts';
import { fetchCycle, type CycleData, type SiteScope } from './fetch-cycle.ts';
import type { ChannelSubscriptions } from './model.ts';
import type { RelayOptions } from './options.ts';
import type { Outbox } from './outbox.ts';
import type { AlertChange } from './plan-alerts.ts';
import type { RelayStore } from './relay-store.ts';
import { EMPTY_STATUS, type RelayStatus } from './status.ts';
import { diffTasks, type TaskChange } from './task-diff.ts';
import { snapshotTask } from './task-snapshot.ts';
import type { SourceHealthInput } from './types.ts';

export interface CycleContext {
  monitoring: MonitoringApi;
  directory: Pick<Directory, 'site' | 'learnFromTasks'> | undefined;
  rs: RelayStore;
  outbox: Outbox;
  opts: RelayOptions;
  log: Logger;
  now: number;
  signal?: AbortSignal;
}

export interface CycleReport {
  outcome: 'complete' | 'failed' | 'idle';
  startedAt: number;
  calls: { pages: number; records: number };
  sources: number;
  tasks: number;
  alertChanges: number;
  taskChanges: number;
  /** Items enqueued per channel. */
  enqueued: Record<string, number>;
  error?: { code: string | null; message: string; retryAfterMs?: number };
}

function scopeOf(
  subs: ChannelSubscriptions[],
  pick: (s: ChannelSubscriptions) => { siteIds: string[] | null } | null,
): SiteScope {
  let ids: Set<string> | undefined;
  for (const sub of subs) {
    const part = pick(sub);
    if (part === null) continue;
    if (part.siteIds === null) return null;
    ids ??= new Set();
    for (const id of part.siteIds) ids.add(id);
  }
  return ids === undefined ? undefined : [...ids].sort();
}

function groupBy<T>(items: T[], key: (item: T) => string): Map<string, T[]> {
  const out = new Map<string, T[]>();
  for (const item of items) out.set(key(item), [...(out.get(key(item)) ?? []), item]);
  return out;
}

async function zoneFor(ctx: CycleContext, data: CycleData, siteId: string): Promise<string | null> {
  const known = data.zones.get(siteId);
  if (known !== undefined || ctx.directory === undefined) return known ?? null;
  try {
    return (await ctx.directory.site(siteId, ctx.signal))?.timeZone ?? null;
  } catch {
    return null;
  }
}

async function evaluateAlerts(ctx: CycleContext, data: CycleData, bySite: Map<string, SourceHealthInput[]>) {
  const changes: AlertChange[] = [];
  const openKeys = new Set<string>();
  const records = new Map<string, NonNullable<Awaited<ReturnType<RelayStore['siteHealth']>>>>();
  for (const [siteId, sources] of bySite) {
    const evaluation = evaluateSite(siteId, sources, await ctx.rs.siteHealth(siteId), {
      now: ctx.now,
      thresholds: ctx.opts.thresholds,
      periods: ctx.opts,
      zone: await zoneFor(ctx, data, siteId),
    });
    changes.push(...evaluation.changes);
    for (const key of evaluation.openKeys) openKeys.add(key);
    records.set(siteId, evaluation.record);
  }
  return { changes, openKeys, records };
}

async function evaluateTasks(
  ctx: CycleContext,
  data: CycleData,
  scope: SiteScope,
  lastCompleteAt: number | null,
) {
  const bySite = groupBy(data.tasks, (t: Task) => t.site?.id ?? '');
  bySite.delete('');
  // An explicit scope records empty sites too, so that their first task later counts as created.
  for (const siteId of scope ?? []) if (!bySite.has(siteId)) bySite.set(siteId, []);
  const changes: TaskChange[] = [];
  const records = new Map<
    string,
    { at: number; snapshots: Record<string, ReturnType<typeof snapshotTask>> }
  >();
  for (const [siteId, tasks] of bySite) {
    const zone = await zoneFor(ctx, data, siteId);
    const snapshots = tasks.map((t) => snapshotTask(t, ctx.now, zone));
    const prev = await ctx.rs.siteTasks(siteId);
    // Snapshots not refreshed by the last complete cycle are stale (site was unsubscribed): record silently.
    const fresh = prev && (lastCompleteAt === null || prev.at >= lastCompleteAt) ? prev.snapshots : null;
    changes.push(...diffTasks(fresh, snapshots));
    records.set(siteId, { at: ctx.now, snapshots: Object.fromEntries(snapshots.map((s) => [s.id, s])) });
  }
  return { changes, records };
}

export async function runCycle(ctx: CycleContext): Promise<CycleReport> {
  const report: CycleReport = {
    outcome: 'idle',
    startedAt: ctx.now,
    calls: { pages: 0, records: 0 },
    sources: 0,
    tasks: 0,
    alertChanges: 0,
    taskChanges: 0,
    enqueued: {},
  };
  const status: RelayStatus = { ...EMPTY_STATUS, ...(await ctx.rs.status()), lastCycleAt: ctx.now };
  const subs = (await Promise.all((await ctx.rs.channels()).map((c) => ctx.rs.subscriptions(c)))).filter(
    (s): s is ChannelSubscriptions => s !== undefined,
  );
  const scope = { alerts: scopeOf(subs, (s) => s.alerts), tasks: scopeOf(subs, (s) => s.tasks) };
  let data: CycleData;
  try {
    data = await fetchCycle(ctx.monitoring, scope, {
      pageSize: ctx.opts.pageSize,
      recordConcurrency: ctx.opts.recordConcurrency,
      signal: ctx.signal,
    });
  } catch (err) {
    const e = err instanceof Error ? err : new Error(String(err));
    const code = 'code' in e && typeof e.code === 'string' ? e.code : null;
    const retryAfterMs =
      'retryAfterMs' in e && typeof e.retryAfterMs === 'number' ? e.retryAfterMs : undefined;
    report.outcome = 'failed';
    report.error = { code, message: e.message, ...(retryAfterMs !== undefined ? { retryAfterMs } : {}) };
    ctx.log.warn({ code, err: e.message }, 'relay cycle failed; nothing evaluated');
    await ctx.rs.saveStatus({
      ...status,
      consecutiveFailures: status.consecutiveFailures + 1,
      lastError: { at: ctx.now, message: e.message, code },
    });
    return report;
  }
  const alerts = await evaluateAlerts(
    ctx,
    data,
    groupBy(data.sources, (s) => s.siteId),
  );
  const tasks = await evaluateTasks(ctx, data, scope.tasks, status.lastCompleteAt);
  if (ctx.directory && data.tasks.length > 0)
    await ctx.directory.learnFromTasks(data.tasks).catch(() => undefined);
  const enqueued = await fanOut(
    {
      rs: ctx.rs,
      outbox: ctx.outbox,
      now: ctx.now,
      stormThreshold: ctx.opts.stormThreshold,
      dedupeTtlMs: ctx.opts.eventDedupeTtlMs,
    },
    subs,
    {
      alertChanges: alerts.changes,
      openKeys: alerts.openKeys,
      seenSources: new Set(data.sources.map((s) => s.id)),
      taskChanges: tasks.changes,
    },
  );
  for (const [siteId, record] of alerts.records) await ctx.rs.saveSiteHealth(siteId, record);
  for (const [siteId, record] of tasks.records) await ctx.rs.saveSiteTasks(siteId, record);
  Object.assign(report, {
    outcome: 'complete',
    calls: data.calls,
    sources: data.sources.length,
    tasks: data.tasks.length,
    alertChanges: alerts.changes.length,
    taskChanges: tasks.changes.length,
    enqueued: Object.fromEntries(enqueued),
  });
  await ctx.rs.saveStatus({
    ...status,
    lastCompleteAt: ctx.now,
    lastApiCalls: data.calls,
    consecutiveFailures: 0,
    backoffUntil: null,
    lastCounts: { sources: data.sources.length, cameras: data.cameras, tasks: data.tasks.length },
  });
  return report;
}
