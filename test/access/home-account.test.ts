/**
 * The person's platform account in App Home: "Connect your platform account" for someone not connected (and
 * nothing reaches the platform for them), who they are and how many sites their key sees once connected, and
 * Disconnect, which deletes the key and shows the offer again.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEAM } from '../../src/slack-standin/index.ts';
import { startHarness, waitFor, type Harness } from '../harness.ts';
import { expectValidHomeViews, homeOf, homeText, openHome } from '../home/home-helpers.ts';
import { platformCallsSince, requestMark } from './access-helpers.ts';

let h: Harness;
beforeAll(async () => {
  h = await startHarness({ links: 'local' });
});
afterAll(async () => {
  expectValidHomeViews(h);
  await h?.stop();
});

describe('App Home: platform account', () => {
  it('offers Connect to someone not connected, and asks nothing of the platform for them', async () => {
    const mark = requestMark(h);
    const text = homeText(await openHome(h, 'U0CHL'));
    expect(text).toContain('Connect your platform account');
    expect(text).toContain('"action_id":"access_connect"');
    // What is true: connect to see your tasks (with the button there too), not "the platform is unreachable".
    expect(text).toContain(':key: Connect your platform account to see your tasks.');
    expect(text).toMatch(
      /Connect your platform account to see your tasks\.[^}]*\},"accessory":\{"type":"button","action_id":"access_connect"/,
    );
    expect(text).toContain('*Monitoring platform:* connect your platform account to see how it answers you.');
    expect(text).not.toMatch(/unreachable|Relay/);
    await h.app.whenIdle();
    expect(platformCallsSince(h, mark)).toEqual([]);
  });

  it('tells a guest why, the first time too, without offering Connect or asking the platform', async () => {
    const mark = requestMark(h);
    const text = homeText(await openHome(h, 'U0GUS'));
    expect(text).toContain('not available to workspace guests');
    expect(text).not.toContain('"action_id":"access_connect"');
    // the platform is not "unreachable": fieldline does not act for a guest
    expect(text).not.toContain('unreachable');
    await h.app.whenIdle();
    expect(platformCallsSince(h, mark)).toEqual([]);
  });

  it('shows Ben who he is connected as and that his key sees one site, with Disconnect', async () => {
    const text = homeText(await openHome(h, 'U0BEN'));
    expect(text).toContain('your key sees 1 site (Chicago Works)');
    expect(text).toContain('"action_id":"access_disconnect"');
  });

  it('Disconnect deletes his key and the tab offers Connect again', async () => {
    const view = homeOf(h, 'U0BEN')!;
    await h.driver.blockAction({ actionId: 'access_disconnect', view, user: 'U0BEN' });
    await waitFor(async () => (await h.deps.access.vault?.key(TEAM.id, 'U0BEN')) === null);
    await waitFor(() => homeText(homeOf(h, 'U0BEN')!).includes('"action_id":"access_connect"'));
  });
});
