import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMMAND_NAMES, helpOf } from '../fixtures/command-help.ts';
import { startHarness, type Harness } from '../harness.ts';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h.stop();
});

function ackText(body: unknown): string {
  if (body === null || typeof body !== 'object') return '';
  const record = body as { text?: unknown; blocks?: unknown };
  return `${typeof record.text === 'string' ? record.text : ''}\n${JSON.stringify(record.blocks ?? [])}`;
}

describe('every command explains itself', () => {
  it.each(COMMAND_NAMES)('%s help answers its usage, only to the caller', async (command) => {
    const res = await h.driver.command({ command, text: 'help' });
    expect(res.status).toBe(200);
    expect(res.tooSlow).toBe(false);
    expect(res.body).toMatchObject({ response_type: 'ephemeral' });
    const text = ackText(res.body);
    expect(text).toContain(helpOf(command).summary.replace(/&/g, '&amp;'));
    for (const line of helpOf(command).lines) {
      expect(text).toContain(line.usage.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;'));
    }
  });

  // `/task` and `/post` with no text open their forms instead.
  it.each(['/reading', '/source', '/monitor'] as const)(
    '%s with no text answers the help',
    async (command) => {
      const res = await h.driver.command({ command, text: '' });
      expect(res.status).toBe(200);
      expect(ackText(res.body)).toContain(helpOf(command).summary.replace(/&/g, '&amp;'));
    },
  );

  it('answers an unknown subcommand with the help, naming what was not understood, escaped', async () => {
    const res = await h.driver.command({ command: '/monitor', text: 'frobnicate <!channel>' });
    expect(res.status).toBe(200);
    const text = ackText(res.body);
    expect(text).toContain("I don't know `/monitor frobnicate");
    expect(text).not.toContain('<!channel>');
    expect(text).toContain('/monitor subscribe alerts');
  });

  it('posts nothing to the channel for help (the ack carries it)', async () => {
    const before = h.standin.callsTo('chat.postMessage').length;
    await h.driver.command({ command: '/task', text: 'help' });
    expect(h.standin.callsTo('chat.postMessage').length).toBe(before);
  });
});
