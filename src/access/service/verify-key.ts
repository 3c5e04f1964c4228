/** Checking a key a person pastes, with one cheap call made with that key alone (no Slack here). */
import type { MonitoringApi } from '../../monitoring/api.ts';
import { isMonitoringError } from '../../monitoring/index.ts';

export type KeyCheck = { ok: true } | { ok: false; problem: 'not-recognised' | 'unavailable' };

/** contract: Authentication rule 2 — a missing or unrecognised key gets the gateway's 403 ({message: Forbidden}). */
export async function verifyKey(client: MonitoringApi, signal?: AbortSignal): Promise<KeyCheck> {
  try {
    // Paging rule 1: limit always sent; one row is enough to know the key resolves to a user context.
    await client.dataSources.listPage({ limit: 1 }, null, signal);
    return { ok: true };
  } catch (err) {
    if (isMonitoringError(err) && err.code === 'BAD_KEY') return { ok: false, problem: 'not-recognised' };
    return { ok: false, problem: 'unavailable' };
  }
}

export function keyProblemText(problem: 'not-recognised' | 'unavailable'): string {
  return problem === 'not-recognised'
    ? 'The monitoring platform did not recognise this key. Check that you copied all of it; nothing was saved.'
    : 'The monitoring platform could not be reached to check the key. Try again in a minute; nothing was saved.';
}
