/**
 * Delivery dedupe (src/slack/dedupe.ts) in front of Bolt's processEvent: which deliveries are claimed, and how
 * repeats, corrected view submissions and store trouble are handled. The replica tests prove it across
 * processes; these pin the rules with a memory store and a recording processEvent.
 */
import { App, type ReceiverEvent } from '@slack/bolt';
import { pino } from 'pino';
import { beforeEach, describe, expect, it } from 'vitest';
import { claimFor, installDeliveryDedupe, type PendingClaim } from '../../../src/runtime/dedupe.ts';
import { workEvent } from '../../../src/runtime/jobs/slack-job.ts';
import { openStore } from '../../../src/store/open-store.ts';
import { StoreUnavailableError, type Store } from '../../../src/store/store.ts';

const log = pino({ level: 'silent' });

const event = (eventId: string) => ({
  type: 'event_callback',
  event_id: eventId,
  event: { type: 'message' },
});
const submission = (values: unknown, hash = 'h1') => ({
  type: 'view_submission',
  view: { id: 'V1', hash, state: { values } },
});

interface Bed {
  app: App;
  processed: unknown[];
  acks: unknown[];
  /** `context.deliveryClaim` as each processed delivery carried it to the listeners. */
  claims: unknown[];
  /** `context.pendingClaim` of each processed delivery (defer mode). */
  pending: (PendingClaim | undefined)[];
  deliver(
    body: Record<string, unknown>,
    opts?: { retryNum?: number; answer?: unknown; fate?: PendingClaim['fate'] },
  ): Promise<void>;
  /** Runs a job (as the job runner does) that carries the durable claim of `body`'s delivery. */
  runJob(body: Record<string, unknown>, id: string): Promise<void>;
}

function bed(store: Store, mode: 'await' | 'defer' = 'await'): Bed {
  const app = new App({
    token: 'xoxb-test',
    signingSecret: 'secret',
    tokenVerificationEnabled: false,
    logger: undefined,
  });
  const processed: unknown[] = [];
  const acks: unknown[] = [];
  const claims: unknown[] = [];
  const pending: (PendingClaim | undefined)[] = [];
  let answer: unknown;
  let fate: PendingClaim['fate'] | undefined;
  // The handler acks like a listener would: with `answer` (e.g. response_action errors) or empty; with `fate`,
  // it decides the pending claim's fate like handOff does (a job took it, or the queue refused the request).
  app.processEvent = async (e: ReceiverEvent) => {
    processed.push(e.body);
    claims.push(e.customProperties?.deliveryClaim);
    const p = e.customProperties?.pendingClaim as PendingClaim | undefined;
    pending.push(p);
    if (p && fate) p.fate = fate;
    await e.ack(answer);
  };
  installDeliveryDedupe(app, store, log, mode);
  return {
    app,
    processed,
    acks,
    claims,
    pending,
    async runJob(body, id) {
      const claim = claimFor(body);
      if (!claim) throw new Error('no claim for this body');
      await app.processEvent(
        workEvent({
          id,
          kind: 'k',
          body: JSON.stringify(body),
          acceptedAt: Date.now(),
          claim: 'claimed',
          durableClaim: { key: claim.key, ttlMs: claim.ttlMs },
        }),
      );
    },
    async deliver(body, opts = {}) {
      answer = opts.answer;
      fate = opts.fate;
      await app.processEvent({
        body,
        retryNum: opts.retryNum,
        ack: async (response?: unknown) => void acks.push(response ?? null),
      });
    },
  };
}

/** A store whose `add` does what the test says (dedupe uses only namespace, add and delete). */
function storeWithAdd(add: Store['add']): Store {
  const fake: Store = {
    kind: 'redis',
    get: async () => undefined,
    set: async () => undefined,
    delete: async () => false,
    add,
    update: async () => undefined,
    readEntry: async () => undefined,
    swapEntry: async () => false,
    namespace: () => fake,
    ping: async () => undefined,
    close: async () => undefined,
  };
  return fake;
}

let store: Store;
beforeEach(async () => {
  store = await openStore({ kind: 'memory' }, { log, keyPrefix: 'test:' });
});

describe('delivery dedupe', () => {
  it('claims events by event_id and view submissions by view, hash and submitted values; nothing else', () => {
    expect(claimFor(event('Ev1'))?.key).toBe('event:Ev1');
    const a = claimFor(submission({ name: { v: 'Pump' } }));
    expect(a?.key).toMatch(/^view:V1:h1:/);
    expect(claimFor(submission({ name: { v: 'Pump' } }))?.key).toBe(a?.key);
    expect(claimFor(submission({ name: { v: 'Valve' } }))?.key).not.toBe(a?.key);
    expect(claimFor({ type: 'block_actions', actions: [] })).toBeNull();
    expect(claimFor({ command: '/task', text: '' })).toBeNull();
    expect(claimFor({ type: 'event_callback' })).toBeNull();
  });

  it('processes a retried event once and acks every repeat', async () => {
    const b = bed(store);
    await b.deliver(event('Ev2'));
    await b.deliver(event('Ev2'), { retryNum: 1 });
    await b.deliver(event('Ev2'), { retryNum: 2 });
    expect(b.processed).toHaveLength(1);
    expect(b.claims).toEqual(['claimed']);
    expect(b.acks).toHaveLength(3);
  });

  it('lets the same values be submitted again after the app answered with field errors', async () => {
    const b = bed(store);
    const body = submission({ due: { v: '2020-01-01' } });
    await b.deliver(body, { answer: { response_action: 'errors', errors: { due: 'in the past' } } });
    await b.deliver(body);
    await b.deliver(body);
    expect(b.processed).toHaveLength(2);
    expect(b.claims).toEqual(['claimed', 'claimed']);
  });

  it('processes a delivery when the store is unavailable rather than losing it', async () => {
    const down = storeWithAdd(async () => {
      throw new StoreUnavailableError('redis store is not connected');
    });
    const b = bed(down);
    await b.deliver(event('Ev3'));
    await b.deliver(event('Ev3'), { retryNum: 1 });
    expect(b.processed).toHaveLength(2);
    // Listeners that must not act twice (task creation) see that nothing recorded the delivery.
    expect(b.claims).toEqual(['unavailable', 'unavailable']);
  });

  it('does not hold the ack when the store hangs', async () => {
    const hung = storeWithAdd(() => new Promise<boolean>(() => undefined));
    const b = bed(hung);
    await b.deliver(event('Ev4'));
    expect(b.processed).toHaveLength(1);
    expect(b.acks).toHaveLength(1);
  });
});

describe('delivery dedupe with a store this process alone writes (defer mode)', () => {
  const claimed = (body: Record<string, unknown>) =>
    store.namespace('dedupe').get(String(claimFor(body)?.key));

  it('tells a repeat from memory and acks it, never waiting on the store before the ack', async () => {
    const hung = storeWithAdd(() => new Promise<boolean>(() => undefined));
    const b = bed(hung, 'defer');
    await b.deliver(event('Ev5'));
    await b.deliver(event('Ev5'), { retryNum: 1 });
    expect(b.processed).toHaveLength(1);
    expect(b.acks).toHaveLength(2);
    expect(b.claims).toEqual(['claimed']);
  });

  it('records the claim after a listener that handled the delivery itself', async () => {
    const b = bed(store, 'defer');
    await b.deliver(event('Ev6'));
    expect(b.pending[0]?.fate).toBe('open');
    await expect.poll(() => claimed(event('Ev6'))).toBeTypeOf('number');
  });

  it('leaves the claim to the job that took the delivery, and makes none for a request the queue refused', async () => {
    const b = bed(store, 'defer');
    await b.deliver(event('Ev7'), { fate: 'job' });
    await b.deliver(event('Ev8'), { fate: 'refused' });
    // A later delivery handled inline is recorded after its listener: once it is, the two before would be too.
    await b.deliver(event('Ev7-later'));
    await expect.poll(() => claimed(event('Ev7-later'))).toBeTypeOf('number');
    expect(await claimed(event('Ev7'))).toBeUndefined();
    expect(await claimed(event('Ev8'))).toBeUndefined();
    await b.runJob(event('Ev7'), 'job-7');
    expect(await claimed(event('Ev7'))).toEqual({ job: 'job-7' });
    expect(b.processed).toHaveLength(4);
  });

  it('ends a job without work when its delivery was claimed before (a repeat this process forgot: a restart)', async () => {
    const first = bed(store, 'defer');
    await first.deliver(event('Ev9'));
    await expect.poll(() => claimed(event('Ev9'))).toBeTypeOf('number');
    const afterRestart = bed(store, 'defer');
    await afterRestart.runJob(event('Ev9'), 'job-9');
    expect(afterRestart.processed).toHaveLength(0);
  });

  it('runs a job again that already made its own claim (its thread died mid-way), but not another job', async () => {
    const b = bed(store, 'defer');
    await b.runJob(event('Ev10'), 'job-10');
    await b.runJob(event('Ev10'), 'job-10');
    await b.runJob(event('Ev10'), 'job-10b');
    expect(b.processed).toHaveLength(2);
  });

  it('keeps no claim, in memory or the store, after field errors: the same values are taken again', async () => {
    const b = bed(store, 'defer');
    const body = submission({ due: { v: '2020-01-01' } });
    await b.deliver(body, { answer: { response_action: 'errors', errors: { due: 'in the past' } } });
    expect(b.pending[0]?.fate).toBe('released');
    expect(await claimed(body)).toBeUndefined();
    await b.deliver(body);
    expect(b.processed).toHaveLength(2);
    expect(b.claims).toEqual(['claimed', 'claimed']);
  });

  it('lets a job go on when the store cannot record its claim', async () => {
    const down = storeWithAdd(async () => {
      throw new StoreUnavailableError('sqlite store failed');
    });
    const b = bed(down, 'defer');
    await b.runJob(event('Ev11'), 'job-11');
    expect(b.processed).toHaveLength(1);
  });
});
