/** Site matching for typed text: exact, then unique prefix, then unique substring; ambiguity is reported. */
import { describe, expect, it } from 'vitest';
import { filterSites, resolveSiteIn } from '../../src/directory/index.ts';
import { sitesFromRows } from '../../src/directory/sites.ts';
import type { DataSourceRow } from '../../src/monitoring/api.ts';

const site = (id: string, name: string) => ({ id, name, channelId: null, timeZone: null });
const SITES = [
  site('1', 'Berlin Plant'),
  site('2', 'Berlin Warehouse'),
  site('3', 'Chicago Works'),
  site('4', 'North'),
  site('5', 'North Harbour'),
];

describe('resolveSiteIn', () => {
  it('ignores accents both ways: “sao paulo” finds São Paulo, “São” finds Sao Tome', () => {
    const sites = [site('7', 'São Paulo Plant'), site('8', 'Sao Tome Depot')];
    expect(resolveSiteIn(sites, 'sao paulo')).toEqual({ kind: 'one', site: sites[0] });
    expect(resolveSiteIn(sites, 'SAO PAULO PLANT')).toEqual({ kind: 'one', site: sites[0] });
    expect(resolveSiteIn(sites, 'são tome')).toEqual({ kind: 'one', site: sites[1] });
    expect(filterSites(sites, 'sao').map((s) => s.id)).toEqual(['7', '8']);
  });

  it('matches an exact name case-insensitively, even when it is also a prefix of another', () => {
    expect(resolveSiteIn(SITES, '  north ')).toEqual({ kind: 'one', site: SITES[3] });
    expect(resolveSiteIn(SITES, 'CHICAGO works')).toEqual({ kind: 'one', site: SITES[2] });
  });

  it('accepts a unique prefix or substring, and an id', () => {
    expect(resolveSiteIn(SITES, 'chic')).toMatchObject({ kind: 'one', site: { id: '3' } });
    expect(resolveSiteIn(SITES, 'warehouse')).toMatchObject({ kind: 'one', site: { id: '2' } });
    expect(resolveSiteIn(SITES, '3')).toMatchObject({ kind: 'one', site: { id: '3' } });
  });

  it('reports several matches and no match', () => {
    expect(resolveSiteIn(SITES, 'berlin')).toEqual({ kind: 'many', sites: [SITES[0], SITES[1]] });
    expect(resolveSiteIn(SITES, 'atlantis')).toEqual({ kind: 'none' });
    expect(resolveSiteIn(SITES, '   ')).toEqual({ kind: 'none' });
  });

  it('orders typeahead matches with prefixes first', () => {
    expect(filterSites(SITES, 'har').map((s) => s.id)).toEqual(['5']);
    expect(filterSites(SITES, 'n').map((s) => s.name)).toEqual([
      'North',
      'North Harbour',
      'Berlin Plant',
      'Berlin Warehouse',
    ]);
  });
});

describe('sitesFromRows', () => {
  const row = (id: string, siteId: string, siteName: string, isShared = false): DataSourceRow => ({
    id,
    name: `source ${id}`,
    validationStatus: 20,
    type: { id: '1', name: 'Meter' },
    site: { id: siteId, name: siteName, channelId: `7${siteId}` },
    applying: null,
    channelId: null,
    isShared,
  });

  it('derives one site per id and prefers a site’s own source over a shared one for its time zone', () => {
    const { sites, sampleSource } = sitesFromRows([
      row('1', '101', 'Berlin', true),
      row('2', '101', 'Berlin'),
      row('3', '102', 'Chicago'),
    ]);
    expect(sites).toEqual([
      { id: '101', name: 'Berlin', channelId: '7101', timeZone: null },
      { id: '102', name: 'Chicago', channelId: '7102', timeZone: null },
    ]);
    expect(sampleSource.get('101')).toBe('2');
  });
});
