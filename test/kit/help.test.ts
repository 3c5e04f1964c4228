import { describe, expect, it } from 'vitest';
import { validateBlocks } from '../../src/slack-standin/index.ts';
import { COMMAND_HELP, COMMAND_NAMES } from '../../src/kit/help/commands.ts';
import { helpReply, renderCommandHelp } from '../../src/kit/help/render-help.ts';

describe('command help', () => {
  it.each(COMMAND_NAMES)('%s help is valid Block Kit for a message', (command) => {
    const message = renderCommandHelp(COMMAND_HELP[command]);
    expect(validateBlocks(message.blocks, 'message')).toEqual([]);
    expect(message.response_type).toBe('ephemeral');
  });

  it('escapes placeholders so <title> is shown, not parsed as a link', () => {
    const text = JSON.stringify(renderCommandHelp(COMMAND_HELP['/task']).blocks);
    expect(text).toContain('&lt;title&gt;');
    expect(text).not.toContain('<title>');
  });

  it.each(['help', 'HELP', ' ? ', '--help', ''])('treats %j as asking for help', (typed) => {
    expect(helpReply(COMMAND_HELP['/source'], typed).blocks[0]).toMatchObject({
      text: { text: expect.stringContaining('*/source*') },
    });
  });

  it('quotes an unknown request escaped and shortened, and stays within Block Kit limits', () => {
    const typed = `<!here> ${'x'.repeat(5000)}`;
    const message = helpReply(COMMAND_HELP['/reading'], typed);
    const first = JSON.stringify(message.blocks[0]);
    expect(first).toContain("I don't know `/reading &lt;!here&gt;");
    expect(first.length).toBeLessThan(400);
    expect(validateBlocks(message.blocks, 'message')).toEqual([]);
    expect(message.text).not.toContain('<!here>');
  });
});
