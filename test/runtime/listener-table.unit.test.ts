/**
 * The listener table (src/runtime/listener-table.ts): a request reaches exactly the listeners Bolt's own matching
 * would run, by command, action_id, callback_id, option list or event type, with Bolt's constraint semantics.
 */
import { MultipleListenerError } from '@slack/bolt';
import { describe, expect, it } from 'vitest';
import { createListenerTable, type ListenerApp } from '../../src/runtime/listener-table.ts';

type Json = Record<string, unknown>;

function setUp(respond?: (url: string) => (m: unknown) => Promise<void>) {
  const table = createListenerTable(respond ? { respond } : {});
  const used: unknown[] = [];
  const fakeBolt = { use: (m: unknown) => used.push(m) } as never;
  const app = table.listeners(fakeBolt) as ListenerApp;
  const ran: string[] = [];
  let boltNext = 0;
  const send = async (args: Json) =>
    table.dispatch({
      context: {},
      next: async () => {
        boltNext += 1;
      },
      ...args,
    } as never);
  const mark = (name: string) => async () => void ran.push(name);
  return { app, ran, send, mark, used, boltNext: () => boltNext };
}

const action = (action_id: string, block_id = 'b1', type = 'block_actions') => {
  const payload = { action_id, block_id, type: 'button' };
  return { body: { type, actions: [payload] }, payload, action: payload };
};
const view = (callback_id: string, type = 'view_submission') => {
  const v = { callback_id, id: 'V1' };
  return { body: { type, view: v }, payload: v, view: v };
};

describe('listener table', () => {
  it('runs the command listener registered for the command and no other', async () => {
    const t = setUp();
    t.app.command('/task', t.mark('task'));
    t.app.command('/source', t.mark('source'));
    await t.send({
      body: { command: '/task' },
      payload: { command: '/task' },
      command: { command: '/task' },
    });
    expect(t.ran).toEqual(['task']);
  });

  it('matches actions by action_id, block_id and type, and RegExp constraints on every action', async () => {
    const t = setUp();
    t.app.action('go', t.mark('string'));
    t.app.action({ type: 'block_actions', action_id: 'go', block_id: 'other' }, t.mark('wrong-block'));
    t.app.action({ action_id: /^g/ }, t.mark('regexp'));
    t.app.action({ type: 'interactive_message', action_id: 'go' } as never, t.mark('wrong-type'));
    await t.send(action('go'));
    expect(t.ran.sort()).toEqual(['regexp', 'string']);
  });

  it('tells submissions from closed views: a bare callback id means a submission', async () => {
    const t = setUp();
    t.app.view('form', t.mark('submit'));
    t.app.view({ callback_id: 'form', type: 'view_closed' }, t.mark('closed'));
    await t.send(view('form'));
    await t.send(view('form', 'view_closed'));
    expect(t.ran).toEqual(['submit', 'closed']);
  });

  it('finds shortcuts by callback id and type, option lists by action_id, events by type', async () => {
    const t = setUp();
    t.app.shortcut({ callback_id: 'new_task', type: 'shortcut' }, t.mark('global'));
    t.app.shortcut({ callback_id: 'new_task', type: 'message_action' }, t.mark('message'));
    t.app.options({ type: 'block_suggestion', action_id: 'site' } as never, t.mark('options'));
    t.app.event('app_home_opened', t.mark('home'));
    const sc = { type: 'shortcut', callback_id: 'new_task' };
    await t.send({ body: sc, payload: sc, shortcut: sc });
    const opt = { type: 'block_suggestion', action_id: 'site', value: 'be' };
    await t.send({ body: opt, payload: opt, options: opt });
    const ev = { type: 'app_home_opened', user: 'U1' };
    await t.send({ body: { type: 'event_callback', event: ev }, payload: ev, event: ev });
    expect(t.ran).toEqual(['global', 'options', 'home']);
  });

  it('runs a listener chain in order, the last one with a no-op next', async () => {
    const t = setUp();
    const order: string[] = [];
    t.app.command(
      '/task',
      async ({ next }) => {
        order.push('middleware');
        await next();
      },
      async ({ next }) => {
        order.push('listener');
        await next();
      },
    );
    await t.send({ body: { command: '/task' }, payload: {}, command: { command: '/task' } });
    expect(order).toEqual(['middleware', 'listener']);
  });

  it('passes to listeners registered on Bolt itself when nothing here matches', async () => {
    const t = setUp();
    t.app.command('/task', t.mark('task'));
    await t.send({ body: { command: '/probe' }, payload: {}, command: { command: '/probe' } });
    expect(t.ran).toEqual([]);
    expect(t.boltNext()).toBe(1);
  });

  it('rethrows one failing listener as it is and several together, like Bolt', async () => {
    const t = setUp();
    const boom = new Error('boom');
    t.app.command('/one', async () => {
      throw boom;
    });
    await expect(t.send({ body: {}, payload: {}, command: { command: '/one' } })).rejects.toBe(boom);
    t.app.command('/two', async () => {
      throw new Error('a');
    });
    t.app.command('/two', async () => {
      throw new Error('b');
    });
    await expect(t.send({ body: {}, payload: {}, command: { command: '/two' } })).rejects.toBeInstanceOf(
      MultipleListenerError,
    );
  });

  it("replaces Bolt's respond with the kit's for a request with a response_url", async () => {
    const posted: string[] = [];
    const t = setUp((url) => async () => void posted.push(url));
    t.app.command('/task', async ({ respond }) => {
      await respond('hello');
    });
    const body = { command: '/task', response_url: 'https://hooks.example/1' };
    await t.send({ body, payload: body, command: body, respond: async () => posted.push('bolt') });
    expect(posted).toEqual(['https://hooks.example/1']);
  });

  it("keeps Bolt's use for global middleware", () => {
    const t = setUp();
    t.app.use(async () => undefined);
    expect(t.used).toHaveLength(1);
  });
});
