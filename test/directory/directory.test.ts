/**
 * The directory against the sandbox (loopback) and the Slack stand-in: sites derived from data-source rows
 * with their time zones, cached; people mapped by email from tasks seen.
 */
import { WebClient } from '@slack/web-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BaseDeps } from '../../src/base/deps.ts';
import { startSandbox, type Sandbox } from '../../src/sandbox/index.ts';
import { createDirectory } from '../../src/directory/index.ts';
import { startStandin, type Standin } from '../../src/slack-standin/index.ts';
import { sandboxBaseDeps } from '../fixtures/sandbox-deps.ts';

let sandbox: Sandbox;
let standin: Standin;
let base: BaseDeps;
let now = Date.UTC(2026, 10, 21, 12);
const slack = () => new WebClient(standin.botToken, { slackApiUrl: standin.apiUrl });

beforeAll(async () => {
  sandbox = await startSandbox({ seed: { tasks: 40 } });
  standin = await startStandin({});
  base = await sandboxBaseDeps(sandbox, { now: () => now });
});
afterAll(async () => {
  await base?.monitoring.close();
  await standin?.close();
  await sandbox?.close();
});

const listCalls = () => sandbox.admin.requests().filter((r) => r.path === '/data-sources').length;

describe('sites', () => {
  it('derives every site with its feed channel and time zone, then answers from the cache for 5 minutes', async () => {
    const directory = createDirectory(base, () => 'test');
    const sites = await directory.sites();
    expect(sites.map((s) => [s.id, s.name, s.channelId, s.timeZone])).toEqual([
      ['101', 'Berlin Plant', '7101', 'Europe/Berlin'],
      ['102', 'Chicago Works', '7102', 'America/Chicago'],
      ['103', 'Pune Assembly', '7103', 'Asia/Kolkata'],
      ['104', 'São Paulo Packaging', '7104', 'America/Sao_Paulo'],
      ['105', 'Sydney Terminal', '7105', 'Australia/Sydney'],
    ]);
    const calls = listCalls();
    await directory.sites();
    expect(await directory.resolveSite('chicago')).toMatchObject({ kind: 'one', site: { id: '102' } });
    expect(listCalls()).toBe(calls);
    // A second directory (another replica) reads the same cache from the store.
    await createDirectory(base, () => 'test').sites();
    expect(listCalls()).toBe(calls);
    // Old: answered at once from what is known while a fresh listing is read behind it.
    now += 5 * 60_000 + 1;
    expect((await directory.sites()).map((s) => s.id)).toEqual(['101', '102', '103', '104', '105']);
    await expect.poll(() => listCalls()).toBeGreaterThan(calls);
  });

  it('answers an old listing while it reads again (even when that read fails); an hour old, it waits for the read', async () => {
    const directory = createDirectory(base, () => 'old-listing');
    const first = await directory.sites();
    sandbox.admin.inject({ endpoint: 'GET /data-sources', status: 500, times: 1_000 });
    try {
      now += 5 * 60_000 + 1;
      expect(await directory.sites()).toEqual(first);
      now += 60 * 60_000;
      await expect(directory.sites()).rejects.toThrow();
    } finally {
      sandbox.admin.clearInjections();
    }
  });
});

describe('sites per scope', () => {
  it("keeps each scope's site list apart: one person's cached listing is never another's", async () => {
    let scope = 'person:T:ANA';
    const directory = createDirectory(base, () => scope);
    await directory.sites();
    const calls = listCalls();
    scope = 'person:T:BEN';
    await directory.sites();
    expect(listCalls()).toBeGreaterThan(calls);
    directory.forget('person:T:ANA');
    scope = 'person:T:ANA';
    const again = listCalls();
    await directory.sites();
    expect(listCalls()).toBeGreaterThan(again);
  });
});

describe('people', () => {
  it('maps a Slack user to the platform user with the same email, learning from tasks on a miss', async () => {
    const directory = createDirectory(base, () => 'test');
    const match = await directory.people.platformUserFor(slack(), 'U0ANA');
    expect(match).toMatchObject({ kind: 'found', assignee: { id: '501', email: 'ana.silva@plant.example' } });
  });

  it('says when the Slack profile has no email, and which email found nobody', async () => {
    const directory = createDirectory(base, () => 'test');
    expect(await directory.people.platformUserFor(slack(), 'U0NIA')).toEqual({ kind: 'no-email' });
    expect(await directory.people.platformUserFor(slack(), 'U0EVE')).toEqual({
      kind: 'no-match',
      email: 'eve@contractor.example',
    });
  });

  it('learns status ids from the same scan', async () => {
    const directory = createDirectory(base, () => 'test');
    await directory.statuses.refresh();
    expect(directory.statuses.idFor('Done')).toBe('20');
    expect(directory.statuses.idFor('On Hold')).toBe('10');
  });
});
