/** Helpers for /source and /reading flow tests: Block Kit validity of everything recorded, and sandbox lookups. */
import { waitFor as harnessWaitFor, type Harness } from '../harness.ts';

export { expectValidBlockKit } from '../fixtures/block-kit.ts';

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

/** Marks `channel` now: the function returned lists the messages posted in it since, oldest first. */
export function postedSince(h: Harness, channel = CHANNEL) {
  const before = h.standin.messages(channel).length;
  return () => h.standin.messages(channel).slice(before);
}

/** The harness's waitFor with a roomier default: these flows make several platform calls on a busy 2-core box. */
export function waitFor<T>(
  predicate: Parameters<typeof harnessWaitFor<T>>[0],
  opts: Parameters<typeof harnessWaitFor<T>>[1] = {},
): Promise<T> {
  return harnessWaitFor(predicate, { timeoutMs: 15_000, ...opts });
}
