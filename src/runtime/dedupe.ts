/**
 * One idempotency claim per Slack delivery, across replicas: Events API retries, a view submitted twice, a signed
 * request replayed while fresh have effect once (docs/decisions/0005-delivery-claims.md). Installed around
 * `processEvent`, where the ack of a view submission can be seen: a submission answered with field errors releases
 * its claim. Listeners read the outcome (`deliveryClaimOf`); repeats never reach them. `await` mode (Redis) claims
 * before the ack; `defer` mode (sqlite, memory) asks this process's recent deliveries and the job makes the claim.
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
 * stand for one body.
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

// What listeners find in `context.deliveryClaim` for an event or a view submission (read through the kit).
export { deliveryClaimOf, type DeliveryClaim } from '../kit/request-context.ts';
import type { DeliveryClaim } from '../kit/request-context.ts';

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

/** Action ids of inputs whose values are secrets: none by default; the composition root names them. */
export type SecretInputs = ReadonlySet<string>;
const NO_SECRETS: SecretInputs = new Set();

/**
 * What a submission's claim hashes: its state without the secret inputs (issue 37: a key pasted into the connect
 * modal must not be derivable from the stored claim). A state without secrets is hashed as it is, so its key is
 * the one claims were stored under before.
 */
function claimedState(state: unknown, secret: SecretInputs): unknown {
  const values = (state as { values?: unknown } | null)?.values;
  if (secret.size === 0 || typeof values !== 'object' || values === null) return state ?? null;
  let found = false;
  const kept: Record<string, Record<string, unknown>> = {};
  for (const [block, inputs] of Object.entries(values as Record<string, Record<string, unknown>>)) {
    kept[block] = {};
    for (const [action, value] of Object.entries(inputs ?? {})) {
      if (secret.has(action)) found = true;
      else kept[block][action] = value;
    }
  }
  return found ? { ...(state as object), values: kept } : state;
}

/**
 * The dedupe key of a delivery, or null when the delivery is not subject to dedupe. Slash commands, block
 * actions and shortcuts have no delivery id: the signed request itself is the key (a replayed capture runs once).
 */
export function claimFor(
  body: unknown,
  customProperties?: unknown,
  secretInputs: SecretInputs = NO_SECRETS,
): Claim | null {
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
    const values = shortHash(JSON.stringify(claimedState(view?.state, secretInputs)), 8);
    return { key: `view:${viewId}:${hash}:${values}`, releaseOnErrors: true, ttlMs: DEDUPE_TTL_MS };
  }
  return null;
}

export type ClaimMode = 'await' | 'defer';

export function installDeliveryDedupe(
  app: App,
  store: Store,
  log: Logger,
  mode: ClaimMode = 'await',
  secretInputs: SecretInputs = NO_SECRETS,
): void {
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
    const claim = claimFor(event.body, event.customProperties, secretInputs);
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
