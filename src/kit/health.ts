/**
 * Liveness and readiness for load balancers and Docker's HEALTHCHECK.
 * GET /healthz: the process answers. GET /readyz: the store and the monitoring platform both answer now;
 * 503 names which one failed (by error code only: no messages, URLs or keys).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { BaseDeps } from '../deps.ts';
import { isMonitoringError } from '../monitoring/index.ts';

export type CheckResult = 'ok' | string;
export interface Readiness {
  ok: boolean;
  checks: { store: CheckResult; monitoring: CheckResult };
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

export async function checkReadiness(
  deps: Pick<BaseDeps, 'store' | 'sharedMonitoring'>,
  timeoutMs = 3_000,
): Promise<Readiness> {
  const [store, monitoring] = await Promise.all([
    probe(() => deps.store.ping(), timeoutMs),
    // The cheapest authenticated call the contract offers: one data-source row.
    probe((signal) => deps.sharedMonitoring.dataSources.listPage({ limit: 1 }, null, signal), timeoutMs),
  ]);
  return { ok: store === 'ok' && monitoring === 'ok', checks: { store, monitoring } };
}

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store' });
  res.end(JSON.stringify(body));
}

/** Answers /healthz and /readyz; returns false for any other request. */
export function handleHealth(
  deps: Pick<BaseDeps, 'store' | 'sharedMonitoring' | 'log'>,
  req: IncomingMessage,
  res: ServerResponse,
): boolean {
  if (req.method !== 'GET' && req.method !== 'HEAD') return false;
  const path = new URL(req.url ?? '/', 'http://localhost').pathname;
  if (path === '/healthz') {
    sendJson(res, 200, { ok: true });
    return true;
  }
  if (path === '/readyz') {
    checkReadiness(deps).then(
      (readiness) => {
        if (!readiness.ok) deps.log.warn({ checks: readiness.checks }, 'not ready');
        sendJson(res, readiness.ok ? 200 : 503, readiness);
      },
      () => sendJson(res, 503, { ok: false }),
    );
    return true;
  }
  return false;
}
