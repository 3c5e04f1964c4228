/**
 * Issue 39: a workspace admin sets the workspace's platform connection in App Home. Only admins and owners (as
 * Slack's users.info says, never a value from the payload) see the section or may set it; the connection is
 * checked with one call before it is kept, refused on the field to fix when it fails, kept sealed, never shown
 * back or logged; people's calls then go to that platform, and a key connected for the previous one is not sent.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../../src/sandbox/index.ts';
import { TEAM, type StoredView } from '../../src/slack-standin/index.ts';
import { startHarness, waitFor, type Harness } from '../harness.ts';
import { expectValidHomeViews, homeOf, homeText, openHome } from '../home/home-helpers.ts';

let h: Harness;
let other: Sandbox;
let goodKey: string;

beforeAll(async () => {
  h = await startHarness();
  other = await startSandbox({ ingestionDelayMs: 0 });
  goodKey = other.admin.mintKey({ userId: '513' });
});
afterAll(async () => {
  expectValidHomeViews(h);
  await other?.close();
  await h?.stop();
});

async function openModal(user: string, home: StoredView): Promise<StoredView> {
  const before = h.standin.views().length;
  await h.driver.blockAction({ actionId: 'connection_open', view: home, user });
  return waitFor(() =>
    h.standin
      .views()
      .slice(before)
      .find((v) => v.type === 'modal' && v.user === user && v.open),
  );
}

const submit = (view: StoredView, user: string, url: string, key: string) =>
  h.driver.viewSubmission({ view, user, values: { connection_url: url, connection_key: key } });

describe('App Home: the workspace’s platform connection', () => {
  it('shows the section to a workspace admin and not to anyone else', async () => {
    const ana = homeText(await openHome(h, 'U0ANA'));
    expect(ana).toContain('Platform connection');
    expect(ana).toContain('"action_id":"connection_open"');
    const ben = homeText(await openHome(h, 'U0BEN'));
    expect(ben).not.toContain('connection_open');
    expect(ben).not.toContain('Platform connection');
  });

  it('refuses a non-admin who presses the button anyway (a forged request): no settings modal', async () => {
    const modal = await openModal('U0BEN', homeOf(h, 'U0ANA')!);
    expect(modal.callback_id).not.toBe('connection_set');
    expect(JSON.stringify(modal.blocks)).toContain('Only a workspace admin or owner');
  });

  it('says on the field what is wrong when the URL is malformed or the platform refuses the key, and keeps nothing', async () => {
    const modal = await openModal('U0ANA', homeOf(h, 'U0ANA')!);
    expect(modal.callback_id).toBe('connection_set');
    const badUrl = await submit(modal, 'U0ANA', 'not a url', goodKey);
    expect(badUrl.body).toMatchObject({
      response_action: 'errors',
      errors: { connection_url: expect.any(String) },
    });
    const badKey = await submit(modal, 'U0ANA', other.url, 'sbx-not-a-real-key-123');
    expect(badKey.body).toMatchObject({
      response_action: 'errors',
      errors: { connection_key: 'The platform does not recognise this key.' },
    });
    expect(await h.deps.connections.info(TEAM.id)).toBeUndefined();
  });

  it('refuses a non-admin’s submission of the modal, whatever it carries', async () => {
    const modal = await openModal('U0ANA', homeOf(h, 'U0ANA')!);
    const res = await submit(modal, 'U0BEN', other.url, goodKey);
    expect(res.body).toMatchObject({
      response_action: 'errors',
      errors: { connection_url: 'Only a workspace admin or owner can set the platform connection.' },
    });
    expect(await h.deps.connections.info(TEAM.id)).toBeUndefined();
  });

  it('checks and keeps a working connection, sealed, and App Home shows where without the key', async () => {
    const modal = await openModal('U0ANA', homeOf(h, 'U0ANA')!);
    const calls = other.admin.requests().length;
    const res = await submit(modal, 'U0ANA', `${other.url}/`, goodKey);
    expect(res.body).toMatchObject({ response_action: 'update' });
    // One call, made with the key entered.
    expect(
      other.admin
        .requests()
        .slice(calls)
        .filter((r) => r.kind === 'api'),
    ).toHaveLength(1);
    expect(await h.deps.connections.own(TEAM.id)).toMatchObject({
      baseUrl: other.url,
      key: goodKey,
      setBy: 'U0ANA',
    });
    await waitFor(() => homeText(homeOf(h, 'U0ANA')!).includes(`Connected to \`${other.url}\``));
    expect(homeText(homeOf(h, 'U0ANA')!)).not.toContain(goodKey);
    const raw = JSON.stringify(await h.deps.store.namespace('connections').get(`conn:${TEAM.id}`));
    expect(raw).not.toContain(goodKey);
    await h.app.whenIdle();
    expect(h.logText()).not.toContain(goodKey);
  });

  it('sends people’s calls to the new platform, but never a key connected for the previous one', async () => {
    // Ben's key was connected before the workspace moved: it is not sent, and he is asked to connect again.
    const before = other.admin.requests().length;
    await expect(
      h.asPerson('U0BEN', () => h.deps.monitoring.tasks.listPage({ limit: 1 }, null)),
    ).rejects.toMatchObject({ name: 'PlatformChangedError' });
    expect(other.admin.requests().length).toBe(before);
    // Connected again with a key of the new platform: his calls go there.
    await h.deps.access.vault!.save(TEAM.id, 'U0BEN', other.admin.mintKey({ userId: '502' }));
    await h.asPerson('U0BEN', () => h.deps.monitoring.tasks.listPage({ limit: 1 }, null));
    expect(other.admin.requests().length).toBe(before + 1);
  });
});
