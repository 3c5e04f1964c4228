/**
 * Issue 39: one platform connection per workspace. Three workspaces of one deployment (installed with OAuth, so
 * each but the bot token's own has a relay of its own), each connected to its own platform (separate sandboxes,
 * each with its own keys): people see only their own workspace's platform, each relay polls its own platform and
 * posts to its own channels, a platform that never answers delays nobody else's alerts, and a workspace that leaves
 * has its relay stopped and its records deleted while the others carry on. Keys are never kept or logged in clear.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { actAs, actingPersonFor } from '../../src/access/index.ts';
import {
  alertStore,
  createAlertLeases,
  createRelayManager,
  type RelayManager,
} from '../../src/alerts/index.ts';
import { subscribeEverySite } from '../../src/alerts/engine/alert-engine.ts';
import {
  createConnections,
  createPlatformClients,
  WorkspaceNotConnectedError,
  type Connections,
  type PlatformClients,
} from '../../src/connections/index.ts';
import { actingPersonKey, actingWorkspace } from '../../src/access/index.ts';
import { createMonitoringClient } from '../../src/monitoring/index.ts';
import { startSandbox, type Sandbox } from '../../src/sandbox/index.ts';
import { startHarness, waitFor, type Harness } from '../harness.ts';

const A = 'T0PLANTA';
const B = 'T0PLANTB';
const SLOW = 'T0PLANTS';
const CH_A = 'C0ALERTS';
const CH_B = 'C0GENERAL';

let h: Harness;
let sandboxB: Sandbox;
let sandboxSlow: Sandbox;
let connections: Connections;
let clients: PlatformClients;
let relays: RelayManager;
let keys: { a: string; b: string; slow: string };

const asPerson = <T>(workspace: string, user: string, fn: () => Promise<T>) =>
  actAs(
    actingPersonFor(h.deps.access.deps, { teamId: workspace, userId: user, workspace }, h.app.app.client),
    fn,
  );

const rootOf = async (workspace: string) => alertStore(await connections.relayRoot(workspace));
const texts = (channel: string) =>
  h.standin.messages(channel).map((m) => `${m.text ?? ''} ${JSON.stringify(m.blocks ?? [])}`);

beforeAll(async () => {
  h = await startHarness({ links: 'none' });
  sandboxB = await startSandbox({ ingestionDelayMs: 0 });
  sandboxSlow = await startSandbox({ ingestionDelayMs: 0 });
  // The slow platform accepts every call and answers none within the test (a platform that hangs).
  sandboxSlow.admin.inject({ endpoint: '* /**', latencyMs: 600_000, times: 1_000_000 });
  keys = {
    a: h.sandbox.admin.mintKey({ userId: '513' }),
    b: sandboxB.admin.mintKey({ userId: '513' }),
    slow: sandboxSlow.admin.mintKey({ userId: '513' }),
  };
  const config = h.deps.config;
  connections = createConnections({
    store: h.deps.store,
    dataKey: config.access.encryptionKey,
    multi: true,
    now: () => Date.now(),
  });
  clients = createPlatformClients({
    connections,
    make: (baseUrl, apiKey) =>
      createMonitoringClient({ baseUrl, apiKey, log: h.deps.log, retry: { maxRetries: 0 } }),
    personKey: actingPersonKey,
    workspace: actingWorkspace,
  });
  await connections.save(A, { baseUrl: h.sandbox.url, key: keys.a }, 'U0ANA');
  await connections.save(B, { baseUrl: sandboxB.url, key: keys.b }, 'U0ANA');
  await connections.save(SLOW, { baseUrl: sandboxSlow.url, key: keys.slow }, 'U0ANA');
  // People connect their own keys as before, each in their workspace (a key of that workspace's platform).
  await h.deps.access.vault!.save(A, 'U0ANA', h.sandbox.admin.mintKey({ userId: '501' }));
  await h.deps.access.vault!.save(B, 'U0ANA', sandboxB.admin.mintKey({ userId: '501' }));
  const slack = { botToken: h.standin.botToken, apiUrl: h.standin.apiUrl };
  relays = createRelayManager(
    { ...h.deps, connections, platformClients: clients },
    {
      leases: await createAlertLeases(config, h.deps.log),
      slackFor: async () => slack,
      installed: async () => [A, B, SLOW],
      refreshMs: 100,
      engine: { options: { channelIntervalMs: 5, pollIntervalMs: 3_600_000, jitter: 0 } },
    },
  );
  await relays.start();
  // A's and B's channels subscribe to tasks; their first cycle records what is there (primes), posting nothing.
  await subscribeEverySite(await rootOf(A), CH_A, { tasks: true }, Date.now());
  await subscribeEverySite(await rootOf(B), CH_B, { tasks: true }, Date.now());
  await subscribeEverySite(await rootOf(SLOW), CH_B, { tasks: true }, Date.now());
  for (const ws of [A, B]) expect((await relays.engine(ws)!.runCycle()).outcome).toBe('complete');
}, 60_000);

afterAll(async () => {
  await relays?.stop();
  await clients?.close();
  await sandboxB?.close();
  await sandboxSlow?.close();
  await h?.stop();
});

describe('one platform connection per workspace', () => {
  it('runs a relay per connection, each with its own store namespace (none in the default relay’s)', async () => {
    // No environment platform here (no default connection): no default relay.
    expect(relays.running().sort()).toEqual([A, B, SLOW]);
    expect(await (await rootOf(A)).channels()).toEqual([CH_A]);
    expect(await (await rootOf(B)).channels()).toEqual([CH_B]);
    expect(await alertStore(h.deps.store).channels()).toEqual([]);
  });

  it('sends each person’s calls to their own workspace’s platform, with their own key', async () => {
    const task = sandboxB.admin.createTask({ name: 'Only on platform B', siteId: '101' });
    const names = async (ws: string) =>
      asPerson(ws, 'U0ANA', async () => {
        const page = await h.deps.monitoring.tasks.listPage({ limit: 1000 }, null);
        return page.rows.map((t) => t.name);
      });
    expect(await names(B)).toContain('Only on platform B');
    expect(await names(A)).not.toContain('Only on platform B');
    // A workspace with no connection of its own uses none here (no default): told an admin must connect it.
    const none = createConnections({ store: h.deps.store, dataKey: undefined, multi: true, now: Date.now });
    expect(await none.effective('T0NOBODY')).toBeUndefined();
    const routed = createPlatformClients({
      connections: none,
      make: (baseUrl, apiKey) => createMonitoringClient({ baseUrl, apiKey }),
      personKey: actingPersonKey,
      workspace: actingWorkspace,
    });
    await expect(
      asPerson('T0NOBODY', 'U0ANA', () => routed.personal.tasks.listPage({ limit: 1 }, null)),
    ).rejects.toBeInstanceOf(WorkspaceNotConnectedError);
    expect(task).toBeTruthy();
  });

  it('posts each platform’s changes only to the channels of its own workspace', async () => {
    h.sandbox.admin.createTask({ name: 'Pump seal check on platform A', siteId: '101' });
    sandboxB.admin.createTask({ name: 'Boiler inspection on platform B', siteId: '102' });
    for (const ws of [A, B]) {
      expect((await relays.engine(ws)!.runCycle()).outcome).toBe('complete');
      await relays.engine(ws)!.deliverNow();
    }
    await waitFor(() => texts(CH_A).some((t) => t.includes('Pump seal check on platform A')));
    await waitFor(() => texts(CH_B).some((t) => t.includes('Boiler inspection on platform B')));
    expect(texts(CH_A).some((t) => t.includes('platform B'))).toBe(false);
    expect(texts(CH_B).some((t) => t.includes('platform A'))).toBe(false);
  });

  it('delivers a workspace’s alert while another workspace’s platform has not answered at all', async () => {
    // The slow relay's cycle is waiting on its platform (which never answers during the test)…
    let slowDone = false;
    const slow = relays
      .engine(SLOW)!
      .runCycle()
      .finally(() => (slowDone = true));
    await waitFor(() => sandboxSlow.admin.requests().some((r) => r.kind === 'api'));
    // …while A's change goes all the way to Slack.
    h.sandbox.admin.createTask({ name: 'Valve leak on platform A', siteId: '101' });
    expect((await relays.engine(A)!.runCycle()).outcome).toBe('complete');
    await relays.engine(A)!.deliverNow();
    await waitFor(() => texts(CH_A).some((t) => t.includes('Valve leak on platform A')));
    expect(slowDone).toBe(false);
    void slow.catch(() => undefined);
  });

  it('stops a removed workspace’s relay and deletes its connection and records, leaving the others as they were', async () => {
    const aChannels = await (await rootOf(A)).channels();
    const bRoot = await rootOf(B);
    expect(await bRoot.subscriptions(CH_B)).toBeDefined();
    await relays.remove(B);
    expect(relays.running()).not.toContain(B);
    expect(await connections.own(B)).toBeUndefined();
    expect(await connections.workspaces()).not.toContain(B);
    expect(await bRoot.channels()).toEqual([]);
    expect(await bRoot.subscriptions(CH_B)).toBeUndefined();
    expect(await bRoot.status()).toBeUndefined();
    // A is untouched and its relay still works.
    expect(relays.running()).toContain(A);
    expect(await (await rootOf(A)).channels()).toEqual(aChannels);
    expect(await connections.own(A)).toMatchObject({ baseUrl: h.sandbox.url });
    h.sandbox.admin.createTask({ name: 'After B left: A still posts', siteId: '101' });
    expect((await relays.engine(A)!.runCycle()).outcome).toBe('complete');
    await relays.engine(A)!.deliverNow();
    await waitFor(() => texts(CH_A).some((t) => t.includes('After B left')));
    // B's platform is asked nothing more once its relay stopped.
    const before = sandboxB.admin.requests().length;
    sandboxB.admin.createTask({ name: 'Nobody reads this', siteId: '101' });
    await relays.sync();
    expect(relays.running()).not.toContain(B);
    expect(sandboxB.admin.requests().length).toBe(before);
  });

  it('keeps every relay key sealed in the store and out of the logs', async () => {
    const raw = JSON.stringify(await h.deps.store.namespace('connections').get(`conn:${A}`));
    expect(raw).toContain(h.sandbox.url);
    expect(raw).not.toContain(keys.a);
    for (const key of Object.values(keys)) expect(h.logText()).not.toContain(key);
  });
});
