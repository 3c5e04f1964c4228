/** What every resource module receives from createMonitoringClient: the two senders and the clock. */
import type { PlatformHttp } from './http.ts';
import type { PresignedHttp } from './presigned-http.ts';

export interface ResourceContext {
  http: PlatformHttp;
  presigned: PresignedHttp;
  now(): number;
  /** Reports an answer that breaks the contract (and was made safe): logged once per `what`. */
  contractViolation(what: string, detail: Record<string, unknown>): void;
}

/** Page size used when a caller does not choose one (the contract does not state defaults for these lists). */
export const DEFAULT_LIST_LIMIT = 100;
/** Largest page a caller may ask of GET /data-sources and GET /tasks (maximum not shown by the contract). */
export const MAX_LIST_LIMIT = 1000;
