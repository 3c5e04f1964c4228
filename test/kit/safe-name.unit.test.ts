/** Names and titles shown safely: escaped, and formatting characters shown as typed (never bold, italic, code). */
import { describe, expect, it } from 'vitest';
import { neutraliseFormatting, safeName, truncate } from '../../src/kit/blocks/mrkdwn.ts';
import { renderTaskParent } from '../../src/alerts/render/task-message.ts';

// Slack's inline formatting: a marker pair at word boundaries (what the local console renders, too).
const BEFORE = '(^|[\\s(\\[{"\'“‘])';
const AFTER = '(?=$|[\\s.,!?;:)\\]}"\'”’])';
const FORMATS = [
  /`[^`\n]+`/,
  new RegExp(`${BEFORE}\\*[^*\\n]+\\*${AFTER}`),
  new RegExp(`${BEFORE}_[^_\\n]+_${AFTER}`),
  new RegExp(`${BEFORE}~[^~\\n]+~${AFTER}`),
];
export const formats = (text: string) => FORMATS.some((re) => re.test(text));

describe('safeName', () => {
  it.each(['*bold* pump', '_italic_ valve', '~struck~ line', '`code` tank', 'a *b* _c_ ~d~ `e`'])(
    '%j forms no formatting',
    (name) => {
      expect(formats(name)).toBe(true);
      expect(formats(safeName(name, 200))).toBe(false);
      // inside the caller's own bold, the name stays one bold run
      expect(`*${safeName(name, 200)}*`).toMatch(new RegExp(`^${FORMATS[1]!.source.slice(BEFORE.length)}`));
    },
  );

  it('still escapes &, < and > and keeps within the limit', () => {
    expect(safeName('<!channel> & *x*', 200)).toBe('&lt;!channel&gt; &amp; ∗x∗');
    expect(safeName('*'.repeat(50) + '_'.repeat(50), 60).length).toBeLessThanOrEqual(60);
  });

  it('leaves underscores inside words (file names) as they are', () => {
    expect(neutraliseFormatting('Main-Energy-Meter_last-2d.csv')).toBe('Main-Energy-Meter_last-2d.csv');
  });
});

describe('relay messages show names safely', () => {
  it('renders a task named *bold* pump with its asterisks in the relay parent', () => {
    const parent = renderTaskParent({
      id: 't1',
      name: '*bold* pump',
      siteId: 's',
      siteName: '_night_ shift',
      statusId: '5',
      statusName: 'To Do',
      priorityId: null,
      priorityName: null,
      assigneeId: null,
      assigneeName: null,
      dueDate: null,
      open: true,
      overdue: false,
      deviceId: null,
      deviceName: null,
      modifiedAt: null,
    });
    const [title, fields] = parent.blocks as unknown as [
      { text: { text: string } },
      { fields: { text: string }[] },
    ];
    expect(title.text.text).toBe(':clipboard: *∗bold∗ pump*');
    const site = fields.fields.find((f) => f.text.startsWith('*Site*'))!.text.replace('*Site*\n', '');
    expect(formats(site)).toBe(false);
  });
});

describe('truncate', () => {
  it('keeps within the limit in UTF-16 units (as Block Kit counts) without splitting an emoji', () => {
    const text = '🔥'.repeat(10); // 20 UTF-16 units
    const cut = truncate(text, 9);
    expect(cut.length).toBeLessThanOrEqual(9);
    expect(cut).toBe('🔥🔥🔥🔥…');
    expect(truncate('short', 9)).toBe('short');
  });
});
