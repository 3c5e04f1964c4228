/**
 * The monitoring client's one error class. Callers branch on `code` (stable, from api.ts), never on the message.
 * The raw failure body is kept on `body`; the API key never appears anywhere on the error (see `scrubber`).
 */
import type { MonitoringErrorCode } from './api.ts';

export interface MonitoringErrorInit {
  status?: number;
  internalErrorCode?: string;
  retryAfterMs?: number;
  body?: unknown;
  field?: string;
  method?: string;
  /** Path without query string: query values may be long or sensitive and add nothing to a diagnosis. */
  path?: string;
  cause?: unknown;
}

/** Codes worth trying again later (transient on the platform's side). */
const RETRYABLE: ReadonlySet<MonitoringErrorCode> = new Set<MonitoringErrorCode>([
  'RATE_LIMITED',
  'SERVER',
  'NETWORK',
  'TIMEOUT',
  'SIGNING_FAILED',
]);

export class MonitoringError extends Error {
  override readonly name = 'MonitoringError';
  readonly code: MonitoringErrorCode;
  readonly status?: number;
  readonly internalErrorCode?: string;
  readonly retryAfterMs?: number;
  readonly body?: unknown;
  readonly field?: string;
  readonly method?: string;
  readonly path?: string;
  readonly retryable: boolean;

  constructor(code: MonitoringErrorCode, message: string, init: MonitoringErrorInit = {}) {
    super(message, init.cause === undefined ? undefined : { cause: init.cause });
    this.code = code;
    this.retryable = RETRYABLE.has(code);
    // Only defined keys become own properties, so JSON.stringify/inspect show exactly what is known.
    if (init.status !== undefined) this.status = init.status;
    if (init.internalErrorCode !== undefined) this.internalErrorCode = init.internalErrorCode;
    if (init.retryAfterMs !== undefined) this.retryAfterMs = init.retryAfterMs;
    if (init.body !== undefined) this.body = init.body;
    if (init.field !== undefined) this.field = init.field;
    if (init.method !== undefined) this.method = init.method;
    if (init.path !== undefined) this.path = init.path;
  }
}

/** Rejected before any request; `field` names the offending argument. */
export function invalidArgument(field: string, problem: string): MonitoringError {
  return new MonitoringError('INVALID_ARGUMENT', `${field}: ${problem}`, { field });
}

export function isMonitoringError(err: unknown): err is MonitoringError {
  return err instanceof MonitoringError;
}

/**
 * Removes a secret from anything that may end up on an error: strings, JSON-like bodies, and foreign errors
 * (undici's MockNotMatchedError, for one, quotes request headers in its message).
 */
export function scrubber(secret: string): {
  text(value: string): string;
  value(value: unknown): unknown;
  error(err: unknown): unknown;
} {
  const usable = secret.length > 0;
  // every response body passes through here: scan once, copy only when the secret is really there
  const text = (value: string): string =>
    usable && value.includes(secret) ? value.split(secret).join('[Redacted]') : value;
  const value = (input: unknown): unknown => {
    if (!usable || input === undefined || input === null) return input;
    if (typeof input === 'string') return text(input);
    if (typeof input !== 'object') return input;
    const json = JSON.stringify(input);
    return json.includes(secret) ? (JSON.parse(text(json)) as unknown) : input;
  };
  const error = (err: unknown): unknown => {
    if (!(err instanceof Error)) return value(err);
    const copy = new Error(text(err.message));
    copy.name = err.name;
    if ('code' in err && typeof err.code === 'string') Object.assign(copy, { code: err.code });
    if (err.cause !== undefined) copy.cause = error(err.cause);
    copy.stack = `${copy.name}: ${copy.message}`;
    return copy;
  };
  return { text, value, error };
}
