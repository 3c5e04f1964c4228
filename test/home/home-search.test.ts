/** "Search data sources" from the Home tab: the modal, its inline check, and the matches from the sandbox. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validateView, type StoredView } from '../../src/slack-standin/index.ts';
import { startHarness, waitFor, type Harness } from '../harness.ts';
import { openHome } from './home-helpers.ts';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  for (const call of h?.standin.calls ?? []) {
    if (['views.open', 'views.update', 'views.publish'].includes(call.method)) {
      expect(call.response.ok, `${call.method}: ${String(call.response.error)}`).toBe(true);
      expect(validateView(call.args.view)).toEqual([]);
    }
  }
  await h?.stop();
});

async function openSearch(user = 'U0BEN'): Promise<StoredView> {
  const home = await openHome(h, user);
  await h.driver.blockAction({ actionId: 'home_source_search', view: home, user });
  return waitFor(() =>
    h.standin.views().find((v) => v.open && v.user === user && v.callback_id === 'home_source_search'),
  );
}

const viewText = (id: string) => JSON.stringify(h.standin.view(id)?.blocks ?? []);

describe('Search data sources', () => {
  it('lists the data sources whose names match, as the sandbox has them', async () => {
    const modal = await openSearch();
    const expected = h.sandbox.admin.state.sources.filter((s) => s.name.toLowerCase().includes('energy'));
    expect(expected.length).toBeGreaterThan(1);
    expect(expected.length).toBeLessThanOrEqual(8); // one page of the search
    const res = await h.driver.viewSubmission({ view: modal, values: { home_source_query: 'energy' } });
    expect(res.responseAction).toBe('update');
    expect(res.rejected).toBeUndefined();
    await waitFor(() => !viewText(modal.id).includes('Searching'));
    const text = viewText(modal.id);
    for (const s of expected.slice(0, 8)) expect(text).toContain(s.name);
    expect(text).not.toContain('Cooling Water Flow');
    expect(text).toContain('/source energy');
  });

  it('asks for a name when the query is blank, without calling the platform', async () => {
    const modal = await openSearch();
    const before = h.sandbox.admin.requests().length;
    const res = await h.driver.viewSubmission({ view: modal, values: { home_source_query: '   ' } });
    expect(res.responseAction).toBe('errors');
    expect(res.errors).toEqual({ home_source_query: 'Type part of a data source name.' });
    expect(h.sandbox.admin.requests().length).toBe(before);
  });

  it('says so in the modal when the platform fails', async () => {
    const modal = await openSearch();
    h.sandbox.admin.inject({ endpoint: 'GET /data-sources', status: 503, times: 100 });
    try {
      await h.driver.viewSubmission({ view: modal, values: { home_source_query: 'boiler' } });
      await waitFor(() => viewText(modal.id).includes('The search failed'));
      expect(viewText(modal.id)).toContain('The monitoring platform is unavailable right now');
    } finally {
      h.sandbox.admin.clearInjections();
    }
  });
});
