/** The install pages (issue 39): every scope manifest.yml asks for is explained; platform-free text is escaped. */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { SCOPE_REASONS } from '../../src/installs/index.ts';
import { renderFailedPage, renderInstalledPage, renderInstallPage } from '../../src/installs/render/pages.ts';
import { scopeLines } from '../../src/installs/rules/scopes.ts';
import { manifestScopes } from '../../src/main/install-pages.ts';

const manifest = parse(readFileSync(resolve(import.meta.dirname, '../../manifest.yml'), 'utf8')) as {
  oauth_config: { scopes: { bot: string[] }; redirect_urls: string[] };
  settings: { org_deploy_enabled: boolean };
};

describe('scopes', () => {
  it('gives a reason for every bot scope manifest.yml asks for, and asks for what the manifest lists', () => {
    const scopes = manifestScopes();
    expect(scopes).toEqual(manifest.oauth_config.scopes.bot);
    for (const scope of scopes) expect(SCOPE_REASONS[scope], scope).toBeTruthy();
  });

  it('the manifest sends installs back to /slack/oauth_redirect and allows org-wide installs', () => {
    expect(manifest.oauth_config.redirect_urls).toEqual([
      'https://fieldline.example.com/slack/oauth_redirect',
    ]);
    expect(manifest.settings.org_deploy_enabled).toBe(true);
  });
});

describe('pages', () => {
  it('escapes the install URL and a workspace name', () => {
    const html = renderInstallPage({ installUrl: 'https://x/?a=1&b="2"', scopes: scopeLines(['commands']) });
    expect(html).toContain('href="https://x/?a=1&amp;b=&quot;2&quot;"');
    expect(renderInstalledPage({ where: '<Plant & Co>', orgWide: false })).toContain(
      '&lt;Plant &amp; Co&gt;',
    );
  });

  it('says in plain words why an install failed, with no error code', () => {
    const html = renderFailedPage({ code: 'slack_oauth_invalid_state', installPath: '/slack/install' });
    expect(html).toContain('expired, was already used');
    expect(html).not.toContain('slack_oauth');
  });
});
