/**
 * Where the request being handled came from, for the audit trail's "where": one global middleware keeps the
 * request's body in an AsyncLocalStorage (the channel is read from it only when an entry is written, so an ack pays
 * for one store run and nothing else). Jobs run through the same middleware, so their work has it too.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { placeOf } from '../../kit/request-place.ts';
import type { AuditKind, AuditWhat } from './audit-entry.ts';
import type { AuditTrail } from './audit-trail.ts';

const current = new AsyncLocalStorage<{ body: unknown; trail: AuditTrail | undefined }>();

/** Bolt middleware, registered first (src/main/register.ts): the request's body and the trail it records into. */
export function auditPlaceMiddleware(trail: AuditTrail | undefined) {
  return (args: { body: unknown; next: () => Promise<void> }): Promise<void> =>
    current.run({ body: args.body, trail }, args.next);
}

/**
 * Records a change made by the request being handled (a subscription, a schedule, a connection): one line where
 * the change is saved. Outside a request (no trail), nothing.
 */
export function recordAudit(kind: AuditKind, what: AuditWhat = {}): Promise<void> {
  return current.getStore()?.trail?.record(kind, what) ?? Promise.resolve();
}

/** The trail of the request being handled (its app's), if any. */
export function currentTrail(): AuditTrail | undefined {
  return current.getStore()?.trail;
}

/** Whether a Slack request is being handled now (a key saved outside one — a test's setup, local seeding — is not). */
export function inSlackRequest(): boolean {
  return current.getStore() !== undefined;
}

/** The conversation of the request being handled, if it named one. */
export function requestChannel(): string | null {
  const body = current.getStore()?.body;
  if (body === undefined) return null;
  const b = body as { channel_id?: unknown; event?: { channel?: unknown } };
  if (typeof b.channel_id === 'string') return b.channel_id;
  if (typeof b.event?.channel === 'string') return b.event.channel;
  return placeOf(body).channel ?? null;
}
