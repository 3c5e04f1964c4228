/** Raw-HTTP helpers for sandbox tests: plain fetch, never the monitoring client. */
import { startSandbox, type Sandbox, type StartSandboxOptions } from '../../src/sandbox/index.ts';

/** A fixed instant so the seed and all time maths are reproducible (a Saturday, Berlin on CET). */
export const T0 = Date.UTC(2026, 10, 21, 12, 0, 0);

export interface Api {
  sandbox: Sandbox;
  call(
    path: string,
    init?: {
      method?: string;
      body?: unknown;
      key?: string | null;
      headers?: Record<string, string>;
      raw?: string;
    },
  ): Promise<{ status: number; body: unknown; text: string; headers: Headers }>;
  /** `data` of a 200 JSON answer (throws otherwise, with the body, so failures explain themselves). */
  data(path: string, init?: Parameters<Api['call']>[1]): Promise<unknown>;
}

export async function startApi(opts: StartSandboxOptions = {}): Promise<Api> {
  // Time moves only through admin.tick(ms): tests never depend on the wall clock.
  const sandbox = await startSandbox({ now: () => T0, ...opts });
  const call: Api['call'] = async (path, init = {}) => {
    const headers: Record<string, string> = { ...(init.headers ?? {}) };
    const key = init.key === undefined ? sandbox.keys.full : init.key;
    if (key !== null) headers['x-api-key'] = key;
    let body: string | undefined = init.raw;
    if (init.body !== undefined) {
      body = JSON.stringify(init.body);
      headers['content-type'] = 'application/json';
    }
    const res = await fetch(path.startsWith('http') ? path : `${sandbox.url}${path}`, {
      method: init.method ?? 'GET',
      headers,
      body,
    });
    const text = await res.text();
    let parsed: unknown = undefined;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      parsed = undefined;
    }
    return { status: res.status, body: parsed, text, headers: res.headers };
  };
  return {
    sandbox,
    call,
    async data(path, init) {
      const res = await call(path, init);
      if (res.status !== 200 || typeof res.body !== 'object' || res.body === null || !('data' in res.body)) {
        throw new Error(`expected 200 {data} from ${path}, got ${res.status} ${res.text}`);
      }
      return res.body.data;
    },
  };
}

export const GENERIC_400 = { message: 'Internal server error.', internalErrorCode: '02-001' };

/** Rows of a list answer, typed loosely for assertions. */
export function rows(data: unknown): Record<string, unknown>[] {
  if (data === null) return [];
  if (!Array.isArray(data)) throw new Error(`expected an array, got ${JSON.stringify(data)}`);
  return data;
}
