import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { WebClient } from '@slack/web-api';
import { startStandin, type Standin, type StoredView } from '../../src/slack-standin/index.ts';
import { SLACK_REFERENCE_DIR } from '../setup/shared-dir.ts';
import { inputBlock, modalView, plainText } from './modal-views.ts';

const PAYLOADS = join(SLACK_REFERENCE_DIR, 'payloads');

type Json = Record<string, unknown>;

/** Paths present in Slack's sample (recursively, arrays by their first item) but missing in ours. */
function missingPaths(sample: unknown, actual: unknown, path = ''): string[] {
  if (Array.isArray(sample)) {
    if (!Array.isArray(actual)) return [path];
    return sample.length > 0 && actual.length > 0 ? missingPaths(sample[0], actual[0], `${path}[0]`) : [];
  }
  if (typeof sample !== 'object' || sample === null) return [];
  if (typeof actual !== 'object' || actual === null) return [path];
  return Object.entries(sample).flatMap(([key, value]) =>
    key in actual ? missingPaths(value, (actual as Json)[key], `${path}.${key}`) : [`${path}.${key}`],
  );
}

/** Enterprise Grid fields, parts of a human-typed message (client_msg_id, rich_text) no bot message has, and the
 * inner event of event_callback (the test supplies it; the envelope is what the driver builds). */
const NOT_APPLICABLE = [/enterprise/, /client_msg_id/, /^\.message\.blocks/, /^\.event\./];

function compare(sampleFile: string, actual: unknown): string[] {
  const sample: unknown = JSON.parse(readFileSync(join(PAYLOADS, sampleFile), 'utf8'));
  return missingPaths(sample, actual).filter((p) => !NOT_APPLICABLE.some((re) => re.test(p)));
}

let standin: Standin;
let app: Server;
const received: { contentType: string; body: string }[] = [];
let ackBody = '';

function lastPayload(): Json {
  const last = received.at(-1);
  if (!last) throw new Error('nothing received');
  if (last.contentType.startsWith('application/json')) return JSON.parse(last.body) as Json;
  const form = new URLSearchParams(last.body);
  const payload = form.get('payload');
  return payload ? (JSON.parse(payload) as Json) : Object.fromEntries(form);
}

beforeAll(async () => {
  // A bare app endpoint that records what Slack (the driver) sends.
  app = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({
        contentType: req.headers['content-type'] ?? '',
        body: Buffer.concat(chunks).toString(),
      });
      res.writeHead(200, { 'Content-Type': 'application/json' }).end(ackBody);
    });
  });
  await new Promise<void>((resolve) => app.listen(0, '127.0.0.1', resolve));
  standin = await startStandin({ appUrl: `http://127.0.0.1:${(app.address() as AddressInfo).port}` });
});
afterAll(async () => {
  await standin.close();
  await new Promise((resolve) => app.close(resolve));
});

async function openModal(): Promise<StoredView> {
  const client = new WebClient(standin.botToken, { slackApiUrl: standin.apiUrl });
  const { triggerId } = await standin.driver.globalShortcut('new_task');
  const view = modalView(
    {
      callback_id: 'view-id',
      notify_on_close: true,
      title: 'My App',
      submit: 'Submit',
      close: plainText('Cancel'),
    },
    [
      inputBlock('hspI', 'Label', { type: 'plain_text_input', action_id: 'maBWU' }),
      inputBlock('es_b', 'Search', { type: 'external_select', action_id: 'es_a' }, true),
    ],
  );
  const res = await client.views.open({ trigger_id: triggerId!, view });
  return standin.view(res.view!.id!)!;
}

describe.skipIf(!existsSync(PAYLOADS))(
  'driver payloads have every field of the real samples (../shared/slack/payloads; skipped when absent)',
  () => {
    it('slash command form fields', async () => {
      await standin.driver.command({ command: '/task', text: 'Hi' });
      expect(received.at(-1)?.contentType).toBe('application/x-www-form-urlencoded');
      expect(compare('slash_command.parsed.json', lastPayload())).toEqual([]);
    });

    it('global shortcut', async () => {
      await standin.driver.globalShortcut('new_task');
      expect(compare('shortcut_global.json', lastPayload())).toEqual([]);
    });

    it('message shortcut', async () => {
      const message = standin.addMessage({ channel: 'C0GENERAL', text: '<@U0BEN> test' });
      await standin.driver.messageShortcut('create_task_from_message', { message });
      expect(compare('message_action.json', lastPayload())).toEqual([]);
    });

    it('block action on a message', async () => {
      const client = new WebClient(standin.botToken, { slackApiUrl: standin.apiUrl });
      const blocks = [
        {
          type: 'actions',
          block_id: 'b',
          elements: [
            {
              type: 'button',
              action_id: 'a',
              value: 'click_me_123',
              text: { type: 'plain_text', text: 'Button' },
            },
          ],
        },
      ];
      const posted = await client.chat.postMessage({ channel: 'C0GENERAL', text: 'x', blocks });
      await standin.driver.blockAction({ actionId: 'a', message: posted.ts!, channel: 'C0GENERAL' });
      expect(compare('block_actions.json', lastPayload())).toEqual([]);
    });

    it('block suggestion, view submission and view closed', async () => {
      const view = await openModal();
      await standin.driver.blockSuggestion({ actionId: 'es_a', value: 'search word', view });
      expect(compare('block_suggestion.json', lastPayload())).toEqual([]);
      ackBody = JSON.stringify({ response_action: 'errors', errors: { hspI: 'nope' } });
      await standin.driver.viewSubmission({ view, values: { maBWU: 'test' } });
      ackBody = '';
      expect(compare('view_submission.json', lastPayload())).toEqual([]);
      await standin.driver.viewClosed(view);
      expect(compare('view_closed.json', lastPayload())).toEqual([]);
    });

    it('events as JSON in the modern envelope', async () => {
      await standin.driver.event({
        type: 'message',
        text: '<@U0BOT>',
        user: 'U0ANA',
        channel: 'C0GENERAL',
        channel_type: 'channel',
      });
      expect(received.at(-1)?.contentType).toBe('application/json');
      expect(compare('event_callback.message.json', lastPayload())).toEqual([]);
      await standin.driver.appHomeOpened();
      expect(compare('event_callback.app_home_opened.json', lastPayload())).toEqual([]);
    });
  },
);
