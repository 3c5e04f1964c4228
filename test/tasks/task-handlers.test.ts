/**
 * The task entries, driven as Slack would (`receive`: with no job queue in context it acks, then runs the work
 * inline) with hand-built Slack arguments and no Bolt App, against the real task service over a loopback
 * sandbox. Each acks before anything else.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { taskCommand } from '../../src/tasks/slack/command-task.ts';
import { receive } from '../../src/runtime/entries.ts';
import type { ActionArgs, CommandArgs, ViewArgs } from '../../src/kit/entry.ts';
import { taskCreateSubmit } from '../../src/tasks/slack/view-task-create-submit.ts';
import { taskPriority } from '../../src/tasks/slack/action-task-priority.ts';
import { taskShowCard } from '../../src/tasks/slack/action-task-show-card.ts';
import {
  buildArguments,
  buildWithClient,
  type HandlerCall,
  recordedMethod,
} from '../fixtures/handler-args.ts';
import { startSandboxServices, type SandboxServices } from '../fixtures/sandbox-deps.ts';

let env: SandboxServices;
const site = { id: '101', name: 'Berlin Plant', channelId: '7101' };

beforeAll(async () => {
  env = await startSandboxServices({ tasks: 5 });
});
afterAll(() => env?.close());

/** A WebClient stand-in for the methods task handlers call; each call is recorded with the handler's own. */
function fakeClient(calls: HandlerCall[]) {
  const method = (fn: string, answer?: Record<string, unknown>) => recordedMethod(calls, fn, answer);
  return {
    chat: {
      update: method('chat.update'),
      postMessage: method('chat.postMessage', { ts: '222.2', channel: 'C0PLANT' }),
      postEphemeral: method('chat.postEphemeral'),
    },
    views: { open: method('views.open', { view: { id: 'V0NEW' } }) },
  };
}

/** A block_actions body as Slack sends it for a control on a card message in a channel. */
function cardActionBody(actionId: string, value: { value?: string; selected?: string }) {
  return {
    type: 'block_actions',
    user: { id: 'U0ANA' },
    trigger_id: 'trigger-1',
    response_url: 'http://127.0.0.1:9/response',
    channel: { id: 'C0PLANT' },
    container: { type: 'message', message_ts: '111.1', channel_id: 'C0PLANT', is_ephemeral: false },
    message: { ts: '111.1' },
    actions: [
      {
        action_id: actionId,
        ...(value.value ? { value: value.value } : {}),
        ...(value.selected ? { selected_option: { value: value.selected } } : {}),
      },
    ],
  };
}

describe('task handlers called without an App', () => {
  it('answers /task help in the ack itself and calls nothing else', async () => {
    const built = buildWithClient<CommandArgs>(fakeClient, {
      command: { text: 'help', user_id: 'U0ANA', channel_id: 'C0PLANT', trigger_id: 't', response_url: 'r' },
    });
    // help is answered on receipt: the work's store and admin check are never reached
    const workOnly = { store: env.base.store, access: {} as never };
    await receive(taskCommand({ ...env.services, log: env.base.log, ...workOnly }), built.args);
    expect(built.calls.map((c) => c.fn)).toEqual(['ack']);
    expect(JSON.stringify(built.argsOf('ack')[0])).toContain('/task list');
  });

  it('changes the priority from the card menu: ack, PATCH, card updated in place, note in its thread', async () => {
    const task = await env.services.tasks.create(
      { name: 'Handler priority task', siteId: site.id, typeId: '1', priorityId: '15' },
      { site, device: null, assignee: null },
    );
    const calls: HandlerCall[] = [];
    const patchesBefore = env.sandbox.admin.written().patches.length;
    const built = buildArguments<ActionArgs>({
      calls,
      client: fakeClient(calls),
      body: cardActionBody('task_priority', { selected: `${task.id}|5` }),
    });
    await receive(taskPriority({ ...env.services, log: env.base.log }), built.args);

    expect(calls[0]?.fn).toBe('ack');
    expect(env.sandbox.admin.written().patches.slice(patchesBefore)).toMatchObject([
      { taskId: task.id, body: { priorityId: '5' } },
    ]);
    const [update] = built.argsOf('chat.update') as { channel: string; ts: string; blocks: unknown[] }[];
    expect(update).toMatchObject({ channel: 'C0PLANT', ts: '111.1' });
    expect(JSON.stringify(update?.blocks)).toContain(
      `"initial_option":{"text":{"type":"plain_text","text":"Low"`,
    );
    const [note] = built.argsOf('chat.postMessage') as { thread_ts: string; text: string }[];
    expect(note).toMatchObject({ channel: 'C0PLANT', thread_ts: '111.1' });
    expect(note?.text).toBe('<@U0ANA> changed priority: High → Low');
  });

  it('says the task is not among those the person can see when "Card" names one fieldline never saw', async () => {
    const built = buildWithClient<ActionArgs>(fakeClient, {
      body: cardActionBody('task_show_card_999999', { value: '999999' }),
    });
    await receive(taskShowCard(env.services), built.args);
    expect(built.calls.map((c) => c.fn)).toEqual(['ack', 'respond']);
    expect(built.argsOf('respond')[0]).toMatchObject({
      response_type: 'ephemeral',
      replace_original: false,
      text: expect.stringContaining(
        'You have no access to task 999999 on the monitoring platform, or it no longer exists',
      ),
    });
  });

  it('refuses a create form without name and site in the ack, creating nothing', async () => {
    const calls: HandlerCall[] = [];
    const created = env.sandbox.admin.written().tasks.length;
    const built = buildArguments<ViewArgs>({
      calls,
      client: fakeClient(calls),
      body: { type: 'view_submission', user: { id: 'U0ANA' } },
      view: { id: 'V0FORM', private_metadata: '{}', state: { values: {} } },
    });
    await receive(taskCreateSubmit({ ...env.base, ...env.services }), built.args);
    expect(calls.map((c) => c.fn)).toEqual(['ack']);
    expect(built.argsOf('ack')[0]).toEqual({
      response_action: 'errors',
      errors: { task_name: 'Give the task a name.', task_site: 'Choose the site the task belongs to.' },
    });
    expect(env.sandbox.admin.written().tasks.length).toBe(created);
  });
});
