/**
 * One story for the local people (issue 38): Ben Okafor works at Chicago Works — he belongs to site 102 on the
 * platform, his seeded key sees that site's sources and tasks (and no other's), and a Chicago Works task can be
 * assigned to him with his own key; both READMEs say so. Ana's key sees every site.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED_SITES, SEED_USERS } from '../../src/sandbox/index.ts';
import { startApi, type Api } from './helpers.ts';

let api: Api;
beforeAll(async () => {
  api = await startApi();
});
afterAll(() => api.sandbox.close());

const readme = (path: string) => readFileSync(resolve(import.meta.dirname, '../..', path), 'utf8');
const ben = SEED_USERS.find((u) => u.email === 'ben.okafor@plant.example')!;
const chicago = SEED_SITES.find((s) => s.name === 'Chicago Works')!;

const sitesSeenBy = async (key: string) => {
  const tasks = (await api.data('/tasks?limit=1000', { key })) as { site: { id: string } }[];
  return [...new Set(tasks.map((t) => t.site.id))].sort();
};

describe('Ben Okafor, Chicago Works', () => {
  it('belongs to Chicago Works only, the one site his key sees', async () => {
    expect(ben.id).toBe('502');
    expect(ben.siteIds).toEqual([chicago.id]);
    expect(await sitesSeenBy(api.sandbox.userKeys.ben)).toEqual([chicago.id]);
    expect(api.sandbox.limitedSiteId).toBe(chicago.id);
  });

  it('can be assigned a Chicago Works task with his own key (the platform honours it: he belongs there)', async () => {
    const key = api.sandbox.userKeys.ben;
    const task = api.sandbox.admin.state.tasks.find(
      (t) => t.siteId === chicago.id && t.assigneeId !== ben.id,
    )!;
    await api.data(`/task/${task.id}`, { key, method: 'PATCH', body: { assigneeId: ben.id } });
    expect(api.sandbox.admin.state.tasks.find((t) => t.id === task.id)?.assigneeId).toBe(ben.id);
    expect(api.sandbox.admin.written().patches.at(-1)?.ignored ?? []).not.toContain('assigneeId');
  });

  it('Ana’s key sees every site', async () => {
    expect(await sitesSeenBy(api.sandbox.userKeys.ana)).toEqual(SEED_SITES.map((s) => s.id).sort());
  });

  it('both READMEs tell the same story', () => {
    const main = readme('README.md');
    const sandbox = readme('src/sandbox/README.md');
    expect(main).toMatch(/Ben Okafor\s+\(Chicago Works only\b/);
    expect(sandbox).toMatch(/502 ben\.okafor \(102 Chicago Works/);
    expect(sandbox).toMatch(
      /\| ben \| `sbx-user-ben-[0-9a-f]+` \| 502 Ben Okafor \| site 102 Chicago Works only/,
    );
  });
});
