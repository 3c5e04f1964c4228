/** Helpers for /source and /reading flow tests: Block Kit validity of everything recorded, and sandbox lookups. */
import { expect } from 'vitest';
import { validateBlocks, validateView, type Standin } from '../../../src/slack-standin/index.ts';
import { waitFor as harnessWaitFor, type Harness } from '../../harness.ts';

/** Every view and message fieldline sent (Web API and response_url) passes the Block Kit checks. */
export function expectValidBlockKit(standin: Standin): number {
  let checked = 0;
  for (const call of standin.calls) {
    if (['views.open', 'views.update', 'views.push'].includes(call.method) && call.args.view) {
      expect(validateView(call.args.view), `${call.method} view`).toEqual([]);
      checked++;
    }
    if (
      (call.method.startsWith('chat.') || call.method === 'response_url') &&
      Array.isArray(call.args.blocks)
    ) {
      expect(validateBlocks(call.args.blocks, 'message'), `${call.method} blocks`).toEqual([]);
      checked++;
    }
    expect(call.response.error, `${call.method} answered ${String(call.response.error)}`).not.toBe(
      'invalid_blocks',
    );
  }
  return checked;
}

export function sourceNamed(h: Harness, name: string) {
  const found = h.sandbox.admin.state.sources.find((s) => s.name === name);
  if (!found) throw new Error(`no sandbox source ${name}`);
  return found;
}

/** All reading rows of a source over an absolute local range, read straight from the sandbox over HTTP. */
export async function sandboxRows(
  h: Harness,
  meterId: string,
  startTime: string,
  endTime: string,
): Promise<Record<string, unknown>[]> {
  const rows: Record<string, unknown>[] = [];
  let lastValue: string | undefined;
  for (;;) {
    const q = new URLSearchParams({
      meterId,
      startTime,
      endTime,
      limit: '500',
      ...(lastValue ? { lastValue } : {}),
    });
    const res = await fetch(`${h.sandbox.url}/reading?${q}`, {
      headers: { 'x-api-key': h.sandbox.keys.full },
    });
    const body: unknown = await res.json();
    if (!res.ok || body === null || typeof body !== 'object' || !('data' in body))
      throw new Error(`GET /reading ${res.status}`);
    const data = Array.isArray(body.data) ? body.data : [];
    for (const row of data) if (row && typeof row === 'object') rows.push({ ...row });
    if (data.length < 500 || !('lastValue' in body) || typeof body.lastValue !== 'string') return rows;
    lastValue = body.lastValue;
  }
}

export const CHANNEL = 'C0GENERAL';

/** The harness's waitFor with a roomier default: these flows make several platform calls on a busy 2-core box. */
export function waitFor<T>(
  predicate: Parameters<typeof harnessWaitFor<T>>[0],
  opts: Parameters<typeof harnessWaitFor<T>>[1] = {},
): Promise<T> {
  return harnessWaitFor(predicate, { timeoutMs: 15_000, ...opts });
}
