/**
 * The readings declarations, driven as Slack would (`receive` from src/runtime/entries.ts: with no queue it acks and
 * runs the work inline) with hand-built Slack arguments and no Bolt App, with only the deps each one takes, against
 * a loopback sandbox. Each acks before anything else.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BaseDeps } from '../../src/base/deps.ts';
import type { ActionArgs, CommandArgs, Entry, ViewArgs } from '../../src/kit/entry.ts';
import { readingCommand } from '../../src/readings/slack/command-reading.ts';
import { readingEntrySubmit } from '../../src/readings/slack/view-reading-entry-submit.ts';
import { sourceCommand } from '../../src/readings/slack/command-source.ts';
import { sourceDetails } from '../../src/readings/slack/action-source-details.ts';
import { receive } from '../../src/runtime/entries.ts';
import { startSandbox, type Sandbox } from '../../src/sandbox/index.ts';
import { createServices, type Services } from '../../src/main/services.ts';
import { buildArguments, recordedMethod, type HandlerCall } from '../fixtures/handler-args.ts';
import { sandboxBaseDeps } from '../fixtures/sandbox-deps.ts';

let sandbox: Sandbox;
let base: BaseDeps;
let services: Services;
beforeAll(async () => {
  sandbox = await startSandbox({});
  base = await sandboxBaseDeps(sandbox, { now: () => Date.now() });
  services = createServices(base);
});
afterAll(async () => {
  await base?.monitoring.close();
  await sandbox?.close();
});

const command = (text: string) => ({
  text,
  user_id: 'U0ANA',
  channel_id: 'C0PLANT',
  trigger_id: 't',
  response_url: 'http://127.0.0.1:9/response',
});

/** Receives a command with `text` typed and every dep: what it called, in order, and its ack as JSON. */
async function runCommand(declare: (deps: BaseDeps & Services) => Entry, text: string) {
  const built = buildArguments<CommandArgs>({ command: command(text) });
  await receive(declare({ ...base, ...services }), built.args);
  return { fns: built.calls.map((c) => c.fn), ack: JSON.stringify(built.argsOf('ack')[0]) };
}

describe('readings handlers called without an App', () => {
  it('answers `/source file banana` in the ack: file ids are numbers', async () => {
    const { fns, ack } = await runCommand(sourceCommand, 'file banana');
    expect(fns).toEqual(['ack']);
    expect(ack).toContain('platform file ids are numbers');
  });

  it('answers an impossible /reading range in the ack, asking the platform nothing', async () => {
    sandbox.admin.clearRequests();
    const { fns, ack } = await runCommand(readingCommand, 'Main Energy Meter 2026-02-30');
    expect(fns).toEqual(['ack']);
    expect(ack).toContain('not a real calendar date');
    expect(sandbox.admin.requests()).toEqual([]);
  });

  it('shows the source card after the ack on "Details"', async () => {
    const calls: HandlerCall[] = [];
    const built = buildArguments<ActionArgs>({
      calls,
      client: { chat: { postEphemeral: recordedMethod(calls, 'chat.postEphemeral') } },
      body: { type: 'block_actions', user: { id: 'U0ANA' }, channel: { id: 'C0PLANT' } },
      action: { action_id: 'source_details:0', value: '1001' },
    });
    await receive(sourceDetails({ sources: services.sources, clock: base.clock, log: base.log }), built.args);
    expect(calls.map((c) => c.fn)).toEqual(['ack', 'respond']);
    expect(JSON.stringify(built.argsOf('respond')[0])).toContain('Main Energy Meter');
  });

  it('keeps the Enter reading modal open with the count’s error on its field', async () => {
    const calls: HandlerCall[] = [];
    const written = sandbox.admin.written().readings.length;
    const built = buildArguments<ViewArgs>({
      calls,
      body: { type: 'view_submission', user: { id: 'U0ANA' } },
      view: {
        id: 'V0ENTRY',
        private_metadata: JSON.stringify({ sourceId: '1007', channel: null }),
        blocks: [
          {
            type: 'input',
            block_id: 'metric_3101',
            optional: true,
            label: { type: 'plain_text', text: 'People In' },
            element: { type: 'number_input', action_id: 'value', is_decimal_allowed: false, min_value: '0' },
          },
        ],
        state: { values: { metric_3101: { value: { type: 'number_input', value: '-5' } } } },
      },
    });
    await receive(
      readingEntrySubmit({ sources: services.sources, clock: base.clock, log: base.log }),
      built.args,
    );
    expect(calls.map((c) => c.fn)).toEqual(['ack']);
    expect(built.argsOf('ack')[0]).toEqual({
      response_action: 'errors',
      errors: { metric_3101: 'People In is a count: it cannot be negative.' },
    });
    expect(sandbox.admin.written().readings.length).toBe(written);
  });
});
