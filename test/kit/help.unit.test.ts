import { describe, expect, it } from 'vitest';
import { validateBlocks } from '../../src/slack-standin/index.ts';
import { COMMAND_NAMES, helpOf } from '../fixtures/command-help.ts';
import { helpReply, renderCommandHelp } from '../../src/kit/help/render-help.ts';

describe('command help', () => {
  it.each(COMMAND_NAMES)('%s help is valid Block Kit for a message', (command) => {
    const message = renderCommandHelp(helpOf(command));
    expect(validateBlocks(message.blocks, 'message')).toEqual([]);
    expect(message.response_type).toBe('ephemeral');
  });

  it('escapes placeholders so <title> is shown, not parsed as a link', () => {
    const text = JSON.stringify(renderCommandHelp(helpOf('/task')).blocks);
    expect(text).toContain('&lt;title&gt;');
    expect(text).not.toContain('<title>');
  });

  it.each(['help', 'HELP', ' ? ', '--help', ''])('treats %j as asking for help', (typed) => {
    expect(helpReply(helpOf('/source'), typed).blocks[0]).toMatchObject({
      text: { text: expect.stringContaining('*/source*') },
    });
  });

  it('quotes an unknown request escaped and shortened, and stays within Block Kit limits', () => {
    const typed = `<!here> ${'x'.repeat(5000)}`;
    const message = helpReply(helpOf('/reading'), typed);
    const first = JSON.stringify(message.blocks[0]);
    expect(first).toContain("I don't know `/reading &lt;!here&gt;");
    expect(first.length).toBeLessThan(400);
    expect(validateBlocks(message.blocks, 'message')).toEqual([]);
    expect(message.text).not.toContain('<!here>');
  });
});
