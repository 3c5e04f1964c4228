/**
 * The audit trail (issue 42): each platform write and configuration change made through fieldline is recorded with
 * who, where, what and when, kept AUDIT_RETENTION_DAYS by the harness clock, readable by admins with
 * `/monitor audit`, and written as JSON lines with `audit: true` — never with a secret or an email.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HEALTHY_CAMERA } from '../fixtures/device-status.ts';
import { seedUsers, TEAM } from '../../src/slack-standin/seed.ts';
import { auditPlaceMiddleware } from '../../src/ops/index.ts';
import { startAlertsBed, type AlertsBed } from '../alerts/alerts-bed.ts';
import { waitFor } from '../harness.ts';
import { pressDisconnect } from '../access/access-helpers.ts';
import { openByCommand, option, tasksWritten } from '../tasks/task-helpers.ts';

const DAY = 86_400_000;
let bed: AlertsBed;
beforeAll(async () => {
  bed = await startAlertsBed({ harness: { configOverrides: { AUDIT_RETENTION_DAYS: '2' } } });
});
afterAll(async () => {
  await bed?.stop();
});

/** The JSON lines the app wrote with `audit: true`. */
const auditLines = () => bed.h.logs.filter((l) => l.audit === true);
const lastOf = (kind: string) =>
  auditLines()
    .filter((l) => l.kind === kind)
    .at(-1);

describe('audit trail', () => {
  it('records a task created in Slack: who (Slack and platform user), where, what and when', async () => {
    const h = bed.h;
    const view = await openByCommand(h, 'new Audited valve');
    const site = await option(h, view, 'task_site', 'berlin');
    const before = tasksWritten(h).length;
    await h.driver.viewSubmission({ view, values: { task_site: site } });
    const [record] = await waitFor(() =>
      tasksWritten(h).length > before ? tasksWritten(h).slice(before) : null,
    );
    await h.app.whenIdle();
    expect(lastOf('task.created')).toMatchObject({
      audit: true,
      msg: 'audit',
      kind: 'task.created',
      outcome: 'ok',
      actor: 'person',
      slackUser: 'U0ANA',
      // The harness links keys without learning their platform user (a real connect learns it by email).
      platformUser: null,
      workspace: TEAM.id,
      platformId: String(record!.taskId),
      site: '101',
      at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
    });
    expect(Date.parse(String(lastOf('task.created')?.at))).toBeLessThanOrEqual(bed.now());
  });

  it('records every kind of platform write made for a person, and a write the platform refused as failed', async () => {
    const h = bed.h;
    const meter = h.sandbox.admin.state.sources.find((s) => s.kind === 'energy')!;
    const camera = h.sandbox.admin.state.sources.find((s) => s.name === 'Gate Camera North')!;
    const task = tasksWritten(h).at(-1)!;
    await h.asPerson('U0ANA', async () => {
      const api = h.deps.monitoring;
      await api.tasks.update(String(task.taskId), { priorityId: '15' });
      await api.readings.write([
        { meterId: meter.id, readings: [{ timestamp: null, values: { '1101': 3 } }] },
      ]);
      const template = await api.readings.template(meter.id);
      await api.readings.importCsv(meter.id, `${template.split('\n')[0]}\n`);
      await api.posts.create({ content: 'Shift report', toChannelId: '7101' });
      const form = await api.files.createSignedUpload({
        name: 'a.txt',
        fileSize: 120,
        company: { id: '42' },
        site: { id: '101' },
        fileMimeType: 'text/plain',
      });
      await api.files.upload(form, new Uint8Array(120).fill(65), 'a.txt');
      await api.devices.reportStatus(camera.id, HEALTHY_CAMERA);
      h.sandbox.admin.inject({ endpoint: 'POST /post', status: 500, times: 5 });
      await api.posts.create({ content: 'Refused', toChannelId: '7101' }).catch(() => undefined);
      h.sandbox.admin.clearInjections();
    });
    expect(lastOf('task.changed')).toMatchObject({
      platformId: String(task.taskId),
      detail: 'priorityId',
      outcome: 'ok',
    });
    expect(lastOf('reading.written')).toMatchObject({
      platformId: meter.id,
      detail: '1 readings',
      outcome: 'ok',
    });
    expect(lastOf('import.started')).toMatchObject({ platformId: meter.id, outcome: 'ok' });
    expect(
      auditLines()
        .filter((l) => l.kind === 'post.created')
        .map((l) => l.outcome),
    ).toEqual(['ok', 'failed']);
    expect(lastOf('post.created')).toMatchObject({ detail: 'SERVER', outcome: 'failed' });
    expect(lastOf('file.uploaded')).toMatchObject({ site: '101', detail: '120 bytes', outcome: 'ok' });
    expect(lastOf('device.status')).toMatchObject({ platformId: camera.id, outcome: 'ok' });
    for (const kind of ['task.changed', 'reading.written', 'post.created', 'device.status'])
      expect(lastOf(kind)).toMatchObject({ slackUser: 'U0ANA', workspace: TEAM.id });
  });

  it('records subscription and schedule changes and keys removed where they happen, with the channel', async () => {
    expect(await bed.monitor('subscribe alerts site Berlin Plant')).toMatch(/Subscribed/);
    expect(lastOf('subscription.changed')).toMatchObject({
      slackUser: 'U0ANA',
      channel: 'C0ALERTS',
      detail: 'subscribe alerts',
    });
    expect(await bed.monitor('digest at 06:00, 18:00')).toMatch(/digest/);
    expect(lastOf('schedule.changed')).toMatchObject({
      channel: 'C0ALERTS',
      detail: 'digest at 06:00,18:00',
    });
    const h = bed.h;
    await pressDisconnect(h, 'U0CHL');
    await waitFor(() => lastOf('key.removed'));
    await h.app.whenIdle();
    expect(lastOf('key.removed')).toMatchObject({
      slackUser: 'U0CHL',
      channel: 'C0GENERAL',
      workspace: TEAM.id,
    });
  });

  it('records a key connected inside a Slack request, never the key; not a key saved outside one', async () => {
    const vault = bed.h.deps.access.vault!;
    const key = bed.h.sandbox.admin.mintKey({ userId: '511' });
    const connected = () => auditLines().filter((l) => l.kind === 'key.connected').length;
    const before = connected();
    await vault.save(TEAM.id, 'U0CHL', key); // setup, outside any request
    expect(connected()).toBe(before);
    await auditPlaceMiddleware(bed.h.deps.audit)({
      body: { channel_id: 'C0GENERAL', user: { id: 'U0CHL' } },
      next: () =>
        bed.h
          .asPerson('U0CHL', () =>
            vault.save(TEAM.id, 'U0CHL', key, { platformUser: { id: '511', name: 'Chloé' } }),
          )
          .then(() => undefined),
    });
    expect(connected()).toBe(before + 1);
    expect(lastOf('key.connected')).toMatchObject({
      slackUser: 'U0CHL',
      platformUser: '511',
      channel: 'C0GENERAL',
    });
    // Her later writes name her platform user too.
    await bed.h.asPerson('U0CHL', () =>
      bed.h.deps.monitoring.posts.create({ content: 'Hi', toChannelId: '7101' }),
    );
    expect(lastOf('post.created')).toMatchObject({ slackUser: 'U0CHL', platformUser: '511', outcome: 'ok' });
    expect(JSON.stringify(auditLines())).not.toContain(key);
  });

  it('/monitor audit is for admins: a member is told so, an admin reads the entries newest first', async () => {
    const h = bed.h;
    const res = await h.driver.command({
      command: '/monitor',
      text: 'audit',
      user: 'U0BEN',
      channel: 'C0GENERAL',
    });
    expect(res.status).toBe(200);
    const refused = await waitFor(() =>
      h.standin
        .messages('C0GENERAL')
        .find((m) => m.ephemeralTo === 'U0BEN' && m.text.includes('audit trail')),
    );
    expect(refused.text).toMatch(/Only workspace admins/);
    const answer = await bed.monitor('audit 1d');
    expect(answer).toMatch(/Audit trail\* since the last 1d \(kept 2 days\): \d+ changes/);
    const blocks = JSON.stringify(h.standin.messages('C0ALERTS').at(-1)?.blocks ?? []);
    expect(blocks).toContain('created task');
    expect(blocks).toContain('<@U0ANA> changed task');
    expect(blocks).toContain('<@U0CHL> (platform user 511) connected their platform key');
    expect(blocks.indexOf('changed this channel')).toBeLessThan(blocks.indexOf('created task')); // newest first
    const atSite = await bed.monitor('audit Berlin 1d');
    expect(atSite).toMatch(/Audit trail\* at \*Berlin Plant\*/);
  });

  it('keeps entries AUDIT_RETENTION_DAYS by the clock: three days later they are gone', async () => {
    const before = await bed.monitor('audit 7d');
    expect(before).not.toMatch(/Nothing was changed/);
    bed.advance(3 * DAY);
    const after = await bed.monitor('audit 7d');
    expect(after).toMatch(/Nothing was changed through fieldline in this period/);
  });

  it('writes no secret and no email in the audit lines', () => {
    const text = JSON.stringify(auditLines());
    expect(auditLines().length).toBeGreaterThan(8);
    for (const secret of [bed.h.sandbox.keys.full, bed.h.sandbox.keys.limited, bed.h.standin.botToken])
      expect(text).not.toContain(secret);
    for (const u of seedUsers()) if (u.email) expect(text).not.toContain(u.email);
    expect(text).not.toMatch(/xox[bpa]-|x-api-key/);
  });
});
