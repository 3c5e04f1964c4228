/** Fault injection: latency, error statuses and 429 with Retry-After, matched by method + path pattern. */
import { HttpError } from './http.ts';
import type { ActiveInjection, SandboxState } from './state.ts';
import type { Injection } from './types.ts';

/** "GET /data-sources/{id}" → method + regex; `{x}`, `:x` and `*` match one segment, `**` any rest. */
export function compileInjection(injection: Injection): ActiveInjection {
  const trimmed = injection.endpoint.trim();
  const space = trimmed.indexOf(' ');
  const method = space < 0 ? '*' : trimmed.slice(0, space).toUpperCase();
  const path = (space < 0 ? trimmed : trimmed.slice(space + 1).trim()).replace(/\/+$/, '') || '/';
  const source = path
    .split('/')
    .map((seg) =>
      seg === '**'
        ? '.*'
        : seg === '*' || /^\{.+\}$/.test(seg) || seg.startsWith(':')
          ? '[^/]+'
          : seg.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'),
    )
    .join('/');
  if (
    injection.status !== undefined &&
    (!Number.isInteger(injection.status) || injection.status < 100 || injection.status > 599)
  ) {
    throw new HttpError(400, `invalid injection status ${injection.status}`);
  }
  return {
    endpoint: injection.endpoint,
    method,
    pattern: new RegExp(`^${source}/?$`),
    status: injection.status,
    retryAfterSeconds: injection.retryAfterSeconds,
    latencyMs: injection.latencyMs,
    body: injection.body,
    remaining: injection.times ?? 1,
  };
}

/** Takes (and uses up one count of) the first injection matching the request. */
export function takeInjection(
  state: SandboxState,
  method: string,
  path: string,
): ActiveInjection | undefined {
  const found = state.injections.find(
    (i) => i.remaining > 0 && (i.method === '*' || i.method === method) && i.pattern.test(path),
  );
  if (!found) return undefined;
  found.remaining -= 1;
  state.injections = state.injections.filter((i) => i.remaining > 0);
  return found;
}

/**
 * The body a gateway or service would send for an injected status. A 2xx gets none (e.g. the storage form's
 * "204 or 201 with an empty body"); inject a `body` for a JSON success.
 */
export function defaultInjectedBody(status: number): unknown {
  if (status >= 200 && status < 300) return undefined;
  if (status === 403) return { message: 'Forbidden' };
  if (status === 429) return { message: 'Too Many Requests' };
  if (status >= 500) return { message: 'Internal server error.', internalErrorCode: '02-001' };
  if (status === 401) return { message: 'Unauthorized', internalErrorCode: '02-001' };
  if (status === 409) return { message: 'Conflict', internalErrorCode: '02-001' };
  return { message: 'Internal server error.', internalErrorCode: '02-001' };
}
