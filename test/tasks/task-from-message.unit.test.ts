/** Create task from message: title from the first line, description with author and permalink. */
import { describe, expect, it } from 'vitest';
import {
  descriptionFromMessage,
  messageOrigin,
  plainFromSlack,
  titleFromText,
} from '../../src/tasks/rules/from-message.ts';
import { filesOf } from '../../src/tasks/slack/shortcut-task-from-message.ts';

describe('titleFromText', () => {
  it('takes the first non-empty line', () => {
    expect(titleFromText('\n  Valve leaking  \nmore')).toBe('Valve leaking');
  });

  it('cuts long lines at a word boundary to at most 80 characters', () => {
    const title = titleFromText('word '.repeat(40));
    expect(title.length).toBeLessThanOrEqual(80);
    expect(title).toMatch(/word…$/);
  });

  it('cuts a line without spaces hard', () => {
    expect(Array.from(titleFromText('x'.repeat(200)))).toHaveLength(80);
  });

  it('keeps < and > the person typed and drops only a leading quote marker', () => {
    expect(titleFromText('Pump 3 &lt;urgent&gt; pressure &gt; 2 bar')).toBe(
      'Pump 3 <urgent> pressure > 2 bar',
    );
    expect(titleFromText('&gt; quoted *line*')).toBe('quoted line');
  });

  it('turns Slack markup into readable text', () => {
    expect(titleFromText('<@U1> see <https://x.example|the dashboard> in <#C1|ops> &amp; *now*')).toBe(
      '@U1 see the dashboard in #ops & now',
    );
    expect(plainFromSlack('<!here> <https://a.example>')).toBe('@here https://a.example');
  });
});

describe('descriptionFromMessage', () => {
  it('adds author and permalink after the text', () => {
    expect(
      descriptionFromMessage({ text: 'Line 1\nLine 2', author: 'Ana Silva', permalink: 'https://s/p1' }),
    ).toBe('Line 1\nLine 2\n\n— From Ana Silva in Slack: https://s/p1');
  });

  it('keeps the permalink when the text is too long for the field', () => {
    const d = descriptionFromMessage({ text: 'y'.repeat(5000), author: null, permalink: 'https://s/p1' });
    expect(d.length).toBeLessThanOrEqual(3000);
    expect(d.endsWith('in Slack: https://s/p1')).toBe(true);
  });
});

describe('filesOf', () => {
  it('lists the files of a message and ignores anything malformed', () => {
    expect(
      filesOf({
        files: [
          { id: 'F1', name: 'a.png' },
          { id: 'F2', title: 'b' },
        ],
      }),
    ).toEqual([
      { id: 'F1', name: 'a.png' },
      { id: 'F2', name: 'b' },
    ]);
    expect(filesOf({ files: 'nope' })).toEqual([]);
    expect(filesOf(undefined)).toEqual([]);
  });
});

describe('messageOrigin', () => {
  it('reads the message back from the line descriptionFromMessage wrote', () => {
    const permalink = 'https://fieldline.slack.com/archives/C0MAINT/p1796514506326000';
    const d = descriptionFromMessage({ text: 'Valve leaking\nsee photo', author: 'Ben Okafor', permalink });
    expect(messageOrigin(d)).toEqual({ channel: 'C0MAINT', ts: '1796514506.326000' });
    const reply = `${permalink}?thread_ts=1796514400.000100&cid=C0MAINT`;
    expect(messageOrigin(descriptionFromMessage({ text: 'x', author: null, permalink: reply }))).toEqual({
      channel: 'C0MAINT',
      ts: '1796514506.326000',
    });
  });

  it('is null for a description without that last line', () => {
    expect(messageOrigin(descriptionFromMessage({ text: 'x', author: 'Ana', permalink: null }))).toBeNull();
    expect(
      messageOrigin('see https://x.slack.com/archives/C0MAINT/p1796514506326000 for context'),
    ).toBeNull();
    expect(messageOrigin(null)).toBeNull();
  });
});
