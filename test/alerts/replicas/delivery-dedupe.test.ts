/**
 * Delivery dedupe (src/slack/dedupe.ts) in front of Bolt's processEvent: which deliveries are claimed, and how
 * repeats, corrected view submissions and store trouble are handled. The replica tests prove it across
 * processes; these pin the rules with a memory store and a recording processEvent.
 */
import { App, type ReceiverEvent } from '@slack/bolt';
import { pino } from 'pino';
import { beforeEach, describe, expect, it } from 'vitest';
import { claimFor, installDeliveryDedupe } from '../../../src/kit/dedupe.ts';
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
  /** `context.deliveryGate` of each processed delivery (gate mode). */
  gates: (Promise<boolean> | undefined)[];
  deliver(body: Record<string, unknown>, opts?: { retryNum?: number; answer?: unknown }): Promise<void>;
}

function bed(store: Store, mode: 'await' | 'gate' = 'await'): Bed {
  const app = new App({
    token: 'xoxb-test',
    signingSecret: 'secret',
    tokenVerificationEnabled: false,
    logger: undefined,
  });
  const processed: unknown[] = [];
  const acks: unknown[] = [];
  const claims: unknown[] = [];
  const gates: (Promise<boolean> | undefined)[] = [];
  let answer: unknown;
  // The handler acks like a listener would: with `answer` (e.g. response_action errors) or empty.
  app.processEvent = async (e: ReceiverEvent) => {
    processed.push(e.body);
    claims.push(e.customProperties?.deliveryClaim);
    gates.push(e.customProperties?.deliveryGate as Promise<boolean> | undefined);
    await e.ack(answer);
  };
  installDeliveryDedupe(app, store, log, mode);
  return {
    app,
    processed,
    acks,
    claims,
    gates,
    async deliver(body, opts = {}) {
      answer = opts.answer;
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

describe('delivery dedupe with a store this process alone writes (gate mode)', () => {
  it('tells a repeat from memory and acks it, never waiting on the store before the ack', async () => {
    const hung = storeWithAdd(() => new Promise<boolean>(() => undefined));
    const b = bed(hung, 'gate');
    await b.deliver(event('Ev5'));
    await b.deliver(event('Ev5'), { retryNum: 1 });
    expect(b.processed).toHaveLength(1);
    expect(b.acks).toHaveLength(2);
    expect(b.claims).toEqual(['claimed']);
  });

  it("gates the work on the durable claim: a repeat this process's memory missed (before a restart) is told false", async () => {
    const first = bed(store, 'gate');
    await first.deliver(event('Ev6'));
    expect(await first.gates[0]).toBe(true);
    const afterRestart = bed(store, 'gate');
    await afterRestart.deliver(event('Ev6'));
    expect(afterRestart.processed).toHaveLength(1);
    expect(await afterRestart.gates[0]).toBe(false);
  });

  it('releases memory and the durable claim after field errors, so the same values are taken again', async () => {
    const b = bed(store, 'gate');
    const body = submission({ due: { v: '2020-01-01' } });
    await b.deliver(body, { answer: { response_action: 'errors', errors: { due: 'in the past' } } });
    await b.gates[0];
    // the durable claim is released beside the ack: wait until the store has it gone
    await expect.poll(() => store.namespace('dedupe').get(String(claimFor(body)?.key))).toBeUndefined();
    await b.deliver(body);
    expect(b.processed).toHaveLength(2);
    expect(await b.gates[1]).toBe(true);
  });

  it('lets the work go on when the store cannot record the claim', async () => {
    const down = storeWithAdd(async () => {
      throw new StoreUnavailableError('sqlite store failed');
    });
    const b = bed(down, 'gate');
    await b.deliver(event('Ev7'));
    expect(await b.gates[0]).toBe(true);
  });
});
