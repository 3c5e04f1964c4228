/**
 * Issue 39: task statuses and people are kept per installation. Two workspaces, each with its own platform (two
 * sandboxes on loopback; B's has no tasks yet): what A's tasks taught is never B's answer, each workspace's records
 * live under its own store root (where its relay keeps its own), and a workspace that leaves has its records
 * deleted while the other's stay.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BaseDeps } from '../../src/base/deps.ts';
import { createDirectory } from '../../src/directory/index.ts';
import { createMonitoringClient, createRoutedMonitoring } from '../../src/monitoring/index.ts';
import { startSandbox, type Sandbox } from '../../src/sandbox/index.ts';
import type { Store } from '../../src/store/store.ts';
import { createServices } from '../../src/main/services.ts';
import { sandboxBaseDeps } from '../fixtures/sandbox-deps.ts';
import { waitFor } from '../harness.ts';

const A = 'T0PLANTA';
const B = 'T0PLANTB';

let a: Sandbox;
let b: Sandbox;
let base: BaseDeps;
let acting: string | undefined;
const clients: { close(): Promise<void> }[] = [];

const rootFor = async (ws: string | undefined): Promise<Store> =>
  ws === undefined ? base.store : base.store.namespace('ws').namespace(ws);
const slackWith = (email: string) => ({ users: { info: async () => ({ user: { profile: { email } } }) } });
const taskCalls = (s: Sandbox) =>
  s.admin.requests().filter((r) => r.kind === 'api' && r.path === '/tasks').length;

/** BaseDeps whose monitoring client goes to the acting workspace's platform, as the person-bound client does. */
function baseOfTwo(): BaseDeps {
  const byWorkspace = new Map(
    [
      [A, a],
      [B, b],
    ].map(([ws, s]) => {
      const sandbox = s as Sandbox;
      const client = createMonitoringClient({ baseUrl: sandbox.url, apiKey: sandbox.keys.full });
      clients.push(client);
      return [ws as string, client];
    }),
  );
  const monitoring = createRoutedMonitoring(
    async () => byWorkspace.get(acting ?? '') ?? Promise.reject(new Error('no workspace acting')),
    async () => undefined,
  );
  return { ...base, monitoring, scope: () => `person:${acting}` };
}

const workspaces = { workspace: () => acting, rootFor };
const directoryOfTwo = () => {
  const two = baseOfTwo();
  return createDirectory(two, two.scope, workspaces);
};

const as = async <T>(ws: string, fn: () => Promise<T>): Promise<T> => {
  acting = ws;
  try {
    return await fn();
  } finally {
    acting = undefined;
  }
};

beforeAll(async () => {
  a = await startSandbox({ seed: { tasks: 40 } });
  b = await startSandbox({ seed: { tasks: 0 } });
  base = await sandboxBaseDeps(a, { now: () => Date.now() });
});
afterAll(async () => {
  await Promise.all(clients.map((c) => c.close()));
  await base?.monitoring.close();
  await a?.close();
  await b?.close();
});

describe('statuses and people per installation', () => {
  it('answers each workspace from what its own platform taught, never from another’s', async () => {
    const directory = directoryOfTwo();
    const ana = a.admin.state.users.find((u) => u.id === '501')!.email;
    const found = await as(A, () => directory.people.platformUserFor(slackWith(ana), 'U0ANA'));
    expect(found).toMatchObject({ kind: 'found', assignee: { id: '501' } });
    await as(A, () => directory.statuses.refresh());
    expect(await as(A, async () => directory.statuses.idFor('On Hold'))).toBeDefined();

    // B's platform has no tasks: B learns nothing, and asks its own platform, not A's memory.
    const bCalls = taskCalls(b);
    const inB = await as(B, () => directory.people.platformUserFor(slackWith(ana), 'U0ANA'));
    expect(inB).toEqual({ kind: 'no-match', email: ana });
    expect(taskCalls(b)).toBeGreaterThan(bCalls);
    await as(B, () => directory.statuses.refresh());
    expect(await as(B, async () => directory.statuses.idFor('On Hold'))).toBeUndefined();

    // A key's owner is described from the acting workspace's people only (user ids are each platform's own).
    expect(await as(A, () => directory.people.byId('501'))).toMatchObject({ email: ana });
    expect(await as(B, () => directory.people.byId('501'))).toBeUndefined();

    // Each workspace's records are under its own root; nothing under the other's.
    const people = (ws: string) => rootFor(ws).then((r) => r.namespace('directory').get<object>('people'));
    expect(Object.keys((await people(A)) ?? {})).toContain(ana);
    expect(await people(B)).toBeUndefined();
  });

  it('deletes a workspace’s statuses and people when it leaves, and keeps the other’s', async () => {
    const directory = directoryOfTwo();
    const ana = a.admin.state.users.find((u) => u.id === '501')!.email;
    b.admin.createTask({ name: 'Check pump', siteId: '101', assigneeId: '501' });
    for (const ws of [A, B]) {
      const found = await as(ws, () => directory.people.platformUserFor(slackWith(ana), 'U0ANA'));
      expect(found).toMatchObject({ kind: 'found' });
    }
    const kept = async (ws: string) => {
      const dir = (await rootFor(ws)).namespace('directory');
      return [await dir.get('people'), await dir.get('task-statuses')].filter((v) => v !== undefined).length;
    };
    await waitFor(async () => (await kept(B)) === 2 && (await kept(A)) === 2, { message: 'both stored' });
    await directory.removeWorkspace(B);
    expect(await kept(B)).toBe(0);
    expect(await kept(A)).toBe(2);
    // A replica that never saw B has nothing of it either: what is kept is the store's.
    const fresh = directoryOfTwo();
    const calls = taskCalls(b);
    expect(
      await as(B, () => fresh.people.platformUserFor(slackWith('nobody@plant.example'), 'U0X')),
    ).toMatchObject({
      kind: 'no-match',
    });
    expect(taskCalls(b)).toBeGreaterThan(calls);
  });
});

describe('task snapshots per installation', () => {
  it('keeps what a card showed under the acting workspace’s root: task ids are each platform’s own', async () => {
    const { tasks } = createServices(baseOfTwo(), workspaces);
    const [task] = a.admin.state.tasks;
    await as(A, () => tasks.refresh({ id: task!.id, name: task!.name }));
    const snapshot = async (ws: string | undefined) =>
      (await rootFor(ws)).namespace('task-snapshot').get<{ name: string }>(task!.id);
    expect(await snapshot(A)).toMatchObject({ name: task!.name });
    expect(await snapshot(B)).toBeUndefined();
    expect(await snapshot(undefined)).toBeUndefined();
  });
});
