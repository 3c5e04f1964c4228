import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '@slack/bolt';
import { startBoltFixture, waitFor, type BoltFixture } from './bolt-app.ts';
import { inputBlock, modalView, plainText } from './modal-views.ts';

const taskModal = modalView(
  {
    callback_id: 'task_create',
    notify_on_close: true,
    private_metadata: '{"origin":"shortcut"}',
    title: 'New task',
    submit: 'Create',
  },
  [
    inputBlock('title', 'Title', { type: 'plain_text_input', action_id: 'title_input' }),
    inputBlock('site', 'Site', { type: 'external_select', action_id: 'site_select', min_query_length: 0 }),
    inputBlock('priority', 'Priority', {
      type: 'static_select',
      action_id: 'priority_select',
      options: [
        { text: plainText('High'), value: 'high' },
        { text: plainText('Low'), value: 'low' },
      ],
    }),
    inputBlock('due', 'Due', { type: 'datepicker', action_id: 'due_date' }, true),
    inputBlock(
      'notify',
      'Post to',
      {
        type: 'conversations_select',
        action_id: 'notify_channel',
        response_url_enabled: true,
        default_to_current_conversation: true,
      },
      true,
    ),
  ],
);

const seen: Record<string, unknown[]> = {};
const note = (key: string, value: unknown): void => {
  (seen[key] ??= []).push(value);
};

function register(app: App): void {
  app.command('/task', async ({ ack, command, respond }) => {
    await ack();
    note('command', command);
    await respond({ text: `working on ${command.text}` });
  });
  app.shortcut({ callback_id: 'new_task', type: 'shortcut' }, async ({ ack, shortcut, client }) => {
    await ack();
    note('shortcut', shortcut);
    note('views.open', await client.views.open({ trigger_id: shortcut.trigger_id, view: taskModal }));
  });
  app.shortcut({ callback_id: 'keep_trigger', type: 'shortcut' }, async ({ ack }) => ack());
  app.shortcut(
    { callback_id: 'create_task_from_message', type: 'message_action' },
    async ({ ack, shortcut }) => {
      await ack();
      note('message_action', shortcut);
    },
  );
  app.action('task_done', async ({ ack, body, respond }) => {
    await ack();
    note('action', body);
    await respond({ replace_original: true, text: 'Task done' });
  });
  app.options('site_select', async ({ ack, options }) => {
    note('options', options);
    await ack({
      options: [{ text: { type: 'plain_text', text: `North (${options.value})` }, value: 'site-north' }],
    });
  });
  app.view('task_create', async ({ ack, view, body }) => {
    note('view_submission', body);
    const title = view.state.values.title?.title_input?.value ?? '';
    if (title === 'bad')
      return ack({ response_action: 'errors', errors: { title: 'Give the task a longer title' } });
    if (title === 'push')
      return ack({
        response_action: 'push',
        view: { ...taskModal, title: { type: 'plain_text', text: 'Pushed' } },
      });
    if (title === 'clear') return ack({ response_action: 'clear' });
    if (title === 'more')
      return ack({
        response_action: 'update',
        view: { ...taskModal, title: { type: 'plain_text', text: 'Step 2' } },
      });
    await ack();
  });
  app.view({ callback_id: 'task_create', type: 'view_closed' }, async ({ ack, body }) => {
    await ack();
    note('view_closed', body);
  });
  app.action('home_refresh', async ({ ack, body }) => {
    await ack();
    note('home_action', body);
  });
  app.event('app_mention', async ({ event, context }) => {
    note('app_mention', { event, retryNum: context.retryNum, retryReason: context.retryReason });
  });
}

let fx: BoltFixture;
beforeAll(async () => {
  fx = await startBoltFixture(register);
});
afterAll(() => fx.stop());

describe('request signing', () => {
  it('is accepted by Bolt when the driver signs', async () => {
    const res = await fx.standin.driver.command({ command: '/task', text: 'check pump', user: 'U0BEN' });
    expect(res.status).toBe(200);
    expect(seen.command?.at(-1)).toMatchObject({
      command: '/task',
      text: 'check pump',
      user_id: 'U0BEN',
      channel_id: 'C0GENERAL',
    });
  });

  it('is rejected with 401 for a wrong secret, a stale timestamp or no signature, and no handler runs', async () => {
    const before = seen.command?.length ?? 0;
    const body = new URLSearchParams({
      command: '/task',
      text: 'x',
      user_id: 'U0ANA',
      channel_id: 'C0GENERAL',
    }).toString();
    expect((await fx.standin.driver.raw({ body, signingSecret: 'not-the-secret' })).status).toBe(401);
    const stale = Math.floor(Date.now() / 1000) - 6 * 60;
    expect((await fx.standin.driver.raw({ body, timestamp: stale })).status).toBe(401);
    expect((await fx.standin.driver.raw({ body, unsigned: true })).status).toBe(401);
    expect(seen.command?.length ?? 0).toBe(before);
  });
});

describe('routing of each payload type', () => {
  it('slash command: respond() through the response_url lands as an ephemeral message', async () => {
    await fx.standin.driver.command({ command: '/task', text: 'pump 3', channel: 'C0ALERTS' });
    const reply = await waitFor(() =>
      fx.standin.messages('C0ALERTS').find((m) => m.text === 'working on pump 3'),
    );
    expect(reply).toMatchObject({ via: 'response_url', ephemeralTo: 'U0ANA' });
  });

  it('global shortcut: the trigger_id opens a modal, submission carries state.values and closes it', async () => {
    const res = await fx.standin.driver.globalShortcut('new_task', { user: 'U0CHL' });
    expect(res.status).toBe(200);
    const view = await waitFor(() =>
      fx.standin.views().find((v) => v.callback_id === 'task_create' && v.user === 'U0CHL' && v.open),
    );
    const sub = await fx.standin.driver.viewSubmission({
      view,
      values: {
        title_input: 'Replace seal',
        site: 'site-north',
        priority_select: 'high',
        notify_channel: 'C0MAINT',
      },
    });
    expect(sub).toMatchObject({ status: 200, closed: true });
    const body = seen.view_submission?.at(-1);
    expect(body).toMatchObject({
      type: 'view_submission',
      user: { id: 'U0CHL' },
      view: {
        id: view.id,
        private_metadata: '{"origin":"shortcut"}',
        state: {
          values: {
            title: { title_input: { type: 'plain_text_input', value: 'Replace seal' } },
            priority: { priority_select: { type: 'static_select', selected_option: { value: 'high' } } },
            site: { site_select: { selected_option: { value: 'site-north' } } },
            due: { due_date: { type: 'datepicker', selected_date: null } },
          },
        },
      },
      response_urls: [{ block_id: 'notify', action_id: 'notify_channel', channel_id: 'C0MAINT' }],
    });
    expect(fx.standin.view(view.id)?.open).toBe(false);
  });

  it('view submission: response_action errors keep the modal open, update replaces it', async () => {
    await fx.standin.driver.globalShortcut('new_task');
    const view = await waitFor(() =>
      fx.standin.views().find((v) => v.callback_id === 'task_create' && v.user === 'U0ANA' && v.open),
    );
    const values = { title_input: 'bad', site: 'x', priority_select: 'low' };
    const errors = await fx.standin.driver.viewSubmission({ view, values });
    expect(errors).toMatchObject({
      responseAction: 'errors',
      closed: false,
      errors: { title: 'Give the task a longer title' },
    });
    expect(fx.standin.view(view.id)?.errors).toEqual({ title: 'Give the task a longer title' });
    const updated = await fx.standin.driver.viewSubmission({
      view,
      values: { ...values, title_input: 'more' },
    });
    expect(updated.view).toMatchObject({ id: view.id, title: { text: 'Step 2' } });
    expect(updated.view?.hash).not.toBe(view.hash);
  });

  it('view_closed: reaches the view_closed listener for notify_on_close views', async () => {
    await fx.standin.driver.globalShortcut('new_task', { user: 'U0DAV' });
    const view = await waitFor(() => fx.standin.views().find((v) => v.user === 'U0DAV' && v.open));
    const res = await fx.standin.driver.viewClosed(view);
    expect(res?.status).toBe(200);
    expect(seen.view_closed?.at(-1)).toMatchObject({ type: 'view_closed', view: { id: view.id } });
  });

  it('block_suggestion: the ack body carries the options', async () => {
    await fx.standin.driver.globalShortcut('new_task', { user: 'U0BEN' });
    const view = await waitFor(() => fx.standin.views().find((v) => v.user === 'U0BEN' && v.open));
    const res = await fx.standin.driver.blockSuggestion({ actionId: 'site_select', value: 'nor', view });
    expect(res.body).toEqual({
      options: [{ text: { type: 'plain_text', text: 'North (nor)' }, value: 'site-north' }],
    });
    expect(seen.options?.at(-1)).toMatchObject({ type: 'block_suggestion', block_id: 'site', value: 'nor' });
  });

  it('message shortcut: carries the message and channel', async () => {
    const msg = fx.standin.addMessage({ channel: 'C0MAINT', text: 'valve leaking', user: 'U0BEN' });
    await fx.standin.driver.messageShortcut('create_task_from_message', { message: msg, user: 'U0ANA' });
    expect(seen.message_action?.at(-1)).toMatchObject({
      type: 'message_action',
      message_ts: msg.ts,
      channel: { id: 'C0MAINT', name: 'maintenance' },
      message: { text: 'valve leaking', user: 'U0BEN' },
    });
  });

  it('block action on a message: respond({replace_original}) updates that message', async () => {
    const blocks = [
      {
        type: 'actions',
        block_id: 'task_actions',
        elements: [
          {
            type: 'button',
            action_id: 'task_done',
            value: 'T-1',
            text: { type: 'plain_text', text: 'Done' },
          },
        ],
      },
    ];
    const posted = await fx.app.client.chat.postMessage({ channel: 'C0GENERAL', text: 'Task T-1', blocks });
    const message = fx.standin.messages('C0GENERAL').find((m) => m.ts === posted.ts)!;
    await fx.standin.driver.blockAction({ actionId: 'task_done', message });
    expect(seen.action?.at(-1)).toMatchObject({
      actions: [{ action_id: 'task_done', block_id: 'task_actions', value: 'T-1', type: 'button' }],
    });
    await waitFor(() =>
      fx.standin.messages('C0GENERAL').find((m) => m.ts === posted.ts && m.text === 'Task done'),
    );
  });

  it('event: delivered as JSON with the retry headers Bolt exposes as context', async () => {
    const res = await fx.standin.driver.event(
      { type: 'app_mention', user: 'U0ANA', text: '<@U0BOT> hi', channel: 'C0GENERAL' },
      { retryNum: 1, retryReason: 'http_timeout' },
    );
    expect(res.status).toBe(200);
    const got = await waitFor(() => seen.app_mention?.at(-1));
    expect(got).toMatchObject({
      retryNum: 1,
      retryReason: 'http_timeout',
      event: { type: 'app_mention', text: '<@U0BOT> hi' },
    });
  });
});

describe('trigger ids', () => {
  it('are exchanged once: a second views.open with the same trigger gets exchanged_trigger_id', async () => {
    const res = await fx.standin.driver.globalShortcut('keep_trigger');
    const first = await fx.app.client.views.open({ trigger_id: res.triggerId!, view: taskModal });
    expect(first.ok).toBe(true);
    const second: unknown = await fx.app.client.views
      .open({ trigger_id: res.triggerId!, view: taskModal })
      .catch((e: unknown) => e);
    expect(second).toMatchObject({ data: { error: 'exchanged_trigger_id' } });
  });
});

describe('more response_actions and view actions', () => {
  it('push stacks a new modal on the submitted one; clear closes the whole stack', async () => {
    await fx.standin.driver.globalShortcut('new_task', { user: 'U0EVE' });
    const root = await waitFor(() => fx.standin.views().find((v) => v.user === 'U0EVE' && v.open));
    const values = { title_input: 'push', site: 'x', priority_select: 'low' };
    const pushed = await fx.standin.driver.viewSubmission({ view: root, values });
    expect(pushed.view).toMatchObject({
      title: { text: 'Pushed' },
      previous_view_id: root.id,
      root_view_id: root.id,
    });
    const cleared = await fx.standin.driver.viewSubmission({
      view: pushed.view!,
      values: { ...values, title_input: 'clear' },
    });
    expect(cleared).toMatchObject({ responseAction: 'clear', closed: true });
    expect(fx.standin.views().filter((v) => v.user === 'U0EVE' && v.open)).toEqual([]);
  });

  it('a button in the App Home reaches the action listener with the view as container', async () => {
    const home = await fx.app.client.views.publish({
      user_id: 'U0GUS',
      view: {
        type: 'home',
        blocks: [
          {
            type: 'actions',
            elements: [
              { type: 'button', action_id: 'home_refresh', text: { type: 'plain_text', text: 'Refresh' } },
            ],
          },
        ],
      },
    });
    const view = fx.standin.view(home.view!.id!)!;
    await fx.standin.driver.blockAction({ actionId: 'home_refresh', view, user: 'U0GUS' });
    expect(seen.home_action?.at(-1)).toMatchObject({
      container: { type: 'view', view_id: view.id },
      view: { type: 'home', id: view.id },
      actions: [{ action_id: 'home_refresh', type: 'button' }],
    });
  });

  it('block_suggestion from an external select in a message carries the message as container', async () => {
    const blocks = [
      {
        type: 'section',
        block_id: 'pick',
        text: { type: 'mrkdwn', text: 'Pick a site' },
        accessory: {
          type: 'external_select',
          action_id: 'site_select',
          placeholder: { type: 'plain_text', text: 'Site' },
        },
      },
    ];
    const posted = await fx.app.client.chat.postMessage({ channel: 'C0ALERTS', text: 'pick', blocks });
    const res = await fx.standin.driver.blockSuggestion({
      actionId: 'site_select',
      value: 'so',
      message: posted.ts!,
      channel: 'C0ALERTS',
    });
    expect(res.body).toMatchObject({ options: [{ value: 'site-north' }] });
    expect(seen.options?.at(-1)).toMatchObject({
      container: { type: 'message', message_ts: posted.ts, channel_id: 'C0ALERTS' },
      channel: { id: 'C0ALERTS' },
      block_id: 'pick',
    });
  });
});
