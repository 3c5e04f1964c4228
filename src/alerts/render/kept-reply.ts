/**
 * What a limited admin's /monitor change kept (issue 37): the configuration of sites their platform key does not
 * see stays as it was, and the reply names those sites so nobody believes they were changed.
 */
import { safeName } from '../../kit/blocks/mrkdwn.ts';
import type { Kept } from '../rules/admin-sites.ts';

/** A kept site's id and the name to show. */
export interface KeptSite {
  id: string;
  name: string;
}

const NOT_SEEN = "your platform account doesn't see";

/** Kept sites named in a reply; the others are counted. */
export const NAMED_SITES = 5;

/** "*A*", "*A* and *B*", "*A*, *B*, … and 3 more sites". */
export function siteNames(sites: readonly KeptSite[]): string {
  const named = sites.slice(0, NAMED_SITES).map((s) => `*${safeName(s.name, 100)}*`);
  const more = sites.length > NAMED_SITES ? [`${sites.length - NAMED_SITES} more sites`] : [];
  const parts = [...named, ...more];
  return parts.length <= 1 ? (parts[0] ?? '') : `${parts.slice(0, -1).join(', ')} and ${parts.at(-1) ?? ''}`;
}

const itThem = (sites: readonly KeptSite[]) => (sites.length === 1 ? 'it' : 'them');

/** For a subscription change; null when nothing was kept. */
export function keptSubscriptionText(kept: Kept, sites: readonly KeptSite[]): string | null {
  if (sites.length === 0) return null;
  if (kept.filter)
    return `The ${kept.filter} filter is kept as it was: it also applies to ${siteNames(sites)}, which ${NOT_SEEN}.`;
  return sites.length === 1
    ? `${siteNames(sites)}'s subscription is kept: ${NOT_SEEN} it.`
    : `The subscriptions of ${siteNames(sites)} are kept: ${NOT_SEEN} them.`;
}

/** For `digest off` / `digest at`: the digest (or its part for these sites) was kept. */
export function keptDigestText(sites: readonly KeptSite[], shared: boolean): string {
  if (shared)
    return `The shift handover digest here is kept as it is: it also covers ${siteNames(sites)}, which ${NOT_SEEN}.`;
  return sites.length === 1
    ? `${siteNames(sites)}'s digest is kept: ${NOT_SEEN} it.`
    : `The digests of ${siteNames(sites)} are kept: ${NOT_SEEN} ${itThem(sites)}.`;
}

/** `digest at` without sites, in a channel that also follows sites the admin does not see. */
export function nameYourSitesText(sites: readonly KeptSite[], example: string | undefined): string {
  const e = example ? ` site ${safeName(example, 100)}` : ' site <name>';
  return `This channel also follows ${siteNames(sites)}, which ${NOT_SEEN}: name your own sites, e.g. \`/monitor digest at 06:00${e}\`. Nothing was changed.`;
}
