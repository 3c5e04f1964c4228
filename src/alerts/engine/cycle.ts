/**
 * One poller cycle: subscriptions → read the platform (fetch-cycle) → evaluate (pure) → fan out to channel
 * outboxes → save state. Only a complete read is evaluated: a failed or partial cycle changes no alert, no
 * snapshot and no outbox, so an outage can never clear an alert or invent a task change.
 */
import type { Logger } from '../../base/log.ts';
import { countAlertTransitions } from '../../base/metrics.ts';
import type { MonitoringApi } from '../../monitoring/api.ts';
import type { Directory } from '../../directory/types.ts';
import { evaluateSite } from '../rules/evaluate-cycle.ts';
import { fanOut } from './fan-out.ts';
import { fetchCycle, type CycleData, type SiteScope } from './fetch-cycle.ts';
import type { ChannelSubscriptions } from '../rules/model.ts';
import type { AlertOptions } from '../rules/options.ts';
import type { Outbox } from './outbox.ts';
import type { AlertChange } from '../rules/plan-incidents.ts';
import type { AlertStore, SiteHealthRecord, SiteTasksRecord } from './alert-store.ts';
import { resolveZones } from '../rules/site-zones.ts';
import { EMPTY_STATUS, type AlertStatus } from '../rules/status.ts';
import { diffTasks, type TaskChange } from '../rules/task-diff.ts';
import { snapshotTask } from '../rules/task-snapshot.ts';

export interface CycleContext {
  monitoring: MonitoringApi;
  directory: Pick<Directory, 'site' | 'learnFromTasks'> | undefined;
  rs: AlertStore;
  outbox: Outbox;
  opts: AlertOptions;
  log: Logger;
  now: number;
  /** Leadership fencing: checked before anything is enqueued. */
  fence: () => Promise<boolean>;
  signal?: AbortSignal;
}

export interface CycleReport {
  /** idle: not the leader (or lost the lease mid-cycle); nothing was changed. */
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

export function emptyReport(startedAt: number): CycleReport {
  const calls = { pages: 0, records: 0 };
  return {
    outcome: 'idle',
    startedAt,
    calls,
    sources: 0,
    tasks: 0,
    alertChanges: 0,
    taskChanges: 0,
    enqueued: {},
  };
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

function groupBy<T>(items: T[], key: (item: T) => string, extra: Iterable<string> = []): Map<string, T[]> {
  const out = new Map<string, T[]>();
  for (const item of items) {
    const list = out.get(key(item));
    if (list) list.push(item);
    else out.set(key(item), [item]);
  }
  for (const k of extra) if (!out.has(k)) out.set(k, []);
  out.delete('');
  return out;
}

/** A site not evaluated by the last complete cycle (it was unsubscribed) keeps open alerts, not stale pendings. */
function current(
  prev: SiteHealthRecord | undefined,
  lastCompleteAt: number | null,
): SiteHealthRecord | undefined {
  if (!prev || lastCompleteAt === null || prev.at >= lastCompleteAt) return prev;
  return {
    ...prev,
    tracks: Object.fromEntries(Object.entries(prev.tracks).filter(([, t]) => t.phase !== 'pending')),
  };
}

async function evaluate(
  ctx: CycleContext,
  data: CycleData,
  taskScope: SiteScope,
  lastCompleteAt: number | null,
) {
  const sources = groupBy(data.sources, (s) => s.siteId);
  // An explicit scope records empty sites too, so that their first task later counts as created.
  const tasks = groupBy(data.tasks, (t) => t.site?.id ?? '', taskScope ?? []);
  const zones = await resolveZones(
    ctx.rs,
    ctx.directory,
    data.zones,
    [...sources.keys(), ...tasks.keys()],
    ctx.signal,
  );
  const alertChanges: AlertChange[] = [];
  const legacyKeys = new Set<string>();
  const health = new Map<string, SiteHealthRecord>();
  for (const [siteId, list] of sources) {
    const prev = current(await ctx.rs.siteHealth(siteId), lastCompleteAt);
    for (const t of Object.values(prev?.tracks ?? {})) if (t.phase !== 'pending') legacyKeys.add(t.key);
    const zone = zones.get(siteId) ?? null;
    const e = evaluateSite(siteId, list, prev, {
      now: ctx.now,
      thresholds: ctx.opts.thresholds,
      periods: ctx.opts,
      zone,
    });
    alertChanges.push(...e.changes);
    health.set(siteId, e.record);
  }
  const taskChanges: TaskChange[] = [];
  const snapshots = new Map<string, { next: SiteTasksRecord; prev: SiteTasksRecord | undefined }>();
  for (const [siteId, list] of tasks) {
    const next = list.map((t) => snapshotTask(t, ctx.now, zones.get(siteId) ?? null));
    const prev = await ctx.rs.siteTasks(siteId);
    // Snapshots not refreshed by the last complete cycle are stale (site was unsubscribed): record silently.
    const fresh = prev && (lastCompleteAt === null || prev.at >= lastCompleteAt) ? prev.snapshots : null;
    taskChanges.push(...diffTasks(fresh, next));
    snapshots.set(siteId, {
      next: { at: ctx.now, snapshots: Object.fromEntries(next.map((s) => [s.id, s])) },
      prev,
    });
  }
  return { alertChanges, legacyKeys, health, taskChanges, snapshots };
}

function describeError(err: unknown): NonNullable<CycleReport['error']> {
  const e = err instanceof Error ? err : new Error(String(err));
  const code = 'code' in e && typeof e.code === 'string' ? e.code : null;
  const retryAfterMs = 'retryAfterMs' in e && typeof e.retryAfterMs === 'number' ? e.retryAfterMs : undefined;
  return { code, message: e.message, ...(retryAfterMs !== undefined ? { retryAfterMs } : {}) };
}

export async function runCycle(ctx: CycleContext): Promise<CycleReport> {
  const report = emptyReport(ctx.now);
  const status: AlertStatus = { ...EMPTY_STATUS, ...(await ctx.rs.status()), lastCycleAt: ctx.now };
  const channels = await ctx.rs.channels();
  const subs = (await Promise.all(channels.map((c) => ctx.rs.subscriptions(c)))).filter(
    (s) => s !== undefined,
  );
  const scope = { alerts: scopeOf(subs, (s) => s.alerts), tasks: scopeOf(subs, (s) => s.tasks) };
  let data: CycleData;
  try {
    const { pageSize, recordConcurrency } = ctx.opts;
    data = await fetchCycle(ctx.monitoring, scope, { pageSize, recordConcurrency, signal: ctx.signal });
  } catch (err) {
    const error = describeError(err);
    ctx.log.warn({ code: error.code, err: error.message }, 'alert cycle failed; nothing evaluated');
    const failures = status.consecutiveFailures + 1;
    await ctx.rs.saveStatus({
      ...status,
      consecutiveFailures: failures,
      lastError: { at: ctx.now, message: error.message, code: error.code },
    });
    return { ...report, outcome: 'failed', error };
  }
  const result = await evaluate(ctx, data, scope.tasks, status.lastCompleteAt);
  if (ctx.directory && data.tasks.length > 0)
    await ctx.directory.learnFromTasks(data.tasks).catch(() => undefined);
  if (!(await ctx.fence())) return report; // lost the lease while reading: the new leader does this work
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
      alertChanges: result.alertChanges,
      legacyKeys: result.legacyKeys,
      seenSources: new Set(data.sources.map((s) => s.id)),
      taskChanges: result.taskChanges,
      tasks: new Map(data.tasks.map((t) => [t.id, t])),
    },
  );
  for (const [siteId, record] of result.health) await ctx.rs.saveSiteHealth(siteId, record);
  for (const [siteId, { next, prev }] of result.snapshots) await ctx.rs.saveSiteTasks(siteId, next, prev);
  const counts = { sources: data.sources.length, cameras: data.cameras, tasks: data.tasks.length };
  await ctx.rs.saveStatus({
    ...status,
    lastCompleteAt: ctx.now,
    lastApiCalls: data.calls,
    consecutiveFailures: 0,
    backoffUntil: null,
    lastCounts: counts,
  });
  countAlertTransitions(result.alertChanges);
  return {
    ...report,
    outcome: 'complete',
    calls: data.calls,
    sources: counts.sources,
    tasks: counts.tasks,
    alertChanges: result.alertChanges.length,
    taskChanges: result.taskChanges.length,
    enqueued: Object.fromEntries(enqueued),
  };
}
