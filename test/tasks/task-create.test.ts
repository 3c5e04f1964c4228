/**
 * Creating tasks end to end: signed Slack requests from the stand-in's driver, the sandbox as the platform.
 * The sandbox's record of POST /task/ bodies proves the contract; the stand-in's messages prove the card.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { StoreUnavailableError } from '../../src/store/store.ts';
import { initialValueIn } from '../fixtures/opened-view.ts';
import { TINY_PNG as PNG } from '../fixtures/png.ts';
import { startHarness, waitFor, type Harness } from '../harness.ts';
import { redisUrl } from '../setup/redis-url.ts';
import {
  cardFor,
  cardText,
  expectValidBlockKit,
  newView,
  openByCommand,
  option,
  tasksWritten,
  pickInView,
} from './task-helpers.ts';

let h: Harness;
beforeAll(async () => {
  h = await startHarness({ configOverrides: { FIELDLINE_COMPANY_ID: '42' } });
});
afterAll(async () => {
  expect(expectValidBlockKit(h)).toBeGreaterThan(10);
  await h?.stop();
});
beforeEach(() => {
  h.sandbox.admin.clearInjections();
});

async function created(before: number) {
  const [record] = await waitFor(() =>
    tasksWritten(h).length > before ? tasksWritten(h).slice(before) : null,
  );
  return record!;
}

describe('create by /task', () => {
  it('creates from /task new with a strict body; the card lands in the channel and is refreshed from GET /tasks', async () => {
    const view = await openByCommand(h, 'new Leaking valve on pump 3');
    expect(initialValueIn(view, 'task_name')).toBe('Leaking valve on pump 3');
    const site = await option(h, view, 'task_site', 'berlin');
    expect(site).toMatchObject({ value: '101' });
    const before = tasksWritten(h).length;
    const updatesBefore = h.standin.callsTo('chat.update').length;
    const result = await h.driver.viewSubmission({
      view,
      values: { task_site: site, task_priority_input: '15', task_description: 'Drips <!channel> & more' },
    });
    expect(result.closed).toBe(true);
    const record = await created(before);
    // contract: POST /task/ — strict fields, ids as strings, typeId always, no deviceId with type 1
    expect(record.body).toEqual({
      name: 'Leaking valve on pump 3',
      siteId: '101',
      typeId: '1',
      priorityId: '15',
      statusId: '5',
      description: 'Drips <!channel> & more',
      toChannelId: '7101',
    });
    const card = await waitFor(() => cardFor(h, record.taskId));
    expect(card.channel).toBe('C0GENERAL');
    expect(cardText(card)).toContain('Berlin Plant');
    // The platform echoes only the id; the task read back from GET /tasks brings when it was created, and the
    // card is posted once with it (never posted, then rewritten).
    expect(cardText(card)).toMatch(/Created <!date\^\d+\^\{date_short_pretty\} \{time\}\|[^>]+> your time/);
    // operator words: no platform ids on the card (issue 38)
    expect(cardText(card)).not.toMatch(/feed post|task \d+ ·|manual task/);
    await h.app.whenIdle();
    expect(h.standin.callsTo('chat.update')).toHaveLength(updatesBefore);
  });

  it('keeps the characters Slack escapes in command text: a title typed with < > & reaches the platform as typed', async () => {
    const view = await openByCommand(h, 'new Valve <3 bar & rising > limit');
    expect(initialValueIn(view, 'task_name')).toBe('Valve <3 bar & rising > limit');
    const site = await option(h, view, 'task_site', 'berlin');
    const before = tasksWritten(h).length;
    await h.driver.viewSubmission({ view, values: { task_site: site } });
    expect((await created(before)).body).toMatchObject({ name: 'Valve <3 bar & rising > limit' });
  });

  it('asks for a data source when the task is about one, filtered by the chosen site', async () => {
    const view = await openByCommand(h, 'new Meter reads zero');
    const site = await option(h, view, 'task_site', 'chicago');
    const before = tasksWritten(h).length;
    const refused = await h.driver.viewSubmission({ view, values: { task_site: site, task_kind: '3' } });
    expect(refused.responseAction).toBe('errors');
    expect(Object.keys(refused.errors ?? {})).toEqual(['task_device']);
    const res = await h.driver.blockSuggestion({
      actionId: 'task_device',
      value: '',
      view: pickInView(h, view, { task_site: site }),
    });
    const options = (res.body as { options: { value: string }[] }).options;
    expect(options.length).toBeGreaterThan(0);
    expect(options.every((o) => o.value.endsWith('|102'))).toBe(true);
    const device = options.find((o) => o.value.startsWith('1008|'))!;
    const ok = await h.driver.viewSubmission({
      view,
      values: { task_site: site, task_kind: '3', task_device: device },
    });
    expect(ok.closed).toBe(true);
    const record = await created(before);
    expect(record.body).toMatchObject({ typeId: '3', deviceId: '1008', siteId: '102' });
    const card = await waitFor(() => cardFor(h, record.taskId));
    expect(cardText(card)).toContain('Line 1 Energy Meter');
  });

  it('asks to confirm a past due date, then accepts the same submission', async () => {
    const view = await openByCommand(h, 'new Overdue already');
    const site = await option(h, view, 'task_site', 'pune');
    const values = { task_site: site, task_due: '2020-01-15' };
    const before = tasksWritten(h).length;
    const first = await h.driver.viewSubmission({ view, values });
    expect(first.responseAction).toBe('errors');
    expect(first.errors).toEqual({ task_due: 'Due date is in the past — submit again to confirm.' });
    const second = await h.driver.viewSubmission({ view, values });
    expect(second.closed).toBe(true);
    expect((await created(before)).body).toMatchObject({ dueDate: '2020-01-15', siteId: '103' });
  });

  it('creates one task when the same modal is submitted twice', async () => {
    const view = await openByCommand(h, 'new Double click');
    const site = await option(h, view, 'task_site', 'sydney');
    const before = tasksWritten(h).length;
    const values = { task_site: site };
    const answers = await Promise.all([
      h.driver.viewSubmission({ view, values }),
      h.driver.viewSubmission({ view, values }).catch(() => null),
    ]);
    expect(answers[0]?.status).toBe(200);
    const record = await created(before);
    // Both deliveries were answered; the first run has finished once its card shows the platform's copy.
    await waitFor(() => cardText(cardFor(h, record.taskId)!).includes('Created <!date^'));
    expect(
      tasksWritten(h)
        .slice(before)
        .filter((t) => t.body.name === 'Double click'),
    ).toHaveLength(1);
  });
});

describe('modal fields', () => {
  it('sends platform file ids and the chosen feed channel, offering the site’s feed first', async () => {
    const view = await openByCommand(h, 'new With attachments');
    const site = await option(h, view, 'task_site', 'chicago');
    const res = await h.driver.blockSuggestion({
      actionId: 'task_channel',
      value: '',
      view: pickInView(h, view, { task_site: site }),
    });
    const channels = (res.body as { options: { value: string }[] }).options;
    expect(channels[0]?.value).toBe('7102');
    const before = tasksWritten(h).length;
    await h.driver.viewSubmission({
      view,
      values: { task_site: site, task_channel: channels[1]!, task_file_ids: '8002, 8003' },
    });
    const record = await created(before);
    expect(record.body).toMatchObject({ fileIds: ['8002', '8003'], toChannelId: channels[1]!.value });
  });

  it('refuses a malformed file id on its field', async () => {
    const view = await openByCommand(h, 'new Bad attachments');
    const site = await option(h, view, 'task_site', 'chicago');
    const res = await h.driver.viewSubmission({
      view,
      values: { task_site: site, task_file_ids: '8002, 0' },
    });
    expect(res.errors).toEqual({ task_file_ids: expect.stringContaining('Not a platform file id: 0') });
  });

  it('answers /task help and unknown subcommands with the usage', async () => {
    const help = await h.driver.command({ command: '/task', text: 'help' });
    expect(JSON.stringify(help.body)).toContain('/task list [open|mine|overdue|all]');
    const unknown = await h.driver.command({ command: '/task', text: 'frobnicate' });
    expect(JSON.stringify(unknown.body)).toContain("I don't know `/task frobnicate`");
  });
});

describe('assignee mapping', () => {
  it('maps the Slack user to the platform user with the same email', async () => {
    const view = await openByCommand(h, 'new Check the chiller');
    const site = await option(h, view, 'task_site', 'berlin');
    const before = tasksWritten(h).length;
    const ok = await h.driver.viewSubmission({ view, values: { task_site: site, task_assignee: 'U0ANA' } });
    expect(ok.closed).toBe(true);
    const record = await created(before);
    expect(record.body.assigneeId).toBe('501');
    await waitFor(() => cardText(cardFor(h, record.taskId)!).includes('ana.silva@plant.example'));
  });

  it('tells the assignee in a DM with the card when someone else assigns the task from Slack', async () => {
    const view = await openByCommand(h, 'new Replace the filter on line 2');
    const site = await option(h, view, 'task_site', 'berlin');
    const dm = h.standin.state.dmWith('U0BEN').id;
    const botDms = () => h.standin.messages(dm).filter((m) => m.bot_id !== undefined);
    const dmsBefore = botDms().length;
    const before = tasksWritten(h).length;
    const ok = await h.driver.viewSubmission({ view, values: { task_site: site, task_assignee: 'U0BEN' } });
    expect(ok.closed).toBe(true);
    const record = await created(before);
    const told = await waitFor(() =>
      botDms()
        .slice(dmsBefore)
        .find((m) => m.text.includes('Replace the filter')),
    );
    // The DM is the task's card, with its buttons (the card of this task, not a notice).
    expect(JSON.stringify(told.blocks)).toContain(record.taskId);
    expect(told.blocks?.some((b) => (b as { type?: string }).type === 'actions')).toBe(true);
    await h.app.whenIdle();
    expect(botDms().length - dmsBefore).toBe(1);
  });

  it('explains on the field when nobody on the platform has the email, or Slack shows none', async () => {
    const view = await openByCommand(h, 'new Nobody home');
    const site = await option(h, view, 'task_site', 'berlin');
    const miss = await h.driver.viewSubmission({ view, values: { task_site: site, task_assignee: 'U0EVE' } });
    expect(miss.responseAction).toBe('errors');
    expect(miss.errors?.task_assignee).toContain(
      'fieldline knows no platform user with the email eve@contractor.example: ask a platform admin to add this email, or pick someone else',
    );
    const none = await h.driver.viewSubmission({ view, values: { task_site: site, task_assignee: 'U0NIA' } });
    expect(none.errors?.task_assignee).toContain('shows no email to fieldline: ask a workspace admin');
    expect(none.errors?.task_assignee).toContain('or pick someone else');
  });
});

describe('platform failures during create', () => {
  it('on 429 says when to retry, echoes the input and reopens the form prefilled', async () => {
    h.sandbox.admin.inject({ endpoint: 'POST /task/', status: 429, retryAfterSeconds: 7 });
    const view = await openByCommand(h, 'new Rate limited task');
    const site = await option(h, view, 'task_site', 'berlin');
    await h.driver.viewSubmission({ view, values: { task_site: site, task_description: 'keep me' } });
    const notice = await waitFor(() =>
      h.standin
        .messages('C0GENERAL')
        .find((m) => m.ephemeralTo === 'U0ANA' && m.text.includes('Rate limited task')),
    );
    expect(notice.text).toContain('try again in 7 s');
    expect(JSON.stringify(notice.blocks)).toContain('keep me');
    const before = h.standin.views().length;
    await h.driver.blockAction({ actionId: 'task_retry_open', message: notice, channel: 'C0GENERAL' });
    const again = await newView(h, before);
    const blocks = JSON.stringify(again.blocks);
    expect(blocks).toContain('Rate limited task');
    expect(blocks).toContain('keep me');
    expect(blocks).toContain('Berlin Plant');
  });

  it('on 500 says the platform is unavailable and creates nothing', async () => {
    h.sandbox.admin.inject({ endpoint: 'POST /task/', status: 500 });
    const view = await openByCommand(h, 'new Server down task');
    const site = await option(h, view, 'task_site', 'berlin');
    const before = tasksWritten(h).length;
    await h.driver.viewSubmission({ view, values: { task_site: site } });
    const notice = await waitFor(() =>
      h.standin
        .messages('C0GENERAL')
        .find((m) => m.ephemeralTo === 'U0ANA' && m.text.includes('Server down task')),
    );
    expect(notice.text).toContain('unavailable');
    expect(tasksWritten(h).length).toBe(before);
  });
});

/** Makes the delivery claims' store (namespace `dedupe`) of `target` fail until the returned function is called. */
function failDeliveryClaims(target: Harness): () => void {
  const store = target.deps.store;
  const namespace = store.namespace.bind(store);
  store.namespace = (name: string) => {
    const ns = namespace(name);
    if (name !== 'dedupe') return ns;
    return { ...ns, add: () => Promise.reject(new StoreUnavailableError('store down')) };
  };
  return () => {
    store.namespace = namespace;
  };
}

describe('store trouble', () => {
  it('takes a submission whose delivery claim this process cannot record, and creates its task once (memory and sqlite: the claim is made beside the ack)', async () => {
    const view = await openByCommand(h, 'new Claim store is down');
    const site = await option(h, view, 'task_site', 'berlin');
    const restore = failDeliveryClaims(h);
    try {
      const before = tasksWritten(h).length;
      const res = await h.driver.viewSubmission({ view, values: { task_site: site } });
      expect(res.closed).toBe(true);
      await created(before);
      await h.app.whenIdle();
      expect(
        tasksWritten(h)
          .slice(before)
          .map((t) => t.body.name),
      ).toEqual(['Claim store is down']);
    } finally {
      restore();
    }
  });
});

describe.skipIf(!redisUrl())('store trouble with Redis (the claim is made before the ack)', () => {
  let r: Harness;
  beforeAll(async () => {
    r = await startHarness({ store: 'redis', configOverrides: { FIELDLINE_COMPANY_ID: '42' } });
  });
  afterAll(async () => {
    await r?.stop();
  });

  it('keeps the modal open with a clear message when the store cannot record the submission', async () => {
    const view = await openByCommand(r, 'new Store is down');
    const site = await option(r, view, 'task_site', 'berlin');
    const restore = failDeliveryClaims(r);
    try {
      const before = tasksWritten(r).length;
      const res = await r.driver.viewSubmission({ view, values: { task_site: site } });
      expect(res.responseAction).toBe('errors');
      expect(res.errors?.task_name).toContain('storage is unavailable');
      expect(tasksWritten(r).length).toBe(before);
    } finally {
      restore();
    }
  });
});

describe('create by shortcuts', () => {
  const openNewTaskShortcut = async () => {
    const before = h.standin.views().length;
    await h.driver.globalShortcut('new_task', {});
    return newView(h, before);
  };

  it('New task (global shortcut) posts the card in the DM with the app when no conversation is given', async () => {
    const view = await openNewTaskShortcut();
    const site = await option(h, view, 'task_site', 'são');
    const count = tasksWritten(h).length;
    await h.driver.viewSubmission({ view, values: { task_name: 'From the shortcut', task_site: site } });
    const record = await created(count);
    const card = await waitFor(() => cardFor(h, record.taskId));
    expect(card.channel).not.toBe('C0GENERAL');
    expect(h.standin.channels.find((c) => c.id === card.channel)?.is_im).toBe(true);
  });

  it('New task (global shortcut) posts the card where the person is (the conversation Slack fills in)', async () => {
    // Only where Slack lists her as a member (issue 37; post-in.test.ts has the refusals): she is in #general.
    expect(h.standin.members('C0GENERAL')).toContain('U0ANA');
    const view = await openNewTaskShortcut();
    const postIn = view.blocks.find((b) => b.block_id === 'task_post_in') as {
      element: Record<string, unknown>;
    };
    expect(postIn.element).toMatchObject({
      type: 'conversations_select',
      default_to_current_conversation: true,
      response_url_enabled: true,
    });
    const site = await option(h, view, 'task_site', 'são');
    const count = tasksWritten(h).length;
    await h.driver.viewSubmission({
      view,
      values: { task_name: 'Where I am', task_site: site, task_post_in: 'C0GENERAL' },
    });
    const record = await created(count);
    const card = await waitFor(() => cardFor(h, record.taskId));
    expect(card.channel).toBe('C0GENERAL');
  });

  it('New task (global shortcut) from a channel fieldline cannot post in: card in the DM, a link to it there', async () => {
    const view = await openNewTaskShortcut();
    const site = await option(h, view, 'task_site', 'são');
    const count = tasksWritten(h).length;
    // Slack's answer for a private channel the bot is not in
    h.standin.inject({
      method: 'chat.postMessage',
      channel: 'G0PRIVATE',
      error: 'channel_not_found',
      status: 200,
    });
    await h.driver.viewSubmission({
      view,
      values: { task_name: 'From a private channel', task_site: site, task_post_in: 'G0PRIVATE' },
    });
    const record = await created(count);
    const card = await waitFor(() => cardFor(h, record.taskId));
    expect(h.standin.channels.find((c) => c.id === card.channel)?.is_im).toBe(true);
    const note = await waitFor(() =>
      h.standin.messages('G0PRIVATE').find((m) => m.text.startsWith('Card posted in your DM with fieldline')),
    );
    expect(note.ephemeralTo).toBe('U0ANA');
    expect(note.text).toMatch(/— <https?:\/\/[^|]+\|open it>\.$/);
  });

  it('Create task from message: title from the first line, permalink in the description, card in the thread, file uploaded', async () => {
    const file = h.standin.addFile({ name: 'valve.png', content: PNG, mimetype: 'image/png' });
    const long =
      'Pump 3 discharge valve is leaking oil onto the floor near the east wall and needs a new gasket today';
    const message = h.standin.addMessage({
      channel: 'C0GENERAL',
      text: `${long}\nSecond line`,
      files: [file.id],
    });
    const before = h.standin.views().length;
    await h.driver.messageShortcut('create_task_from_message', { channel: 'C0GENERAL', message });
    const view = await newView(h, before);
    const name = (
      view.blocks.find((b) => b.block_id === 'task_name') as { element: { initial_value: string } }
    ).element.initial_value;
    expect(name.length).toBeLessThanOrEqual(80);
    expect(name.endsWith('…')).toBe(true);
    expect(long.startsWith(name.slice(0, -1))).toBe(true);
    const description = (
      view.blocks.find((b) => b.block_id === 'task_description') as { element: { initial_value: string } }
    ).element.initial_value;
    expect(description).toContain('Second line');
    expect(description).toContain(`/archives/C0GENERAL/p${message.ts.replace('.', '')}`);
    const site = await option(h, view, 'task_site', 'berlin');
    const count = tasksWritten(h).length;
    const uploads = h.sandbox.admin.written().uploads.length;
    await h.driver.viewSubmission({ view, values: { task_site: site } });
    const record = await created(count);
    expect(String(record.body.description)).toContain('/archives/C0GENERAL/p');
    const card = await waitFor(() => cardFor(h, record.taskId));
    expect(card.thread_ts).toBe(message.ts);
    await waitFor(() => h.sandbox.admin.written().uploads.length > uploads);
    const note = await waitFor(() =>
      h.standin
        .messages('C0GENERAL')
        .find((m) => m.thread_ts === message.ts && m.ts !== card.ts && m.text.includes('valve.png')),
    );
    expect(note.text).toContain('Uploaded 1 file');
    expect(note.text).toContain('they show with the task’s site (or its data source)');
    expect(note.text).not.toMatch(/file id/i);
  });

  it('posts the card in the same thread when the message is a thread reply', async () => {
    const parent = h.standin.addMessage({ channel: 'C0GENERAL', text: 'Shift log' });
    const reply = h.standin.addMessage({
      channel: 'C0GENERAL',
      text: 'Conveyor belt squeaks',
      thread_ts: parent.ts,
    });
    const before = h.standin.views().length;
    await h.driver.messageShortcut('create_task_from_message', { channel: 'C0GENERAL', message: reply });
    const view = await newView(h, before);
    expect(JSON.stringify(view.blocks)).not.toContain('task_slack_files');
    const site = await option(h, view, 'task_site', 'berlin');
    const count = tasksWritten(h).length;
    await h.driver.viewSubmission({ view, values: { task_site: site } });
    const record = await created(count);
    expect(record.body.name).toBe('Conveyor belt squeaks');
    const card = await waitFor(() => cardFor(h, record.taskId));
    expect(card.thread_ts).toBe(parent.ts);
  });
});
