/** Pure site matching for text a person typed ("north", "Plant North"). */
import type { SiteInfo, SiteMatch } from './types.ts';

// Accents and case are ignored ("sao paulo" finds São Paulo): decompose, then drop the combining marks.
const norm = (text: string): string =>
  text.normalize('NFKD').replace(/\p{M}/gu, '').trim().toLowerCase().replace(/\s+/g, ' ');

/** Case- and accent-insensitive exact name (or id), then a unique prefix, then a unique substring. */
export function resolveSiteIn(sites: readonly SiteInfo[], text: string): SiteMatch {
  const wanted = norm(text);
  if (wanted === '') return { kind: 'none' };
  const exact = sites.filter((s) => norm(s.name) === wanted || s.id === text.trim());
  if (exact.length === 1 && exact[0]) return { kind: 'one', site: exact[0] };
  if (exact.length > 1) return { kind: 'many', sites: exact };
  for (const test of [(n: string) => n.startsWith(wanted), (n: string) => n.includes(wanted)]) {
    const found = sites.filter((s) => test(norm(s.name)));
    if (found.length === 1 && found[0]) return { kind: 'one', site: found[0] };
    if (found.length > 1) return { kind: 'many', sites: found };
  }
  return { kind: 'none' };
}

/** Sites whose name contains the typed text, best matches (prefix) first; for typeahead menus. */
export function filterSites(sites: readonly SiteInfo[], text: string): SiteInfo[] {
  const wanted = norm(text);
  const hits = sites.filter((s) => norm(s.name).includes(wanted));
  return hits.sort((a, b) => {
    const pa = norm(a.name).startsWith(wanted) ? 0 : 1;
    const pb = norm(b.name).startsWith(wanted) ? 0 : 1;
    return pa - pb || a.name.localeCompare(b.name);
  });
}
