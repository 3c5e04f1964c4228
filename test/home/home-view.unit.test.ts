/** The Home tab renderer: Block Kit validity and limits, escaping, and the explanation for each case. Pure. */
import { describe, expect, it } from 'vitest';
import { EMPTY_STATUS } from '../../src/alerts/rules/status.ts';
import { validateView } from '../../src/slack-standin/index.ts';
import {
  renderHomeSkeleton,
  renderHomeView,
  type HomeModel,
  type HomeTasks,
} from '../../src/home/render/home-view.ts';
import { makeTask } from '../fixtures/task.ts';

const NOW = Date.parse('2026-11-21T06:00:00Z');

function model(over: Partial<HomeModel> = {}): HomeModel {
  return {
    user: 'U0ANA',
    nowMs: NOW,
    tasks: { kind: 'found', who: 'Ana Silva', tasks: [], more: false },
    subscriptions: { kind: 'ok', subs: [], total: 0 },
    connection: { ok: true, ms: 42 },
    alerts: null,
    ...over,
  };
}

const text = (m: HomeModel) => JSON.stringify(renderHomeView(m).blocks);

describe('renderHomeView', () => {
  it('is a valid home view far below 100 blocks even with many tasks and channels', () => {
    const many: HomeTasks = {
      kind: 'found',
      who: 'Ana Silva',
      tasks: Array.from({ length: 60 }, (_, i) => ({
        task: makeTask({ id: String(4000 + i), name: 'x'.repeat(5000), dueDate: '2026-11-01' }),
        overdue: true,
      })),
      more: true,
    };
    const subs = Array.from({ length: 40 }, (_, i) => ({
      channel: `C0CHAN${i}`,
      alerts: { siteIds: null, siteNames: [], minSeverity: 'warning' as const, since: 0 },
      tasks: null,
    }));
    const view = renderHomeView(
      model({ tasks: many, subscriptions: { kind: 'ok', subs, total: 40 }, alerts: EMPTY_STATUS }),
    );
    expect(view.type).toBe('home');
    expect(view.blocks.length).toBeLessThanOrEqual(60);
    expect(validateView(view)).toEqual([]);
    const json = JSON.stringify(view.blocks);
    expect(json.match(/home_task_open_/g)).toHaveLength(10);
    expect(json).toContain('…and 25 more channel(s)');
    expect(json).toContain('/task list mine');
  });

  it('skeleton is a valid home view with working quick actions', () => {
    const view = renderHomeSkeleton('U0ANA');
    expect(validateView(view)).toEqual([]);
    const json = JSON.stringify(view.blocks);
    expect(json).toContain('home_new_task');
    expect(json).toContain('Loading your tasks');
  });

  it('escapes platform text: task names, sites, statuses, emails and relay errors', () => {
    const tasks: HomeTasks = {
      kind: 'found',
      who: '<!here> Ana',
      tasks: [
        {
          task: makeTask({
            name: '<!channel> fix & <b>',
            status: { id: '5', name: '<To Do>' },
            site: { id: '1', name: 'A&B <site>', channelId: null },
          }),
          overdue: false,
        },
      ],
      more: false,
    };
    const json = text(
      model({
        tasks,
        alerts: {
          ...EMPTY_STATUS,
          lastCycleAt: NOW,
          lastCompleteAt: NOW - 60_000,
          consecutiveFailures: 2,
          lastError: { at: NOW, message: '<!everyone> boom', code: null },
        },
      }),
    );
    expect(json).toContain('&lt;!channel&gt; fix &amp; &lt;b&gt;');
    expect(json).toContain('&lt;To Do&gt;');
    expect(json).toContain('A&amp;B &lt;site&gt;');
    expect(json).toContain('&lt;!here&gt; Ana');
    expect(json).toContain('&lt;!everyone&gt; boom');
    expect(json).not.toMatch(/<!(channel|here|everyone)>/);
    expect(text(model({ tasks: { kind: 'no-match', email: 'x<y>@z' } }))).toContain('x&lt;y&gt;@z');
  });

  it('says why tasks are missing for each case', () => {
    expect(text(model({ tasks: { kind: 'no-email' } }))).toContain("can't see an email address");
    expect(text(model({ tasks: { kind: 'no-match', email: 'eve@contractor.example' } }))).toContain(
      'No platform user has your Slack email',
    );
    expect(text(model({ tasks: { kind: 'failed', notice: ':warning: down (ref `ABCDEF`)' } }))).toContain(
      "Your tasks can't be shown right now. :warning: down",
    );
    expect(text(model())).toContain('No open tasks are assigned to you');
  });

  it('shows the platform as unreachable with the notice, and the relay as not yet run', () => {
    const json = text(model({ connection: { ok: false, notice: ':warning: unavailable (ref `ABCDEF`)' } }));
    expect(json).toContain('unreachable. :warning: unavailable');
    expect(json).toContain('Channel alerts: not checked yet');
    expect(json).toContain('No channel is subscribed yet');
  });

  it('asks someone not connected to connect, with the Connect button, instead of calling the platform unreachable', () => {
    const json = text(
      model({
        tasks: { kind: 'connect', renew: false },
        connection: { ok: false, connect: 'not-connected' },
      }),
    );
    expect(json).toContain(':key: Connect your platform account to see your tasks.');
    expect(json).toContain('"action_id":"access_connect"');
    expect(json).toContain('connect your platform account to see how it answers you');
    expect(json).not.toMatch(/unreachable|:red_circle:/);
    const renew = text(
      model({ tasks: { kind: 'connect', renew: true }, connection: { ok: false, connect: 'must-renew' } }),
    );
    expect(renew).toContain('Connect your platform account again to see your tasks.');
    expect(validateView(renderHomeView(model({ tasks: { kind: 'connect', renew: true } })))).toEqual([]);
  });

  it('tells someone not connected, in the Home tab itself, to connect here — not to go to the Home tab', () => {
    const json = text(
      model({
        account: { mode: 'linked', info: null },
        tasks: { kind: 'connect', renew: false },
        connection: { ok: false, connect: 'not-connected' },
      }),
    );
    expect(json).toContain('you have not connected one yet. Choose *Connect your platform account*.');
    expect(json).not.toContain('Home tab');
  });

  it('says when channel alerts were last checked, in operator words', () => {
    const json = text(
      model({ alerts: { ...EMPTY_STATUS, lastCycleAt: NOW - 120_000, lastCompleteAt: NOW - 120_000 } }),
    );
    expect(json).toContain('Channel alerts: last checked <!date^');
    expect(json).toContain('(2 min ago)');
    expect(json).not.toContain('Relay');
  });
});
