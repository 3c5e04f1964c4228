/**
 * The home declarations, driven as Slack would (`receive`; with no job queue the work runs inline) with
 * hand-built Slack arguments and a fake WebClient, no Bolt App and no platform (none of these paths reaches it).
 * Each acks before anything else.
 */
import { describe, expect, it } from 'vitest';
import { createLogger } from '../../src/base/log.ts';
import type { ActionArgs, EventArgs, ViewArgs } from '../../src/kit/entry.ts';
import { receive } from '../../src/runtime/entries.ts';
import { appHomeOpened } from '../../src/home/slack/event-app-home-opened.ts';
import { sourceSearchSubmit, type SourceSearchDeps } from '../../src/home/slack/view-source-search-submit.ts';
import { homeTaskOpen, type HomeTaskOpenDeps } from '../../src/home/slack/action-task-open.ts';
import type { PublishHomeDeps } from '../../src/home/flows/publish-home.ts';
import { buildWithClient, recordedMethod, type HandlerCall } from '../fixtures/handler-args.ts';
import { untouchable } from '../fixtures/untouchable-deps.ts';

const log = createLogger({ level: 'silent' });

/** The WebClient methods these handlers call; each call is recorded next to ack/respond. */
function fakeClient(calls: HandlerCall[]) {
  const method = (fn: string, answer?: Record<string, unknown>) => recordedMethod(calls, fn, answer);
  return {
    views: {
      open: method('views.open', { view: { id: 'V0ANSWER' } }),
      update: method('views.update'),
      publish: method('views.publish'),
    },
    chat: { postMessage: method('chat.postMessage', { ts: '1.1', channel: 'D0ANA' }) },
  };
}

/** A block_actions body as Slack sends it for "Open card" on the Home tab (no channel, no response_url). */
function openCardBody(taskId: string, triggerId?: string) {
  return {
    type: 'block_actions',
    user: { id: 'U0ANA' },
    ...(triggerId ? { trigger_id: triggerId } : {}),
    container: { type: 'view', view_id: 'V0HOME' },
    view: { id: 'V0HOME', type: 'home' },
    actions: [{ action_id: `home_task_open_${taskId}`, value: taskId, type: 'button' }],
  };
}

const blocksOf = (update: unknown) => JSON.stringify((update as { view: { blocks: unknown } }).view.blocks);

describe('home handlers called without an App', () => {
  it('Open card on a task fieldline no longer knows answers in a modal over the Home tab, posting nothing', async () => {
    const built = buildWithClient<ActionArgs>(fakeClient, {
      body: openCardBody('999999', 'trigger-1'),
    });
    const deps = untouchable<HomeTaskOpenDeps>({ log, tasks: { get: async () => undefined } });
    await receive(homeTaskOpen(deps), built.args);
    expect(built.calls.map((c) => c.fn)).toEqual(['ack', 'views.open', 'views.update']);
    expect(built.argsOf('views.open')[0]).toMatchObject({ trigger_id: 'trigger-1' });
    expect(blocksOf(built.argsOf('views.open')[0])).toContain('Posting the card in your DM with fieldline');
    expect(built.argsOf('views.update')[0]).toMatchObject({ view_id: 'V0ANSWER' });
    expect(blocksOf(built.argsOf('views.update')[0])).toContain('That task is no longer known to fieldline');
  });

  it('Open card without a trigger still tells the person, in their DM', async () => {
    const built = buildWithClient<ActionArgs>(fakeClient, {
      body: openCardBody('999999'),
    });
    await receive(
      homeTaskOpen(untouchable<HomeTaskOpenDeps>({ log, tasks: { get: async () => undefined } })),
      built.args,
    );
    expect(built.calls.map((c) => c.fn)).toEqual(['ack', 'chat.postMessage']);
    expect(built.argsOf('chat.postMessage')[0]).toMatchObject({ channel: 'U0ANA' });
    expect(JSON.stringify(built.argsOf('chat.postMessage')[0])).toContain('no longer known to fieldline');
  });

  it('Open card shows a failure in the modal with a reference, not a stack trace', async () => {
    const built = buildWithClient<ActionArgs>(fakeClient, {
      body: openCardBody('7', 'trigger-2'),
    });
    const failing = {
      get: async () => {
        throw new Error('store down at /srv/secret/path');
      },
    };
    await receive(homeTaskOpen(untouchable<HomeTaskOpenDeps>({ log, tasks: failing })), built.args);
    expect(built.calls.map((c) => c.fn)).toEqual(['ack', 'views.open', 'views.update']);
    const shown = blocksOf(built.argsOf('views.update')[0]);
    expect(shown).toContain('The card could not be posted.');
    expect(shown).toMatch(/ref `[A-Z2-9]{6}`/);
    expect(shown).not.toContain('/srv/secret/path');
  });

  it('asks for a name when the search is blank, in the ack, without calling the platform', async () => {
    const built = buildWithClient<ViewArgs>(fakeClient, {
      body: {
        type: 'view_submission',
        user: { id: 'U0BEN' },
        view: {
          id: 'V0SEARCH',
          state: {
            values: { home_source_query: { home_source_query: { type: 'plain_text_input', value: ' ' } } },
          },
        },
      },
    });
    await receive(sourceSearchSubmit(untouchable<SourceSearchDeps>({ log })), built.args);
    expect(built.calls.map((c) => c.fn)).toEqual(['ack']);
    expect(built.argsOf('ack')[0]).toEqual({
      response_action: 'errors',
      errors: { home_source_query: 'Type part of a data source name.' },
    });
  });

  it('ignores app_home_opened for the Messages tab', async () => {
    const built = buildWithClient<EventArgs<'app_home_opened'>>(fakeClient, {
      event: { type: 'app_home_opened', user: 'U0BEN', channel: 'D0BEN', tab: 'messages' },
    });
    await receive(appHomeOpened(untouchable<PublishHomeDeps>()), built.args);
    expect(built.calls).toEqual([]);
  });
});
