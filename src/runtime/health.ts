/**
 * Liveness and readiness for load balancers and Docker's HEALTHCHECK.
 * GET /healthz: the process answers (never touches the store or the platform). GET /readyz: the store answers
 * now and the monitoring platform answered its last probe; 503 names which one failed (by error code only: no
 * messages, URLs or keys). /readyz is unauthenticated, so the platform probe (which spends the shared key) is
 * cached: at most one platform call per `probeTtlMs` whatever the request rate, concurrent requests share it.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { BaseDeps } from '../base/deps.ts';
import { isMonitoringError } from '../monitoring/index.ts';
import type { QueueStats } from './jobs/job-stats.ts';

export type CheckResult = 'ok' | string;
export interface Readiness {
  ok: boolean;
  checks: { store: CheckResult; monitoring: CheckResult; socketMode?: CheckResult; jobs?: CheckResult };
  /** The job queue: depth, wait and work time per kind (counts and milliseconds only, no payloads). */
  jobs?: QueueStats;
}

async function probe(
  run: (signal: AbortSignal) => Promise<unknown>,
  timeoutMs: number,
): Promise<CheckResult> {
  const signal = AbortSignal.timeout(timeoutMs);
  try {
    await Promise.race([
      run(signal),
      new Promise((_, reject) =>
        signal.addEventListener('abort', () => reject(new Error('timeout')), { once: true }),
      ),
    ]);
    return 'ok';
  } catch (err) {
    if (signal.aborted) return 'TIMEOUT';
    if (isMonitoringError(err)) return err.code;
    if (err !== null && typeof err === 'object' && 'code' in err && typeof err.code === 'string')
      return err.code;
    return 'FAILED';
  }
}

export const PLATFORM_PROBE_TTL_MS = 30_000;

export interface ReadinessCheck {
  (): Promise<Readiness>;
}

/**
 * What else readiness asks this replica (issue 42): its Socket Mode links (0 open = Slack cannot reach it: not
 * ready) and its job engine ('ok' or a code, e.g. the job thread could not start).
 */
export interface ReplicaChecks {
  socketLinks?: () => number;
  jobs?: () => CheckResult;
}

/**
 * Readiness with the platform probe cached for `probeTtlMs` (success and failure alike: a failing platform must
 * not be hammered either) and shared by concurrent callers; the store is pinged on every call (local, no key).
 */
export function createReadinessCheck(
  deps: Pick<BaseDeps, 'store' | 'sharedMonitoring'>,
  opts: { timeoutMs?: number; probeTtlMs?: number; now?: () => number; replica?: ReplicaChecks } = {},
): ReadinessCheck {
  const timeoutMs = opts.timeoutMs ?? 3_000;
  const ttlMs = opts.probeTtlMs ?? PLATFORM_PROBE_TTL_MS;
  const now = opts.now ?? Date.now;
  let cached: { at: number; result: Promise<CheckResult> } | undefined;
  const platform = (): Promise<CheckResult> => {
    const at = now();
    if (cached && at - cached.at < ttlMs) return cached.result;
    // The cheapest authenticated call the contract offers: one data-source row.
    const result = probe(
      (signal) => deps.sharedMonitoring.dataSources.listPage({ limit: 1 }, null, signal),
      timeoutMs,
    );
    cached = { at, result };
    return result;
  };
  return async () => {
    const [store, monitoring] = await Promise.all([probe(() => deps.store.ping(), timeoutMs), platform()]);
    const { socketLinks, jobs } = opts.replica ?? {};
    const checks: Readiness['checks'] = {
      store,
      monitoring,
      ...(socketLinks ? { socketMode: socketLinks() > 0 ? 'ok' : 'NO_OPEN_LINKS' } : {}),
      ...(jobs ? { jobs: jobs() } : {}),
    };
    return { ok: Object.values(checks).every((c) => c === 'ok'), checks };
  };
}

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store' });
  res.end(JSON.stringify(body));
}

/** Answers /healthz and /readyz; returns false for any other request. */
export function handleHealth(
  deps: Pick<BaseDeps, 'log'>,
  readiness: ReadinessCheck,
  req: IncomingMessage,
  res: ServerResponse,
  jobStats?: () => QueueStats,
): boolean {
  if (req.method !== 'GET' && req.method !== 'HEAD') return false;
  const path = new URL(req.url ?? '/', 'http://localhost').pathname;
  if (path === '/healthz') {
    sendJson(res, 200, { ok: true });
    return true;
  }
  if (path === '/readyz') {
    readiness().then(
      (readiness) => {
        if (!readiness.ok) deps.log.warn({ checks: readiness.checks }, 'not ready');
        // A full queue is not "unready": the replica still answers every request (busy answers included).
        sendJson(res, readiness.ok ? 200 : 503, { ...readiness, ...(jobStats ? { jobs: jobStats() } : {}) });
      },
      () => sendJson(res, 503, { ok: false }),
    );
    return true;
  }
  return false;
}
