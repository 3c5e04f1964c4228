import { z } from 'zod';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startConsoleFixture, type ConsoleFixture } from './console-fixture.ts';
import { inputBlock, modalView } from './modal-views.ts';
import { COMMAND_NAMES } from '../fixtures/command-help.ts';

/** Reads server-sent events until `until` accepts one (or the stream ends). */
async function readEvents(
  url: string,
  until: (event: { name: string; data: unknown }) => boolean,
  whenOpen: () => void,
): Promise<{ name: string; data: unknown }[]> {
  const abort = new AbortController();
  const res = await fetch(url, { signal: abort.signal });
  expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
  const reader = res.body?.getReader();
  if (!reader) throw new Error('no body');
  const seen: { name: string; data: unknown }[] = [];
  const decoder = new TextDecoder();
  let buffer = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return seen;
    buffer += decoder.decode(value, { stream: true });
    let end: number;
    while ((end = buffer.indexOf('\n\n')) >= 0) {
      const frame = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const name = /^event: (.*)$/m.exec(frame)?.[1];
      const data = /^data: (.*)$/m.exec(frame)?.[1];
      if (!name || data === undefined) continue;
      const parsed: unknown = JSON.parse(data);
      const event = { name, data: parsed };
      seen.push(event);
      if (name === 'ready') whenOpen();
      if (until(event)) {
        abort.abort();
        return seen;
      }
    }
  }
}

describe('web console routes', () => {
  let f: ConsoleFixture;

  beforeAll(async () => {
    f = await startConsoleFixture();
  });
  afterAll(() => f.stop());
  beforeEach(() => {
    f.standin.reset();
    f.requests.length = 0;
    f.respond(() => undefined);
  });

  it('serves the page at / with a policy that forbids inline script, and its modules', async () => {
    const res = await fetch(f.url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expect(res.headers.get('content-security-policy')).toContain("script-src 'self'");
    const html = await res.text();
    expect(html).toContain('<script type="module" src="/console/static/app.js">');
    const js = await fetch(new URL('console/static/app.js', f.url));
    expect(js.headers.get('content-type')).toMatch(/^text\/javascript/);
    expect(await js.text()).toContain("new EventSource('/console/events')");
  });

  it('serves only files of its static folder', async () => {
    for (const path of [
      'console/static/..%2Findex.ts',
      'console/static/../index.ts',
      'console/static/nope.js',
    ]) {
      expect((await fetch(new URL(path, f.url))).status, path).toBe(404);
    }
  });

  it("describes the workspace with the manifest's commands and shortcuts", async () => {
    const res = await fetch(new URL('console/state', f.url));
    const state: unknown = await res.json();
    expect(state).toMatchObject({
      users: expect.arrayContaining([
        expect.objectContaining({ id: 'U0ANA', email: 'ana.silva@plant.example' }),
      ]),
      channels: expect.arrayContaining([expect.objectContaining({ name: 'plant-north-alerts' })]),
      manifest: {
        // Every command a feature declares, as the manifest lists them.
        commands: expect.arrayContaining(
          COMMAND_NAMES.map((command) => expect.objectContaining({ command })),
        ),
        shortcuts: expect.arrayContaining([
          expect.objectContaining({ callbackId: 'new_task', type: 'global' }),
          expect.objectContaining({ callbackId: 'share_to_feed', type: 'message' }),
        ]),
      },
    });
    const listed = (state as { manifest: { commands: unknown[] } }).manifest.commands;
    expect(listed).toHaveLength(COMMAND_NAMES.length);
  });

  it('streams a change event when a message is added', async () => {
    const events = await readEvents(
      new URL('console/events', f.url).toString(),
      (e) => e.name === 'change',
      () => f.standin.addMessage({ channel: 'C0ALERTS', text: 'Pump 3 is *leaking*' }),
    );
    expect(events[0]?.name).toBe('ready');
    expect(events.at(-1)?.data).toMatchObject({
      kind: 'message',
      action: 'add',
      message: { channel: 'C0ALERTS', text: 'Pump 3 is *leaking*' },
    });
  });

  it('sends a slash command typed in the console to the app as a signed form request', async () => {
    f.respond(() => ({ json: { text: 'On it: *pump 3*' } }));
    const res = await f.post('command', {
      user: 'U0BEN',
      channel: 'C0MAINT',
      text: '/task new Leaking valve on pump 3',
    });
    expect(res).toMatchObject({ status: 200, json: { ok: true, status: 200 } });
    expect(f.requests).toHaveLength(1);
    const [req] = f.requests;
    expect(req?.signatureValid).toBe(true);
    expect(req?.contentType).toBe('application/x-www-form-urlencoded');
    expect(req?.fields).toMatchObject({
      command: '/task',
      text: 'new Leaking valve on pump 3',
      user_id: 'U0BEN',
      channel_id: 'C0MAINT',
    });
    expect(req?.fields.trigger_id).toMatch(/\S/);
    // Slack shows a command's ack body as an ephemeral reply to the person who typed it.
    const reply = f.standin.messages('C0MAINT').find((m) => m.text === 'On it: *pump 3*');
    expect(reply?.ephemeralTo).toBe('U0BEN');
  });

  it('stores a typed message with &, < and > escaped, as Slack sends typed text', async () => {
    const res = await f.post('message', {
      user: 'U0ANA',
      channel: 'C0GENERAL',
      text: 'Pump 3 <urgent> & valve > 2 bar',
    });
    expect(res.status).toBe(200);
    const stored = f.standin.messages('C0GENERAL').at(-1);
    expect(stored?.text).toBe('Pump 3 &lt;urgent&gt; &amp; valve &gt; 2 bar');
  });

  it('reports a failing app the way Slack does, without storing a reply', async () => {
    f.respond(() => ({ status: 500, json: { error: 'boom' } }));
    const res = await f.post('command', { user: 'U0ANA', channel: 'C0GENERAL', text: '/task list' });
    expect(res.json).toMatchObject({ ok: true, status: 500, failure: 'dispatch_failed' });
    expect(f.standin.messages('C0GENERAL')).toEqual([]);
  });

  it('sends a button click on a message as block_actions with the message and a response_url', async () => {
    const m = f.standin.addMessage({
      channel: 'C0ALERTS',
      text: 'alert',
      user: 'U0BOT',
      blocks: [
        {
          type: 'actions',
          block_id: 'alert_actions',
          elements: [
            {
              type: 'button',
              action_id: 'alert_ack',
              text: { type: 'plain_text', text: 'Acknowledge' },
              value: 'alert:1',
            },
          ],
        },
      ],
    });
    const res = await f.post('action', {
      user: 'U0CHL',
      actionId: 'alert_ack',
      blockId: 'alert_actions',
      channel: 'C0ALERTS',
      ts: m.ts,
      value: 'alert:1',
    });
    expect(res.json).toMatchObject({ ok: true, status: 200 });
    const payload = f.requests[0]?.payload;
    expect(f.requests[0]?.signatureValid).toBe(true);
    expect(payload).toMatchObject({
      type: 'block_actions',
      user: { id: 'U0CHL' },
      container: { type: 'message', message_ts: m.ts, channel_id: 'C0ALERTS' },
      actions: [{ action_id: 'alert_ack', block_id: 'alert_actions', value: 'alert:1', type: 'button' }],
    });
    expect(String(payload?.response_url)).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/response\//);
  });

  it('loads external select options through block_suggestion and keeps a modal open with field errors', async () => {
    const trigger = f.standin.issueTriggerId('U0ANA');
    const opened = await fetch(f.standin.apiUrl + 'views.open', {
      method: 'POST',
      headers: { Authorization: `Bearer ${f.standin.botToken}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({
        trigger_id: trigger,
        view: modalView({ callback_id: 'task_create', title: 'New task', submit: 'Create' }, [
          inputBlock('task_name', 'Name', { type: 'plain_text_input', action_id: 'task_name' }),
          inputBlock('task_site', 'Site', {
            type: 'external_select',
            action_id: 'task_site',
            min_query_length: 0,
          }),
        ]),
      }),
    });
    const { view } = z.object({ view: z.object({ id: z.string() }) }).parse(await opened.json());
    f.respond((req) =>
      req.payload?.type === 'block_suggestion'
        ? { json: { options: [{ text: { type: 'plain_text', text: 'Berlin Plant' }, value: '101' }] } }
        : {
            json: { response_action: 'errors', errors: { task_name: 'A name needs at least 3 characters.' } },
          },
    );
    const suggested = await f.post('suggest', {
      user: 'U0ANA',
      viewId: view.id,
      actionId: 'task_site',
      value: 'ber',
    });
    expect(suggested.json.body).toEqual({
      options: [{ text: { type: 'plain_text', text: 'Berlin Plant' }, value: '101' }],
    });
    expect(f.requests[0]?.payload).toMatchObject({
      type: 'block_suggestion',
      value: 'ber',
      action_id: 'task_site',
    });

    const site = { text: { type: 'plain_text', text: 'Berlin Plant' }, value: '101' };
    const submitted = await f.post('submit', {
      user: 'U0ANA',
      viewId: view.id,
      values: { 'task_name.task_name': 'ab', 'task_site.task_site': site },
    });
    expect(submitted.json).toMatchObject({
      ok: true,
      closed: false,
      errors: { task_name: 'A name needs at least 3 characters.' },
    });
    expect(f.requests[1]?.payload).toMatchObject({
      type: 'view_submission',
      view: {
        state: {
          values: {
            task_name: { task_name: { value: 'ab' } },
            task_site: { task_site: { selected_option: site } },
          },
        },
      },
    });
    expect(f.standin.view(view.id)).toMatchObject({
      open: true,
      errors: { task_name: 'A name needs at least 3 characters.' },
    });
  });

  it('sends the values chosen so far in the modal with a block_suggestion, as Slack does', async () => {
    const opened = await fetch(f.standin.apiUrl + 'views.open', {
      method: 'POST',
      headers: { Authorization: `Bearer ${f.standin.botToken}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({
        trigger_id: f.standin.issueTriggerId('U0ANA'),
        view: {
          type: 'modal',
          callback_id: 'task_create',
          title: { type: 'plain_text', text: 'New task' },
          submit: { type: 'plain_text', text: 'Create' },
          blocks: ['task_site', 'task_device'].map((id) => ({
            type: 'input',
            block_id: id,
            label: { type: 'plain_text', text: id },
            element: { type: 'external_select', action_id: id, min_query_length: 0 },
          })),
        },
      }),
    });
    const { view } = z.object({ view: z.object({ id: z.string() }) }).parse(await opened.json());
    f.respond(() => ({ json: { options: [] } }));
    const site = { text: { type: 'plain_text', text: 'Berlin Plant' }, value: '101' };
    await f.post('suggest', {
      user: 'U0ANA',
      viewId: view.id,
      actionId: 'task_device',
      value: 'pump',
      values: { 'task_site.task_site': site },
    });
    // The app filters the data sources by the site picked a moment ago, before anything was submitted.
    expect(f.requests[0]?.payload).toMatchObject({
      type: 'block_suggestion',
      action_id: 'task_device',
      view: { state: { values: { task_site: { task_site: { selected_option: site } } } } },
    });
  });

  it('closes a modal and tells the app with view_closed when it asked (notify_on_close)', async () => {
    const opened = await fetch(`${f.standin.apiUrl}views.open`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${f.standin.botToken}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({
        trigger_id: f.standin.issueTriggerId('U0DAV'),
        view: {
          type: 'modal',
          callback_id: 'post_note',
          notify_on_close: true,
          title: { type: 'plain_text', text: 'Note' },
          blocks: [{ type: 'section', text: { type: 'mrkdwn', text: 'Nothing to fill' } }],
        },
      }),
    });
    const { view } = z.object({ view: z.object({ id: z.string() }) }).parse(await opened.json());
    const res = await f.post('close', { user: 'U0DAV', viewId: view.id });
    expect(res.json).toMatchObject({ ok: true, status: 200 });
    expect(f.requests[0]?.signatureValid).toBe(true);
    expect(f.requests[0]?.payload).toMatchObject({
      type: 'view_closed',
      user: { id: 'U0DAV' },
      view: { id: view.id },
    });
    expect(f.standin.view(view.id)?.open).toBe(false);
  });

  it('answers a clear 400 for a user the workspace does not have and for a malformed body', async () => {
    const unknown = await f.post('command', { user: 'U0NOBODY', channel: 'C0GENERAL', text: '/task help' });
    expect(unknown).toMatchObject({
      status: 400,
      json: { ok: false, error: 'unknown stand-in user U0NOBODY' },
    });
    const malformed = await f.post('command', { user: 'U0ANA' });
    expect(malformed.status).toBe(400);
    expect(String(malformed.json.error)).toMatch(/channel/);
    expect(f.requests).toEqual([]);
  });

  it('serves images inline and any other upload as a sandboxed download', async () => {
    const png = f.standin.addFile({
      name: 'chart.png',
      content: Buffer.from([0x89, 0x50, 0x4e, 0x47]),
      mimetype: 'image/png',
    });
    const html = f.standin.addFile({
      name: 'evil.html',
      content: '<script>alert(1)</script>',
      mimetype: 'text/html',
    });
    const image = await fetch(new URL(`console/files/${png.id}`, f.url));
    expect(image.headers.get('content-type')).toBe('image/png');
    expect(image.headers.get('content-disposition')).toMatch(/^inline/);
    const page = await fetch(new URL(`console/files/${html.id}`, f.url));
    expect(page.headers.get('content-type')).toBe('application/octet-stream');
    expect(page.headers.get('content-disposition')).toMatch(/^attachment/);
    expect(page.headers.get('content-security-policy')).toBe('sandbox');
  });
});
