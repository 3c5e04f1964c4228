/**
 * Slack delivers some requests more than once: Events API retries (`X-Slack-Retry-Num`, same `event_id`) and a
 * view submitted twice (double click, or the same submission reaching two replicas). And a captured signed request
 * (slash command, button, shortcut) can be replayed while its timestamp is fresh. Each must have effect once,
 * across replicas, so the claim is a `SET NX` in the shared store with a TTL covering the window.
 *
 * Installed between the receiver and the app (wrapping `processEvent`) because only there can the ack of a view
 * submission be observed: a submission answered with `response_action: errors` releases its claim so the user can
 * submit the same values again after fixing the cause.
 *
 * This is the one claim for a delivery: listeners read its outcome as `context.deliveryClaim` ('claimed', or
 * 'unavailable' when the store could not record it) instead of claiming again. Repeats never reach a listener.
 *
 * Two modes. `await` (Redis, shared by replicas): the claim is made before the ack, as above. `defer` (sqlite or
 * memory: a store this one process writes): the ack path asks only this process's memory of recent deliveries
 * (./recent-deliveries.ts), and the durable claim follows the work. A request handed off as a job carries its
 * claim (`SlackJob.durableClaim`): the job makes it where it runs, before its work, and ends without work when it
 * says repeat (one from before a restart). A request its listener handled inline is claimed after the listener.
 * A request the queue refused did nothing and is not claimed. sqlite's claim before the ack waited on the job
 * thread's writes (3.6-7.8 ms at p99, up to 35 ms, at 200 requests/s); made beside the ack, its callbacks still
 * took a fifth of the acking thread's time (issue 18).
 */
import { createHash } from 'node:crypto';
import type { App } from '@slack/bolt';
import type { AckFn, ReceiverEvent } from '@slack/bolt';
import type { Logger } from '../base/log.ts';
import type { Store } from '../store/store.ts';
import { within } from '../kit/time-budget.ts';
import { isWorkEvent, jobClaimOf } from './jobs/slack-job.ts';
import { RecentDeliveries } from './recent-deliveries.ts';

export const DEDUPE_TTL_MS = 3 * 60 * 60 * 1000; // ≥ 2 h: Slack retries events for up to about an hour
/**
 * A signed request is accepted while its timestamp is within 5 minutes of now, past or future (the receiver
 * refuses the rest), so one signed request can be presented during 10 minutes: its claim lives that long.
 */
export const REPLAY_TTL_MS = 10 * 60 * 1000;
/** Interactions that act (option loads and closed views only read): claimed once per signed request. */
const REPLAY_CLAIMED = new Set(['block_actions', 'shortcut', 'message_action']);
/** Where the receiver puts what identifies one signed HTTP request (see `signedRequestProperties`). */
const SIGNED = 'signedRequest';
/** The claim (and its release) runs before the ack: a store that hangs must not cost Slack's 3-second budget. */
const CLAIM_TIMEOUT_MS = 1_000;

type Claim = { key: string; releaseOnErrors: boolean; ttlMs: number };

export interface SignedRequest {
  signature: string;
  timestamp: string;
}

/**
 * Bolt's `customPropertiesExtractor` for the HTTP receiver: what makes one signed request unique. A captured
 * request replayed within the window carries the same two, so its claim is refused. The body needs no hash of its
 * own: the receiver has verified the signature, an HMAC of `v0:timestamp:body`, so one signature and timestamp
 * stand for one body (issue 18: a SHA-256 of every body, submissions' included, was work for nothing).
 */
export function signedRequestProperties(req: {
  headers: Record<string, string | string[] | undefined>;
}): Record<string, SignedRequest> {
  const header = (name: string) => {
    const v = req.headers[name];
    return (Array.isArray(v) ? v[0] : v) ?? '';
  };
  return {
    [SIGNED]: {
      signature: header('x-slack-signature'),
      timestamp: header('x-slack-request-timestamp'),
    },
  };
}

function signedOf(props: unknown): SignedRequest | undefined {
  if (typeof props !== 'object' || props === null || !(SIGNED in props)) return undefined;
  const v = (props as Record<string, unknown>)[SIGNED];
  if (typeof v !== 'object' || v === null) return undefined;
  const { signature, timestamp } = v as Record<string, unknown>;
  return typeof signature === 'string' && signature !== '' && typeof timestamp === 'string'
    ? { signature, timestamp }
    : undefined;
}

/** What listeners find in `context.deliveryClaim` for an event or a view submission. */
export type DeliveryClaim = 'claimed' | 'unavailable';

export function deliveryClaimOf(context: Record<string, unknown>): DeliveryClaim | undefined {
  const claim = context.deliveryClaim;
  return claim === 'claimed' || claim === 'unavailable' ? claim : undefined;
}

/**
 * Defer mode: a delivery's durable claim, not yet made. `handOff` gives it to the job it records (`fate: 'job'`)
 * or drops it when the queue refused the request (`'refused'`); a submission answered with field errors drops it
 * (`'released'`); still `'open'` after the listener, it is made there and then.
 */
export interface PendingClaim {
  key: string;
  ttlMs: number;
  fate: 'open' | 'job' | 'refused' | 'released';
}

export function pendingClaimOf(context: Record<string, unknown>): PendingClaim | undefined {
  const p = context.pendingClaim;
  return typeof p === 'object' && p !== null && 'fate' in p ? (p as PendingClaim) : undefined;
}

/** What a job carries of its delivery's claim (defer mode), made where the job runs. */
export interface JobClaim {
  key: string;
  ttlMs: number;
  /** The job's id: a job run again (its thread died mid-way) finds its own claim and goes on. */
  job: string;
}

/** The event as listeners see it: the claim's outcome in, the request's identity (only for the claim) out. */
function withClaim(
  event: ReceiverEvent,
  deliveryClaim?: DeliveryClaim,
  pending?: PendingClaim,
): ReceiverEvent {
  const props: Record<string, unknown> = { ...event.customProperties };
  delete props[SIGNED];
  if (deliveryClaim) props.deliveryClaim = deliveryClaim;
  if (pending) props.pendingClaim = pending;
  return { ...event, customProperties: props };
}

/** An ack that releases the claim when a submission is answered with field errors (the same values may come again). */
function releasingAck(event: ReceiverEvent, release: () => Promise<unknown>): AckFn<unknown> {
  return async (response?: unknown) => {
    if (readString(response, 'response_action') === 'errors') await release();
    return event.ack(response);
  };
}

function readString(obj: unknown, ...path: string[]): string | undefined {
  let cur: unknown = obj;
  for (const p of path) {
    if (typeof cur !== 'object' || cur === null) return undefined;
    cur = (cur as Record<string, unknown>)[p];
  }
  return typeof cur === 'string' ? cur : undefined;
}

/**
 * The first `bytes` of `text`'s SHA-256, in hex. Made from the digest's bytes rather than sliced from its
 * 64-character hex: a slice keeps that whole string alive behind it, and a key stays in RecentDeliveries on the
 * acking thread for minutes, up to 50,000 of them (~190 bytes each with the slice, ~130 without).
 */
function shortHash(text: string, bytes: number): string {
  return createHash('sha256').update(text).digest().toString('hex', 0, bytes);
}

/**
 * The dedupe key of a delivery, or null when the delivery is not subject to dedupe. Slash commands, block
 * actions and shortcuts have no delivery id: the signed request itself is the key (a replayed capture runs once).
 */
export function claimFor(body: unknown, customProperties?: unknown): Claim | null {
  const type = readString(body, 'type');
  if (type === 'event_callback') {
    const eventId = readString(body, 'event_id');
    return eventId ? { key: `event:${eventId}`, releaseOnErrors: false, ttlMs: DEDUPE_TTL_MS } : null;
  }
  const signed = signedOf(customProperties);
  const isCommand = readString(body, 'command') !== undefined && type === undefined;
  if (signed && (isCommand || (type !== undefined && REPLAY_CLAIMED.has(type)))) {
    const id = shortHash(`${signed.signature}:${signed.timestamp}`, 16);
    return { key: `signed:${id}`, releaseOnErrors: false, ttlMs: REPLAY_TTL_MS };
  }
  if (type === 'view_submission') {
    const viewId = readString(body, 'view', 'id');
    const hash = readString(body, 'view', 'hash') ?? '';
    if (!viewId) return null;
    const view = (body as { view?: { state?: unknown } }).view;
    const values = shortHash(JSON.stringify(view?.state ?? null), 8);
    return { key: `view:${viewId}:${hash}:${values}`, releaseOnErrors: true, ttlMs: DEDUPE_TTL_MS };
  }
  return null;
}

export type ClaimMode = 'await' | 'defer';

export function installDeliveryDedupe(app: App, store: Store, log: Logger, mode: ClaimMode = 'await'): void {
  // Looked up per delivery (a cheap view object) so that a store swapped or failing later is seen at once.
  const seen = () => store.namespace('dedupe');
  const recent = new RecentDeliveries();
  const process = app.processEvent.bind(app);
  const repeated = async (event: ReceiverEvent, key: string) => {
    log.info({ key, retryNum: event.retryNum }, 'repeated Slack delivery ignored');
    await event.ack();
  };

  /** Defer mode: the durable claim. True when it is this delivery's (or this job's), or the store cannot say. */
  async function durableClaim(key: string, ttlMs: number, job?: string): Promise<boolean> {
    try {
      if (await seen().add(key, job === undefined ? Date.now() : { job }, ttlMs)) return true;
      if (job !== undefined && (await seen().get<{ job?: string }>(key))?.job === job) return true;
      log.info({ key }, 'repeated Slack delivery ignored (claimed before)');
      return false;
    } catch (err) {
      // Better a rare repeat than a lost request.
      log.warn({ err: (err as Error).message, key }, 'dedupe store unavailable; processing delivery');
      return true;
    }
  }

  async function deferred(event: ReceiverEvent, claim: Claim): Promise<void> {
    if (!recent.add(claim.key)) return repeated(event, claim.key);
    const pending: PendingClaim = { key: claim.key, ttlMs: claim.ttlMs, fate: 'open' };
    const claimed = withClaim(event, 'claimed', pending);
    // Field errors: the same values may come again, so neither memory nor the store keeps the claim.
    const release = async () => {
      recent.delete(claim.key);
      if (pending.fate === 'open') pending.fate = 'released';
    };
    try {
      await process(claim.releaseOnErrors ? { ...claimed, ack: releasingAck(event, release) } : claimed);
    } finally {
      // Handled inline: recorded now, after the ack (nothing waits on it).
      if (pending.fate === 'open') void durableClaim(claim.key, claim.ttlMs);
    }
  }

  /** A job of defer mode makes its delivery's claim before its work; a repeat ends here (its ack is a no-op). */
  async function work(event: ReceiverEvent): Promise<void> {
    const claim = jobClaimOf(event);
    if (claim && !(await durableClaim(claim.key, claim.ttlMs, claim.job))) return;
    return process(event);
  }

  app.processEvent = async (event: ReceiverEvent) => {
    // A job being run was claimed when it was received (its outcome travels in the job: ./jobs/slack-job.ts).
    if (isWorkEvent(event)) return work(event);
    const claim = claimFor(event.body, event.customProperties);
    if (!claim) return process(withClaim(event));
    if (mode === 'defer') return deferred(event, claim);
    let first: boolean;
    try {
      const added = await within(seen().add(claim.key, Date.now(), claim.ttlMs), CLAIM_TIMEOUT_MS);
      if (added === undefined) throw new Error('dedupe claim timed out');
      first = added;
    } catch (err) {
      // Store trouble must not block the ack path: better a rare repeat than a lost request.
      log.warn(
        { err: (err as Error).message, key: claim.key },
        'dedupe store unavailable; processing delivery',
      );
      return process(withClaim(event, 'unavailable'));
    }
    if (!first) return repeated(event, claim.key);
    const claimed = withClaim(event, 'claimed');
    if (!claim.releaseOnErrors) return process(claimed);
    // Also before the ack, so bounded like the claim; not released in time, the same values wait out the TTL.
    const release = () => within(seen().delete(claim.key), CLAIM_TIMEOUT_MS).catch(() => false);
    return process({ ...claimed, ack: releasingAck(event, release) });
  };
}
