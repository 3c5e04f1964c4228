/**
 * The posts listeners are named functions, called here directly, and the post modal's submission a declaration,
 * driven as Slack would (`receive`), with hand-built Slack arguments and a fake WebClient, no Bolt App and no
 * platform (none of these paths reaches it). Each acks before anything else.
 */
import { describe, expect, it } from 'vitest';
import { createLogger } from '../../src/base/log.ts';
import { channelOption } from '../../src/posts/render/post-modal.ts';
import type { PostChannel } from '../../src/posts/service/posts-service.ts';
import { handlePostChannelOptions } from '../../src/posts/slack/options-post-channel.ts';
import { handlePostCommand } from '../../src/posts/slack/command-post.ts';
import { postSubmit } from '../../src/posts/slack/view-post-submit.ts';
import type { ViewArgs } from '../../src/kit/entry.ts';
import { receive } from '../../src/runtime/entries.ts';
import { handleShareToFeed } from '../../src/posts/slack/shortcut-share-to-feed.ts';
import type { PublishDeps } from '../../src/posts/flows/publish-post.ts';
import {
  buildArguments,
  buildWithClient,
  type HandlerCall,
  recordedMethod,
} from '../fixtures/handler-args.ts';
import { untouchable } from '../fixtures/untouchable-deps.ts';

const log = createLogger({ level: 'silent' });
const NAMES: Record<string, string> = { U0ANA: 'Ana Silva', U0BEN: 'Ben Okafor' };

/** The WebClient methods these handlers call; each call is recorded next to ack/respond. */
function fakeClient(calls: HandlerCall[]) {
  const record = (fn: string, answer: (arg: Record<string, unknown>) => Record<string, unknown>) =>
    recordedMethod(calls, fn, answer);
  return {
    users: {
      info: record('users.info', (a) => ({ user: { id: a.user, real_name: NAMES[String(a.user)] } })),
    },
    chat: {
      getPermalink: record('chat.getPermalink', (a) => ({
        permalink: `https://fieldline-local.slack.com/archives/${String(a.channel)}/p1`,
      })),
    },
    views: { open: record('views.open', () => ({ view: { id: 'V0POST' } })) },
  };
}

function contentOf(view: unknown): string | undefined {
  const blocks = (view as { blocks: { block_id?: string; element?: { initial_value?: string } }[] }).blocks;
  return blocks.find((b) => b.block_id === 'post_content')?.element?.initial_value;
}

function shareArgs(calls: HandlerCall[], sharer: string, author: string) {
  return buildArguments<Parameters<typeof handleShareToFeed>[0]>({
    calls,
    client: fakeClient(calls),
    shortcut: {
      type: 'message_action',
      callback_id: 'share_to_feed',
      trigger_id: 'trigger-1',
      user: { id: sharer },
      channel: { id: 'C0GENERAL' },
      message: { type: 'message', ts: '111.1', user: author, text: 'Valve 7 is dripping' },
    },
  });
}

describe('posts handlers called without an App', () => {
  it('answers /post help in the ack itself and opens nothing', async () => {
    const built = buildWithClient<Parameters<typeof handlePostCommand>[0]>(fakeClient, {
      command: { text: ' help ', channel_id: 'C0GENERAL', trigger_id: 't', user_id: 'U0ANA' },
    });
    await handlePostCommand(built.args);
    expect(built.calls.map((c) => c.fn)).toEqual(['ack']);
    expect(JSON.stringify(built.argsOf('ack')[0])).toContain('/post [text]');
  });

  it('Share to feed credits the person who shared and, apart, the author of the message', async () => {
    const calls: HandlerCall[] = [];
    const built = shareArgs(calls, 'U0ANA', 'U0BEN');
    await handleShareToFeed(built.args, { log });
    expect(calls[0]?.fn).toBe('ack');
    const [open] = built.argsOf('views.open') as { trigger_id: string; view: unknown }[];
    expect(open?.trigger_id).toBe('trigger-1');
    expect(contentOf(open?.view)).toBe(
      'Valve 7 is dripping\n\nShared from Slack by Ana Silva — message by Ben Okafor: ' +
        'https://fieldline-local.slack.com/archives/C0GENERAL/p1',
    );
  });

  it('Share to feed of your own message names you once', async () => {
    const calls: HandlerCall[] = [];
    const built = shareArgs(calls, 'U0BEN', 'U0BEN');
    await handleShareToFeed(built.args, { log });
    const [open] = built.argsOf('views.open') as { view: unknown }[];
    expect(contentOf(open?.view)).toMatch(/Shared from Slack by Ben Okafor: https:\/\//);
    expect(built.argsOf('users.info')).toEqual([{ user: 'U0BEN' }]);
  });

  it('refuses an incomplete post form in the ack, on the exact fields, and publishes nothing', async () => {
    const built = buildWithClient<ViewArgs>(fakeClient, {
      body: { type: 'view_submission', user: { id: 'U0ANA' } },
      view: { id: 'V0POST', private_metadata: '', state: { values: {} } },
    });
    // Nothing past validation may run: any use of the deps fails the test.
    await receive(postSubmit(untouchable<PublishDeps>()), built.args);
    expect(built.calls.map((c) => c.fn)).toEqual(['ack']);
    expect(built.argsOf('ack')[0]).toEqual({
      response_action: 'errors',
      errors: {
        post_content: 'Write something to post.',
        post_channel: 'Choose the platform channel to post in.',
      },
    });
  });

  it('offers the platform channels matching what was typed', async () => {
    const channels: PostChannel[] = [
      { channelId: '7101', label: 'Berlin Plant (site feed)', siteId: '101' },
      { channelId: '7102', label: 'Porto Plant (site feed)', siteId: '102' },
    ];
    const calls: HandlerCall[] = [];
    const built = buildArguments<Parameters<typeof handlePostChannelOptions>[0]>({
      calls,
      options: { type: 'block_suggestion', action_id: 'post_channel', value: 'porto' },
    });
    const directory = { list: async () => channels, find: async () => undefined };
    await handlePostChannelOptions(built.args, { log, posts: { channels: directory } });
    expect(built.argsOf('ack')).toEqual([{ options: [channelOption('7102', 'Porto Plant (site feed)')] }]);
  });
});
