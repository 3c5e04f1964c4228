/**
 * Installing fieldline through the Slack stand-in the way a browser does (issue 39): open /slack/install (its state
 * cookie kept), follow Add to Slack to the stand-in's consent page, choose where, Allow, and follow the redirect
 * back to /slack/oauth_redirect with the cookie.
 */
import type { Harness } from '../harness.ts';

export interface InstallResult {
  status: number;
  html: string;
}

const unescapeHtml = (s: string) =>
  s
    .replace(/&quot;/g, '"')
    .replace(/&gt;/g, '>')
    .replace(/&lt;/g, '<')
    .replace(/&amp;/g, '&');

/** Opens the install page: the Add to Slack URL and the state cookie it set. */
export async function openInstallPage(
  h: Harness,
): Promise<{ html: string; addToSlack: URL; cookie: string }> {
  const res = await fetch(`${h.url}/slack/install`);
  const html = await res.text();
  const href = /<a class="button" href="([^"]+)">Add to Slack<\/a>/.exec(html)?.[1];
  if (!href) throw new Error(`no Add to Slack button on the install page (${res.status})`);
  const cookie = (res.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  return { html, addToSlack: new URL(unescapeHtml(href)), cookie };
}

/** Chooses `choice` (a workspace id, or the organisation's id for org-wide) on the consent page: the redirect. */
export async function consent(
  h: Harness,
  addToSlack: URL,
  choice: string,
  decision = 'allow',
): Promise<string> {
  const page = await fetch(addToSlack);
  if (page.status !== 200) throw new Error(`the consent page answered ${page.status}`);
  const decide = new URL('/oauth/v2/authorize/decide', h.standin.baseUrl);
  for (const [k, v] of addToSlack.searchParams) decide.searchParams.set(k, v);
  decide.searchParams.set('choice', choice);
  decide.searchParams.set('decision', decision);
  const res = await fetch(decide, { redirect: 'manual' });
  const location = res.headers.get('location');
  if (res.status !== 302 || !location) throw new Error(`the consent did not redirect (${res.status})`);
  return location;
}

export async function followRedirect(location: string, cookie: string): Promise<InstallResult> {
  const res = await fetch(location, { headers: cookie ? { cookie } : {} });
  return { status: res.status, html: await res.text() };
}

/** The whole flow; resolves to the page fieldline showed after it. */
export async function installThroughStandin(h: Harness, choice: string): Promise<InstallResult> {
  const { addToSlack, cookie } = await openInstallPage(h);
  return followRedirect(await consent(h, addToSlack, choice), cookie);
}

/** Which installation's tokens made calls of `method` since `mark` (an index into the stand-in's OAuth calls). */
export function callersSince(h: Harness, mark: number, method: string): string[] {
  const calls = h.standin.workspaces?.oauth.calls ?? [];
  return [
    ...new Set(
      calls
        .slice(mark)
        .filter((c) => c.method === method)
        .map((c) => c.key),
    ),
  ];
}

export const oauthMark = (h: Harness) => h.standin.workspaces?.oauth.calls.length ?? 0;
