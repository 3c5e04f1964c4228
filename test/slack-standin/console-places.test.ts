/**
 * The console's answers to the links the app builds from the stand-in's address (permalinks, app_redirect, file
 * permalinks), and the tab a modal belongs to in what the page loads.
 */
import { z } from 'zod';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { rawRequest } from '../fixtures/raw-http.ts';
import { startConsoleFixture, type ConsoleFixture } from './console-fixture.ts';

const stateViews = z.object({
  origin: z.string(),
  views: z.array(z.object({ id: z.string(), tab: z.string().nullable() })),
});

describe('console places', () => {
  let f: ConsoleFixture;

  const api = (method: string, body: unknown) => f.api(method, body);
  const modal = { type: 'modal', title: { type: 'plain_text', text: 'Note' }, blocks: [] };

  beforeAll(async () => {
    f = await startConsoleFixture();
  });
  afterAll(() => f.stop());
  beforeEach(() => {
    f.standin.reset();
    f.respond(() => undefined);
  });

  it('serves the page at a permalink and at app_redirect, so a link opened in a new tab lands there', async () => {
    const posted = z
      .object({ ts: z.string() })
      .parse(await api('chat.postMessage', { channel: 'C0ALERTS', text: 'Pump 3' }));
    const { permalink } = z
      .object({ permalink: z.string() })
      .parse(await api('chat.getPermalink', { channel: 'C0ALERTS', message_ts: posted.ts }));
    for (const url of [
      permalink,
      `${permalink}?thread_ts=${posted.ts}&cid=C0ALERTS`,
      new URL('archives/C0ALERTS', f.url).href,
      new URL('app_redirect?app=A0FIELD&channel=C0ALERTS', f.url).href,
    ]) {
      const res = await fetch(url);
      expect(res.status, url).toBe(200);
      expect(res.headers.get('content-type'), url).toMatch(/^text\/html/);
      expect(await res.text(), url).toContain('<script type="module" src="/console/static/app.js">');
    }
    expect((await fetch(new URL('archives/../api/auth.test', f.url))).status).toBe(404);
    expect((await fetch(new URL('nothing/here', f.url))).status).toBe(404);
  });

  it("redirects a file's permalink to its bytes, on the host it was opened on", async () => {
    const file = f.standin.addFile({ name: 'log.csv', content: Buffer.from('a,b\n'), user: 'U0ANA' });
    const info = z
      .object({ file: z.object({ permalink: z.string() }) })
      .parse(await api('files.info', { file: file.id }));
    const res = await fetch(info.file.permalink, { redirect: 'manual' });
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe(`/console/files/${file.id}`);
    expect(await (await fetch(new URL(`console/files/${file.id}`, f.url))).text()).toBe('a,b\n');
  });

  it('refuses those paths on a host that is not loopback, like the rest of the console', async () => {
    const port = new URL(f.url).port;
    for (const path of ['/archives/C0ALERTS', '/app_redirect?channel=C0ALERTS', '/files/U0ANA/F0X/x.csv'])
      expect((await rawRequest(f.url, 'GET', path, { host: `attacker.example:${port}` })).status, path).toBe(
        403,
      );
  });

  it('tells the page which tab a modal belongs to: the one whose request carried its trigger', async () => {
    f.respond((req) => {
      if (req.payload?.type === 'shortcut')
        void api('views.open', { trigger_id: req.payload.trigger_id, view: modal });
      return undefined;
    });
    await f.post('shortcut', { user: 'U0ANA', callbackId: 'new_task', tab: 'tab-1' });
    const fromTab = async () =>
      stateViews.parse(await (await fetch(new URL('console/state', f.url))).json()).views;
    await expect.poll(fromTab).toEqual([expect.objectContaining({ tab: 'tab-1' })]);

    // A trigger from no tab (the CLI, a test): every tab of the person shows it.
    await api('views.open', { trigger_id: f.standin.issueTriggerId('U0ANA'), view: modal });
    const views = await fromTab();
    expect(views).toHaveLength(1);
    expect(views[0]?.tab).toBeNull();
    const state = stateViews.parse(await (await fetch(new URL('console/state', f.url))).json());
    expect(state.origin).toBe(f.standin.baseUrl);
  });
});
