/**
 * The console's page and assets, read from ./static. Only names of that folder are served (no path joins
 * from the URL), with a Content-Security-Policy that allows no inline script: the page renders untrusted text
 * with textContent only, and the policy is the second lock.
 */
import { readdir, readFile } from 'node:fs/promises';
import type { ServerResponse } from 'node:http';
import { fileURLToPath } from 'node:url';

const STATIC_DIR = fileURLToPath(new URL('./static/', import.meta.url));

const TYPES: Record<string, string> = {
  html: 'text/html; charset=utf-8',
  js: 'text/javascript; charset=utf-8',
  css: 'text/css; charset=utf-8',
};

export const PAGE_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  // Image blocks point anywhere on the web, as in Slack.
  'img-src * data:',
  "connect-src 'self'",
  "frame-ancestors 'none'",
].join('; ');

export class StaticFiles {
  private names: Promise<Set<string>> | undefined;

  private known(): Promise<Set<string>> {
    this.names ??= readdir(STATIC_DIR).then((list) => new Set(list));
    return this.names;
  }

  /**
   * Serves a file of the static folder by exact name; false when there is no such file. `fill` replaces
   * placeholders (the page's per-run token), and such a page is never cached.
   */
  async serve(res: ServerResponse, name: string, fill?: Record<string, string>): Promise<boolean> {
    if (!(await this.known()).has(name)) return false;
    const type = TYPES[name.split('.').pop() ?? ''];
    if (!type) return false;
    let body: Buffer | string = await readFile(`${STATIC_DIR}${name}`);
    if (fill) {
      let text = body.toString('utf8');
      for (const [placeholder, value] of Object.entries(fill)) text = text.split(placeholder).join(value);
      body = text;
    }
    res.writeHead(200, {
      'Content-Type': type,
      'Cache-Control': fill ? 'no-store' : 'no-cache',
      'X-Content-Type-Options': 'nosniff',
      'Content-Security-Policy': PAGE_POLICY,
    });
    res.end(body);
    return true;
  }
}
