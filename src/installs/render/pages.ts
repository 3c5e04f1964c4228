/**
 * The install pages (pure HTML, no script): the landing page of `/slack/install` with the Add to Slack button,
 * what fieldline does and each scope it asks for with its reason; the page after a successful install saying
 * what to do next; and a failed install's page saying what went wrong in plain words.
 */
import type { ScopeLine } from '../rules/scopes.ts';

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** `code` spans in a reason become <code>. */
const withCode = (text: string) => escapeHtml(text).replace(/`([^`]+)`/g, '<code>$1</code>');

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>
body{font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1d1c1d;background:#f8f8f8;margin:0}
main{max-width:44rem;margin:0 auto;padding:2rem 1.25rem 3rem;background:#fff;min-height:100vh;box-sizing:border-box}
h1{font-size:1.6rem;margin:.2rem 0 1rem;color:#1d4e5f}h2{font-size:1.1rem;margin-top:2rem}
.button{display:inline-block;background:#4a154b;color:#fff;text-decoration:none;font-weight:700;padding:.75rem 1.4rem;border-radius:6px;margin:.5rem 0}
.button:focus,.button:hover{background:#611f69;outline:3px solid #1264a3;outline-offset:2px}
table{border-collapse:collapse;width:100%}th,td{text-align:left;vertical-align:top;padding:.45rem .5rem;border-bottom:1px solid #ddd}
th{font-size:.85rem;color:#616061}td:first-child{white-space:nowrap}code{background:#f1f1f1;padding:0 .25rem;border-radius:3px}
ol li{margin:.4rem 0}.note{color:#616061;font-size:.9rem}
</style></head><body><main>
${body}
</main></body></html>`;
}

export function renderInstallPage(opts: { installUrl: string; scopes: ScopeLine[] }): string {
  const rows = opts.scopes
    .map((s) => `<tr><td><code>${escapeHtml(s.scope)}</code></td><td>${withCode(s.why)}</td></tr>`)
    .join('\n');
  return page(
    'Add fieldline to Slack',
    `<h1>fieldline</h1>
<p>fieldline puts your industrial monitoring platform where your plant team already talks: create and update
maintenance tasks from any message, ask what a meter reads (with a chart, in the site's time zone), export and import
readings as CSV, share photos and notes to the platform's feed, and let a channel receive device alerts and task
changes — one calm thread per alert or task.</p>
<p><a class="button" href="${escapeHtml(opts.installUrl)}">Add to Slack</a></p>
<p class="note">A workspace admin installs fieldline once for a workspace — or, on Enterprise Grid, once for the whole
organisation. Every person then acts with their own platform key, within their own platform rights.</p>
<h2>What fieldline asks Slack for, and why</h2>
<table><thead><tr><th scope="col">Scope</th><th scope="col">Why</th></tr></thead><tbody>
${rows}
</tbody></table>`,
  );
}

export function renderInstalledPage(opts: { where: string; orgWide: boolean }): string {
  const where = escapeHtml(opts.where);
  return page(
    'fieldline is installed',
    `<h1>fieldline is installed in ${where}</h1>
<p>${opts.orgWide ? 'Every workspace of the organisation can use it now.' : 'People of the workspace can use it now.'}</p>
<h2>What to do next</h2>
<ol>
<li>In Slack, open <strong>fieldline</strong> under Apps and go to its <strong>Home</strong> tab. A workspace admin
connects fieldline to your monitoring platform there (the platform's address and the relay's key).</li>
<li>Each person connects their own platform key from the same Home tab: fieldline then acts for them, within their
platform rights.</li>
<li>Invite fieldline to the channels that should receive alerts (<code>/invite @fieldline</code>), then type
<code>/monitor subscribe alerts</code> there.</li>
<li>Type <code>/task help</code> in any channel to see what fieldline can do.</li>
</ol>
<p class="note">You can close this page.</p>`,
  );
}

/** Plain words for the installer's error codes (@slack/oauth ErrorCode). */
function failureText(code: string | undefined): string {
  switch (code) {
    case 'slack_oauth_installer_authorization_error':
      return 'The installation was cancelled in Slack, so nothing was installed.';
    case 'slack_oauth_invalid_state':
    case 'slack_oauth_missing_state':
      return 'This installation link has expired, was already used, or was opened in another browser. Start again from the install page.';
    case 'slack_oauth_missing_code':
      return 'Slack did not send the installation back. Start again from the install page.';
    default:
      return 'Slack did not complete the installation. Start again from the install page; if it fails again, ask the person who runs fieldline to look at its log.';
  }
}

export function renderFailedPage(opts: { code?: string; installPath: string }): string {
  return page(
    'fieldline was not installed',
    `<h1>fieldline was not installed</h1>
<p>${escapeHtml(failureText(opts.code))}</p>
<p><a class="button" href="${escapeHtml(opts.installPath)}">Back to the install page</a></p>`,
  );
}
