/**
 * Issue 37, item 3: in a Slack Connect channel (#partner-co-shared, shared with Partner Co) fieldline refuses the
 * partner, so it must not post a member's answers there for the partner to read. `/reading` and `/source file`
 * answer only the person who asked (the chart and files go to their DM), with a "Share in channel" button whose
 * confirmation says the channel is shared with another organisation; sharing posts it, saying who chose to.
 * Signed requests through the stand-in.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StoredMessage } from '../../src/slack-standin/index.ts';
import { checkBlockKitAndStop } from '../fixtures/block-kit.ts';
import { startHarness, type Harness } from '../harness.ts';
import { readingAnswer } from './flow-helpers.ts';
import { waitFor } from './source-helpers.ts';

const SHARED = 'C0PARTNER';
const DM = 'D0ANA';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
  // As local mode seeds it (src/main/local/seed-workspace.ts): the bot is in it, Kai from Partner Co wrote there.
  h.standin.addChannel({
    id: SHARED,
    name: 'partner-co-shared',
    is_private: false,
    is_im: false,
    is_member: true,
    is_ext_shared: true,
  });
  h.standin.addMessage({ channel: SHARED, user: 'U0KAI', text: 'Hi from Partner Co' });
});
afterAll(() => checkBlockKitAndStop(h));

const json = (m: StoredMessage) => `${m.text} ${JSON.stringify(m.blocks ?? [])}`;
/** What everyone in the shared channel can read that fieldline posted. */
const publicBotPosts = () =>
  h.standin.messages(SHARED).filter((m) => m.user === h.standin.botUserId && m.ephemeralTo === undefined);
const filesSharedIn = (channel: string) =>
  h.standin.callsTo('files.completeUploadExternal').filter((c) => c.args.channel_id === channel);

/** Runs the command as Ana in the shared channel: nothing appears there for others; returns her private answer. */
async function privateAnswer(text: string, command = '/reading'): Promise<StoredMessage> {
  const before = { messages: h.standin.messages(SHARED).length, posts: publicBotPosts().length };
  await h.driver.command({ command, text, channel: SHARED, user: 'U0ANA' });
  await h.app.whenIdle();
  expect(publicBotPosts().slice(before.posts).map(json)).toEqual([]);
  return waitFor(() =>
    h.standin
      .messages(SHARED)
      .slice(before.messages)
      .find((m) => m.ephemeralTo === 'U0ANA' && json(m).includes('Share in channel')),
  );
}

/** The button `actionId` of a message, with its confirmation. */
function button(m: StoredMessage, actionId: string) {
  type Actions = { type: string; elements?: { action_id: string; confirm?: unknown }[] };
  const elements = ((m.blocks ?? []) as Actions[]).flatMap((b) =>
    b.type === 'actions' ? (b.elements ?? []) : [],
  );
  return elements.find((e) => e.action_id === actionId);
}

describe('in a channel shared with another organisation', () => {
  it('/reading answers only the person who asked; the chart goes to their DM; nothing is posted there', async () => {
    const dmFiles = filesSharedIn(DM).length;
    const answer = await privateAnswer('Main Energy Meter');
    expect(publicBotPosts()).toEqual([]);
    expect(filesSharedIn(SHARED)).toEqual([]);
    expect(json(answer)).toContain('Main Energy Meter — last 24 h');
    expect(json(answer)).toContain('Chart in our DM.');
    expect(json(answer)).toContain('Export CSV');
    const share = button(answer, 'reading_share');
    expect(JSON.stringify(share?.confirm)).toContain('shared with another organisation');
    expect(filesSharedIn(DM).length).toBe(dmFiles + 1);
  });

  it('"Share in channel" posts the answer and its chart there, saying who shared it', async () => {
    const answer = await privateAnswer('Main Energy Meter 7d');
    const files = filesSharedIn(SHARED).length;
    await h.driver.blockAction({
      actionId: 'reading_share',
      message: answer,
      channel: SHARED,
      user: 'U0ANA',
    });
    const shared = await waitFor(() =>
      publicBotPosts().find((m) => json(m).includes('Main Energy Meter — last 7 d')),
    );
    expect(json(shared)).toContain('<@U0ANA> shared this in the channel.');
    await waitFor(() => filesSharedIn(SHARED).length > files);
    expect(filesSharedIn(SHARED).at(-1)?.args.thread_ts).toBe(shared.ts);
    await waitFor(() => h.standin.messages(SHARED).find((m) => m.text === 'You shared this in the channel.'));
  });

  it('an export goes to the person’s DM, with the offer to share it', async () => {
    const files = filesSharedIn(SHARED).length;
    const answer = await privateAnswer('Main Energy Meter 24h export');
    expect(json(answer)).toContain('file in our DM');
    expect(button(answer, 'reading_share')).toBeDefined();
    expect(filesSharedIn(SHARED).length).toBe(files);
    expect(publicBotPosts().filter((m) => json(m).includes('exported'))).toEqual([]);
    expect(h.standin.uploads().some((f) => f.name.endsWith('.csv') && f.channels.includes(DM))).toBe(true);
  });

  it('/source file <id> sends the platform file to the DM; sharing posts it in the channel', async () => {
    const fileId = h.sandbox.admin.state.files[0]!.id;
    const before = { posts: publicBotPosts().length, files: filesSharedIn(SHARED).length };
    const answer = await privateAnswer(`file ${fileId}`, '/source');
    expect(json(answer)).toContain('is in our DM');
    expect(filesSharedIn(SHARED).length).toBe(before.files);
    expect(publicBotPosts().length).toBe(before.posts);
    expect(JSON.stringify(button(answer, 'file_share_here')?.confirm)).toContain('another organisation');
    await h.driver.blockAction({
      actionId: 'file_share_here',
      message: answer,
      channel: SHARED,
      user: 'U0ANA',
    });
    const posted = await waitFor(() => filesSharedIn(SHARED)[before.files]);
    expect(String(posted.args.initial_comment)).toContain('<@U0ANA> shared');
  });

  it('in an internal channel the answer is still posted for everyone', async () => {
    const { message } = await readingAnswer(h, 'Main Energy Meter 1h');
    expect(message.channel).toBe('C0GENERAL');
    expect(message.ephemeralTo).toBeUndefined();
    expect(json(message)).not.toContain('Share in channel');
  });
});
