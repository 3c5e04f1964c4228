import { afterEach, describe, expect, it } from 'vitest';
import { alertDeps } from '../../src/main/compose.ts';
import { createAlertEngine, createAlertWebClient } from '../../src/alerts/engine/alert-engine.ts';
import { waitFor } from '../harness.ts';
import { ALERTS, FAST, GENERAL, MIN, startAlertsBed, startTaskBed, type AlertsBed } from './alerts-bed.ts';

describe('alerts: leadership hook, the running loop and alert buttons', () => {
  let bed: AlertsBed;
  afterEach(() => bed.stop());

  function relayWith(leadership: { isLeader(): boolean; fence(): Promise<boolean> }, options = FAST) {
    const h = bed.h;
    const slack = createAlertWebClient({
      token: h.standin.botToken,
      apiUrl: h.standin.apiUrl,
      log: h.deps.log,
    });
    return createAlertEngine(alertDeps(h.deps), { slack, options, leadership, random: () => 0.5 });
  }

  it('a replica that is not the leader neither polls nor posts; a fenced-off one keeps its outbox for the next leader', async () => {
    bed = await startTaskBed();
    bed.h.sandbox.admin.clearRequests();
    const follower = relayWith({ isLeader: () => false, fence: async () => false });
    expect((await follower.runCycle()).outcome).toBe('idle');
    expect(bed.h.sandbox.admin.requests().filter((r) => r.kind === 'api')).toEqual([]);

    const task = bed.h.sandbox.admin.state.tasks.find((t) => t.siteId === '101');
    bed.h.sandbox.admin.updateTask(task?.id ?? '', { priorityId: task?.priorityId === '15' ? '5' : '15' });
    bed.advance(MIN);
    expect((await bed.relay.runCycle()).enqueued).toEqual({ [GENERAL]: 1 });
    const posts = bed.h.standin.callsTo('chat.postMessage').length;
    expect((await follower.deliverNow()).pending).toEqual({ [GENERAL]: 1 });
    expect(bed.h.standin.callsTo('chat.postMessage')).toHaveLength(posts);
    expect((await bed.relay.deliverNow()).delivered).toBe(1);
    await follower.stop();
  });

  it('start() polls on its own and delivers; stop() ends the loop', async () => {
    bed = await startAlertsBed();
    bed.setCamera({ onLine: false });
    await bed.monitor('subscribe alerts site Berlin Plant');
    const running = relayWith(
      { isLeader: () => true, fence: async () => true },
      { ...FAST, pollIntervalMs: 50, pendingMs: 0 },
    );
    running.start();
    await waitFor(() => bed.parents(ALERTS).find((m) => m.text.includes('Gate Camera North')), {
      timeoutMs: 10_000,
    });
    await running.stop();
    expect((await running.status()).poller.lastCompleteAt).not.toBeNull();
  });

  it('Create task opens the task modal prefilled about the alerting data source', async () => {
    bed = await startAlertsBed();
    bed.setCamera({ temperature: 80 });
    await bed.monitor('subscribe alerts site Berlin Plant');
    await bed.tick(0);
    await bed.tick(3 * MIN);
    const parent = bed.parents(ALERTS).find((m) => m.text.includes('Gate Camera North'));
    expect(parent?.text).toMatch(/High temperature/);
    const res = await bed.h.driver.blockAction({
      actionId: 'alert_create_task',
      message: parent?.ts ?? '',
      channel: ALERTS,
    });
    expect(res.status).toBe(200);
    const view = await waitFor(() => bed.h.standin.views().find((v) => v.type === 'modal' && v.open));
    const shown = JSON.stringify(view.blocks);
    expect(shown).toContain('High temperature: Gate Camera North');
    expect(shown).toContain('Gate Camera North');
    // the description says when on the site's clock, not in raw UTC
    expect(shown).toMatch(/Raised \d{4}-\d\d-\d\d \d\d:\d\d \(Europe\/Berlin\)/);
    expect(shown).not.toMatch(/\d\d:\d\d:\d\d\.\d{3}Z/);
  });
});
