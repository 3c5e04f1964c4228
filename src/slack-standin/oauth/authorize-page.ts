/**
 * Slack's install consent page, as the stand-in shows it (GET /oauth/v2/authorize): the app's name, the scopes
 * it asks for, where to install it — one of the stand-in's workspaces, or a whole organisation (Enterprise
 * Grid) — and Allow or Cancel. Allow sends the browser back to the app's redirect URL with a one-time code and the
 * app's state; Cancel with error=access_denied.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { installOf, type StandinOAuth } from './oauth.ts';
import { ORGANISATION, WORKSPACES } from './workspaces.ts';

const AUTHORIZE = '/oauth/v2/authorize';
const DECIDE = '/oauth/v2/authorize/decide';

const esc = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

function html(res: ServerResponse, status: number, body: string): void {
  res.writeHead(status, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
  res.end(`<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>Install fieldline — Slack stand-in</title>
<style>body{font:16px/1.5 system-ui,sans-serif;background:#f4ede4;margin:0;color:#1d1c1d}
main{max-width:34rem;margin:2rem auto;background:#fff;border-radius:8px;padding:1.5rem 1.5rem 2rem;box-shadow:0 1px 3px #0002}
h1{font-size:1.35rem}fieldset{border:1px solid #ddd;border-radius:6px;margin:1rem 0;padding:.5rem 1rem}
label{display:block;padding:.35rem 0}ul{padding-left:1.2rem}code{background:#f1f1f1;padding:0 .2rem}
.row{display:flex;gap:.75rem;flex-wrap:wrap}button{font:inherit;font-weight:700;padding:.6rem 1.2rem;border-radius:6px;border:1px solid #888;background:#fff;cursor:pointer}
button[value=allow]{background:#007a5a;color:#fff;border-color:#007a5a}button:focus{outline:3px solid #1264a3;outline-offset:2px}
.note{color:#616061;font-size:.9rem}</style></head><body><main>${body}</main></body></html>`);
}

function redirect(res: ServerResponse, location: string): void {
  res.writeHead(302, { location });
  res.end();
}

/** Mounted on the stand-in's server; `defaultRedirect` is the app's redirect URL when the request names none. */
export function authorizePages(
  oauth: StandinOAuth,
  defaultRedirect: () => string | undefined,
): (req: IncomingMessage, res: ServerResponse) => boolean {
  return (req, res) => {
    if (req.method !== 'GET') return false;
    const url = new URL(req.url ?? '/', 'http://standin');
    if (url.pathname !== AUTHORIZE && url.pathname !== DECIDE) return false;
    const q = url.searchParams;
    if (q.get('client_id') !== oauth.clientId) {
      html(
        res,
        400,
        '<h1>Unknown app</h1><p>This install link names an app the stand-in does not know (client_id).</p>',
      );
      return true;
    }
    const state = q.get('state') ?? '';
    const scope = q.get('scope') ?? '';
    const redirectUri = q.get('redirect_uri') ?? undefined;
    if (url.pathname === AUTHORIZE) {
      const choices = [
        ...WORKSPACES.map(
          (w, i) =>
            `<label><input type="radio" name="choice" value="${esc(w.id)}"${i === 0 ? ' checked' : ''}> ${esc(w.name)}${w.enterprise ? ` <span class="note">(a workspace of ${esc(w.enterprise.name)})</span>` : ''}</label>`,
        ),
        `<label><input type="radio" name="choice" value="${esc(ORGANISATION.id)}"> All of ${esc(ORGANISATION.name)} <span class="note">(org-wide: every workspace of the organisation)</span></label>`,
      ].join('');
      const hidden = [...q.entries()]
        .map(([k, v]) => `<input type="hidden" name="${esc(k)}" value="${esc(v)}">`)
        .join('');
      const scopes = scope
        .split(',')
        .filter(Boolean)
        .map((s) => `<li><code>${esc(s)}</code></li>`)
        .join('');
      html(
        res,
        200,
        `<h1>fieldline is requesting permission to access a Slack workspace</h1>
<form method="get" action="${DECIDE}">${hidden}
<fieldset><legend>Install in</legend>${choices}</fieldset>
<p>It will be able to:</p><ul>${scopes}</ul>
<div class="row"><button name="decision" value="allow">Allow</button><button name="decision" value="cancel">Cancel</button></div>
</form><p class="note">This is the local Slack stand-in: no real workspace is involved.</p>`,
      );
      return true;
    }
    const back = redirectUri ?? defaultRedirect();
    if (!back) {
      html(res, 400, '<h1>No redirect URL</h1><p>The app has no redirect URL yet.</p>');
      return true;
    }
    const target = new URL(back);
    if (q.get('decision') !== 'allow') {
      target.searchParams.set('error', 'access_denied');
      target.searchParams.set('state', state);
      redirect(res, target.toString());
      return true;
    }
    const install = installOf(q.get('choice') ?? '');
    if (!install) {
      html(res, 400, '<h1>Choose a workspace</h1><p>Go back and choose where to install fieldline.</p>');
      return true;
    }
    target.searchParams.set('code', oauth.issueCode(install, redirectUri, scope, 'U0ANA'));
    target.searchParams.set('state', state);
    redirect(res, target.toString());
    return true;
  };
}
