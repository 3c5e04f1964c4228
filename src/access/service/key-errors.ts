/**
 * Linked mode: when the platform answers 403 to a person's own key (revoked or expired since they connected), the
 * person is told that about *their* key and offered to connect again — not the operator's message about
 * MONITORING_API_KEY. contract: Authentication rule 2 — an unrecognised key gets the gateway's 403.
 */
import type { MonitoringApi } from '../../monitoring/api.ts';
import { isMonitoringError } from '../../monitoring/index.ts';
import { notConnectedBlocks } from '../render/connect.ts';

export class KeyNotRecognisedError extends Error {
  override readonly name = 'KeyNotRecognisedError';
  readonly explanation =
    ':key: The monitoring platform no longer recognises your platform API key (it may have been revoked or replaced). Connect your platform account again with a current key; nothing was changed.';
  readonly explanationBlocks = [
    { type: 'section', text: { type: 'mrkdwn', text: this.explanation } },
    ...notConnectedBlocks().slice(1),
  ];
  constructor(options?: ErrorOptions) {
    super('the platform no longer recognises the person’s key', options);
  }
}

const mapped = (err: unknown): unknown =>
  isMonitoringError(err) && err.code === 'BAD_KEY' ? new KeyNotRecognisedError({ cause: err }) : err;

async function* mappedIterable<T>(source: AsyncIterable<T>): AsyncGenerator<T> {
  try {
    yield* source;
  } catch (err) {
    throw mapped(err);
  }
}

function mapResult(result: unknown): unknown {
  if (result instanceof Promise) return result.catch((err: unknown) => Promise.reject(mapped(err)));
  if (result !== null && typeof result === 'object' && Symbol.asyncIterator in result)
    return mappedIterable(result as AsyncIterable<unknown>);
  return result;
}

function wrap<T extends object>(target: T): T {
  return new Proxy(target, {
    get(t, prop, receiver) {
      const value: unknown = Reflect.get(t, prop, receiver);
      if (typeof value === 'function')
        return (...args: unknown[]) => mapResult((value as (...a: unknown[]) => unknown).apply(t, args));
      if (value !== null && typeof value === 'object') return wrap(value);
      return value;
    },
  });
}

/** The person-bound client, with a 403 on the person's own key explained to them. */
export function explainPersonKeyErrors(api: MonitoringApi): MonitoringApi {
  return wrap(api);
}
