import { afterEach, describe, expect, it } from 'vitest';
import { alertStore } from '../../src/alerts/engine/alert-store.ts';
import { createAlertWebClient } from '../../src/alerts/engine/alert-engine.ts';
import type { ChannelEpisode, OutboxDraft } from '../../src/alerts/rules/model.ts';
import { createOutbox } from '../../src/alerts/engine/outbox.ts';
import { makeAlertView } from '../fixtures/alert-view.ts';
import { runCycleAndDeliver } from '../fixtures/alert-cycle.ts';
import { ALERTS, expectValidBlocks, GENERAL, MIN, startAlertsBed, type AlertsBed } from './alerts-bed.ts';

describe('alerts: upgrade from one parent per condition', () => {
  let bed: AlertsBed;
  afterEach(() => bed.stop());

  it('a restart with per-condition state open posts nothing new; the device continues in its first parent', async () => {
    bed = await startAlertsBed();
    const camera = bed.setCamera();
    // Another channel keeps the site evaluated, so the camera's conditions are open when the upgrade happens.
    await bed.monitor('subscribe alerts site Berlin Plant', GENERAL);
    await bed.tick(0);
    bed.setCamera({ onLine: false, wifiConnected: false });
    await bed.tick(MIN);
    await bed.tick(3 * MIN);
    const rs = alertStore(bed.h.deps.store);
    const tracks = Object.values((await rs.siteHealth('101'))?.tracks ?? {}).filter(
      (t) => t.sourceId === camera,
    );
    expect(tracks.map((t) => t.phase)).toEqual(['active', 'active']);

    // What the per-condition relay left for #alerts: two parents (one acknowledged), two episodes, no flag.
    await bed.monitor('subscribe alerts site Berlin Plant', ALERTS);
    const slack = createAlertWebClient({
      token: bed.h.standin.botToken,
      apiUrl: bed.h.standin.apiUrl,
      log: bed.h.deps.log,
    });
    const subjects: string[] = [];
    for (const t of tracks) {
      const episodeId = `${t.key}@${t.since}`;
      const subject = `alert:${episodeId}`;
      const text = `Critical: Gate Camera North — ${t.condition} (${t.detail})`;
      const posted = await slack.chat.postMessage({ channel: ALERTS, text });
      const alert = makeAlertView({
        key: t.key,
        episodeId,
        sourceId: camera,
        sourceName: 'Gate Camera North',
        condition: t.condition,
        severity: t.severity,
        detail: t.detail,
        raisedAt: t.raisedAt ?? t.since,
      });
      const ep: ChannelEpisode = { episodeId, subject, stormId: null, posted: true, alert };
      await rs.raw.set(`ep:${ALERTS}:${t.key}`, ep);
      await rs.saveMessage(ALERTS, subject, { ts: posted.ts ?? '', view: { type: 'alert', alert } });
      subjects.push(subject);
    }
    const [first, second] = subjects;
    await rs.claimAck(ALERTS, first ?? '', { user: 'U0ANA', at: bed.now() });
    // A third condition cleared just before the upgrade: its episode is gone, its clear still in the outbox.
    const gone = await slack.chat.postMessage({
      channel: ALERTS,
      text: 'Critical: Gate Camera North — Camera off',
    });
    const goneAlert = makeAlertView({
      episodeId: `${camera}:camera_off@1`,
      sourceId: camera,
      sourceName: 'Gate Camera North',
      condition: 'camera_off',
      detail: 'camera switched off',
      raisedAt: bed.now() - 10 * MIN,
    });
    const goneSubject = `alert:${goneAlert.episodeId}`;
    await rs.saveMessage(ALERTS, goneSubject, {
      ts: gone.ts ?? '',
      view: { type: 'alert', alert: goneAlert },
    });
    const legacyClear = {
      kind: 'alert.cleared',
      alert: { ...goneAlert, clearedAt: bed.now(), durationMs: 5 * MIN },
      quiet: false,
      id: 'legacy-clear',
      subject: goneSubject,
    };
    await createOutbox(bed.h.deps.store).enqueue(ALERTS, [legacyClear as unknown as OutboxDraft], bed.now());
    const before = bed.h.standin.messages(ALERTS).filter((m) => !m.ephemeralTo).length;

    // The upgraded relay starts (a restart) and runs while the conditions still hold.
    const upgraded = bed.newEngine();
    bed.advance(MIN);
    await runCycleAndDeliver(upgraded);
    bed.advance(MIN);
    await runCycleAndDeliver(upgraded);
    expect(bed.h.standin.messages(ALERTS).filter((m) => !m.ephemeralTo)).toHaveLength(before);
    const kept = await rs.message(ALERTS, first ?? '');
    const parent = bed.h.standin.messages(ALERTS).find((m) => m.ts === kept?.ts);
    expect(parent?.text).toMatch(/^Critical: Gate Camera North — (Offline, No network|No network, Offline)$/);
    expect(JSON.stringify(parent?.blocks)).toContain('Acknowledged by <@U0ANA>');
    const other = await rs.message(ALERTS, second ?? '');
    expect(bed.h.standin.messages(ALERTS).find((m) => m.ts === other?.ts)?.text).toMatch(/now continues/);
    expect(bed.h.standin.messages(ALERTS).find((m) => m.ts === gone.ts)?.text).toMatch(
      /^Resolved after 5 min: Gate Camera North \(Camera off\)$/,
    );

    // From here on the device behaves as one incident: all clear resolves the kept parent, in its thread.
    bed.setCamera();
    bed.advance(MIN);
    await runCycleAndDeliver(upgraded);
    bed.advance(6 * MIN);
    await runCycleAndDeliver(upgraded);
    await upgraded.stop();
    const top = bed.h.standin
      .messages(ALERTS)
      .filter((m) => !m.ephemeralTo && (m.thread_ts === undefined || m.thread_ts === m.ts));
    expect(top).toHaveLength(3);
    expect(bed.h.standin.messages(ALERTS).find((m) => m.ts === kept?.ts)?.text).toMatch(/^Resolved after/);
    expect(bed.replies(ALERTS, kept?.ts ?? '').map((r) => r.text)).toEqual([
      expect.stringMatching(/Resolved after/),
    ]);
    expectValidBlocks(bed.h);
  });
});
