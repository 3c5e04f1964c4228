/**
 * The alert buttons are declarations: driven here as Slack would (`receive`, no job queue: the work runs inline)
 * with hand-built Slack arguments, a memory store and a fake WebClient, no Bolt App and no platform. Each acks
 * before anything else.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { actAs, type ActingPerson } from '../../src/access/index.ts';
import { alertStore } from '../../src/alerts/engine/alert-store.ts';
import { openIncident } from '../../src/alerts/rules/incident.ts';
import type { StormView } from '../../src/alerts/rules/model.ts';
import { alertAck } from '../../src/alerts/slack/action-alert-ack.ts';
import { alertSnooze } from '../../src/alerts/slack/action-alert-snooze.ts';
import type { ActionArgs } from '../../src/kit/entry.ts';
import { receive } from '../../src/runtime/entries.ts';
import { createLogger } from '../../src/base/log.ts';
import { openStore } from '../../src/store/open-store.ts';
import type { Store } from '../../src/store/store.ts';
import { makeAlertView } from '../fixtures/alert-view.ts';
import { buildArguments, recordedMethod, type HandlerCall } from '../fixtures/handler-args.ts';

const log = createLogger({ level: 'silent' });
const AT = Date.UTC(2026, 10, 20, 14, 33); // 15:33 in Berlin
const person = (userId: string): ActingPerson => ({
  teamId: 'T1',
  userId,
  scope: userId,
  key: async () => 'key',
  check: async () => undefined,
  label: async () => ({ name: userId }),
});

/** Dock Camera (source 7) of Berlin Plant offline since t=1: its incident is 7@1. */
const alert = makeAlertView({ sourceId: '7', sourceName: 'Dock Camera', raisedAt: 1 });

function button(user: string, actionId: string, value: string, extra: Record<string, unknown> = {}) {
  const calls: HandlerCall[] = [];
  const built = buildArguments<ActionArgs>({
    calls,
    client: { chat: { update: recordedMethod(calls, 'chat.update') } },
    body: { user: { id: user }, channel: { id: 'C1' }, container: { channel_id: 'C1' } },
    action: { action_id: actionId, value, block_id: `alert_actions|${value}`, ...extra },
  });
  return { calls, built };
}

describe('alert handlers called without an App', () => {
  let store: Store;
  beforeEach(async () => {
    store = await openStore({ kind: 'memory' }, { log });
  });
  afterEach(() => store.close());

  it('a second Acknowledge tells who acknowledged and when, and changes nothing', async () => {
    const inc = openIncident([alert], 1);
    await alertStore(store).saveMessage('C1', 'incident:7@1', {
      ts: '1.1',
      view: { type: 'incident', incident: inc },
    });
    const deps = { store, log, clock: { now: () => AT } };
    const first = button('U0ANA', 'alert_ack', 'incident:7@1');
    await actAs(person('U0ANA'), () => receive(alertAck(deps), first.built.args));
    expect(first.calls.map((c) => c.fn)).toEqual(['ack', 'chat.update']);
    expect(JSON.stringify(first.built.argsOf('chat.update')[0])).toContain(
      'Acknowledged by <@U0ANA> at 15:33 site time (<!date^',
    );

    const second = button('U0BEN', 'alert_ack', 'incident:7@1');
    await actAs(person('U0BEN'), () =>
      receive(alertAck({ ...deps, clock: { now: () => AT + 60_000 } }), second.built.args),
    );
    expect(second.calls.map((c) => c.fn)).toEqual(['ack', 'respond']);
    expect(second.built.argsOf('respond')[0]).toMatchObject({
      response_type: 'ephemeral',
      text: expect.stringMatching(/already acknowledged by <@U0ANA> at 15:33 site time .* Nothing changed\./),
    });
    expect(await alertStore(store).ack('C1', 'incident:7@1')).toEqual({ user: 'U0ANA', at: AT });
  });

  it('Snooze on a storm parent holds the storm and shows it on the parent', async () => {
    const storm: StormView = {
      stormId: '101@5',
      siteId: '101',
      siteName: 'Berlin Plant',
      siteTimeZone: 'Europe/Berlin',
      active: 6,
      total: 6,
      openedAt: 5,
      resolvedAt: null,
    };
    await alertStore(store).saveMessage('C1', 'storm:101@5', { ts: '2.2', view: { type: 'storm', storm } });
    const { calls, built } = button('U0ANA', 'alert_snooze', 'storm:101@5', {
      block_id: 'storm_actions|storm:101@5',
      selected_option: { value: '1h' },
    });
    await actAs(person('U0ANA'), () =>
      receive(alertSnooze({ store, log, clock: { now: () => AT } }), built.args),
    );
    expect(calls.map((c) => c.fn)).toEqual(['ack', 'chat.update', 'respond']);
    expect(JSON.stringify(built.argsOf('chat.update')[0])).toContain(
      `Snoozed by <@U0ANA> until 16:33 site time (<!date^${Math.floor((AT + 3_600_000) / 1000)}^{date_short_pretty} {time}|16:33 site time> your time)`,
    );
    // The person who snoozed is told the same way as every other message: site time, then their own time.
    expect(JSON.stringify(built.argsOf('respond')[0])).toMatch(
      /Snoozed \*alert storm at Berlin Plant\* until 16:33 site time \(<!date\^\d+\^\{date_short_pretty\} \{time\}\|16:33 site time> your time\)/,
    );
    expect((await alertStore(store).snoozes('C1'))['storm:101']).toMatchObject({
      label: 'alert storm at Berlin Plant',
      until: AT + 3_600_000,
      subject: 'storm:101@5',
    });
  });
});
