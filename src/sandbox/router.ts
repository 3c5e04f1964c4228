/**
 * Request pipeline: record → injected faults → gateway key check (403) → route → query-string rule →
 * JSON body → handler. Pre-signed routes skip the key check; admin routes live in admin-http.ts.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Logger } from 'pino';
import type { RequestContext, Route } from './context.ts';
import { forbidden, HttpError, parseJson, readBody, send, ValidationError, type Reply } from './http.ts';
import { defaultInjectedBody, takeInjection } from './injections.ts';
import type { SandboxState } from './state.ts';
import type { RecordedRequest } from './types.ts';

interface CompiledRoute extends Route {
  regex: RegExp;
  names: string[];
}

export function compileRoutes(routes: readonly Route[]): CompiledRoute[] {
  return routes.map((route) => {
    const names: string[] = [];
    const source = route.path
      .replace(/\/+$/, '')
      .split('/')
      .map((seg) => {
        const m = /^\{(.+)\}$/.exec(seg);
        if (!m) return seg.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
        names.push(m[1] ?? '');
        return '([^/]+)';
      })
      .join('/');
    return { ...route, names, regex: new RegExp(`^${source}/?$`) };
  });
}

function flatHeaders(req: IncomingMessage): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(req.headers))
    if (value !== undefined) out[name] = Array.isArray(value) ? value.join(', ') : value;
  return out;
}

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    throw new HttpError(400, 'Malformed path.', '02-001');
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function dispatch(
  state: SandboxState,
  routes: CompiledRoute[],
  req: IncomingMessage,
  res: ServerResponse,
  log?: Logger,
): Promise<void> {
  const url = new URL(req.url ?? '/', 'http://sandbox.invalid');
  const method = (req.method ?? 'GET').toUpperCase();
  const path = url.pathname;
  const headers = flatHeaders(req);
  const query: Record<string, string> = {};
  for (const [name, value] of url.searchParams) if (!Object.hasOwn(query, name)) query[name] = value;
  const presigned = path.startsWith('/_storage/');
  const record: RecordedRequest = {
    at: state.now(),
    method,
    path,
    query,
    headers,
    kind: presigned ? 'presigned' : 'api',
  };
  state.requests.push(record);
  if (presigned && (headers['x-api-key'] !== undefined || headers.authorization !== undefined)) {
    // contract: authentication rule 4 — "Do not send x-api-key or Authorization to them". Logged (not the value).
    log?.warn({ method, path }, 'sandbox: credentials sent to a pre-signed URL');
  }
  const reply = (r: Reply) => {
    record.status = r.status;
    send(res, r);
  };
  try {
    const injected = takeInjection(state, method, path);
    if (injected?.latencyMs) await sleep(injected.latencyMs);
    if (injected?.status !== undefined || injected?.body !== undefined) {
      const status = injected.status ?? 200;
      const extra: Record<string, string> =
        injected.retryAfterSeconds !== undefined ? { 'retry-after': String(injected.retryAfterSeconds) } : {};
      return reply({ status, body: injected.body ?? defaultInjectedBody(status), headers: extra });
    }
    // contract: authentication rule 2 — missing or unrecognised key: gateway 403 {message: Forbidden}.
    const key = presigned ? null : state.contextFor(headers['x-api-key']);
    if (!presigned && key === null) throw forbidden();
    let params: Record<string, string> = {};
    const route = routes.find((r) => {
      if (r.method !== method) return false;
      const m = r.regex.exec(path);
      if (!m) return false;
      params = Object.fromEntries(r.names.map((name, i) => [name, decodeSegment(m[i + 1] ?? '')]));
      return true;
    });
    if (!route) {
      const known = routes.some((r) => r.regex.test(path));
      throw new HttpError(known ? 405 : 404, known ? 'Method Not Allowed' : 'Not Found', null);
    }
    for (const name of url.searchParams.keys()) {
      if (!route.query.includes(name))
        throw new HttpError(400, `Query parameter ${name} is not allowed here.`, '02-001');
    }
    const hasBody = !route.presigned && (method === 'POST' || method === 'PATCH' || method === 'PUT');
    const bytes = hasBody ? await readBody(req) : Buffer.alloc(0);
    // Authentication rule 1 — "Calls with a JSON body also carry Content-Type: application/json".
    if (bytes.length > 0 && !(headers['content-type'] ?? '').toLowerCase().startsWith('application/json')) {
      throw new ValidationError('a JSON body needs Content-Type: application/json');
    }
    const body = parseJson(bytes);
    const ctx: RequestContext = { state, key, method, path, params, query, body, req, headers };
    reply(await route.handle(ctx));
  } catch (err) {
    if (err instanceof HttpError) {
      if (err instanceof ValidationError)
        log?.debug({ method, path, why: err.why }, 'sandbox: validation failure');
      return reply({ status: err.status, body: err.body(), headers: err.headers });
    }
    log?.error({ err, method, path }, 'sandbox: handler failed');
    reply({ status: 500, body: { message: 'Internal server error.', internalErrorCode: '02-001' } });
  }
}
