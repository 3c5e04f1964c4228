/**
 * The top-level `text` of a message is what notifications show, and Slack renders it as mrkdwn: platform names
 * (and what the user typed) go through the same escaping there as in the blocks (issue 15). A data source named
 * `<!channel> <@U1> <http://evil|click>` pings nobody, mentions nobody and links nowhere in "Reading X…",
 * "Exporting X…", "Several data sources match …" or any other text this flow sends.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from '../harness.ts';
import { CHANNEL, sourceNamed, waitFor } from './source-helpers.ts';

const HOSTILE = '<!channel> <@U1> <http://evil|click>';
const RAW = ['<!channel>', '<@U1>', '<http://evil'];

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.stop());

async function listRow(id: string): Promise<Record<string, unknown>> {
  const res = await fetch(`${h.sandbox.url}/data-sources?limit=1&meterIds=${id}`, {
    headers: { 'x-api-key': h.sandbox.keys.full },
  });
  const row = ((await res.json()) as { data: Record<string, unknown>[] }).data[0];
  if (!row) throw new Error(`no row ${id}`);
  return row;
}

async function record(id: string): Promise<Record<string, unknown>> {
  const res = await fetch(`${h.sandbox.url}/data-sources/${id}`, {
    headers: { 'x-api-key': h.sandbox.keys.full },
  });
  return ((await res.json()) as { data: Record<string, unknown> }).data;
}

/** Every `text` the app sent to Slack since `from` (Web API calls; response_url messages are stored). */
function textsSince(from: { calls: number; messages: number }): string[] {
  const calls = h.standin.calls.slice(from.calls).map((c) => c.args.text);
  const stored = h.standin
    .messages(CHANNEL)
    .slice(from.messages)
    .map((m) => m.text);
  return [...calls, ...stored].filter((t): t is string => typeof t === 'string');
}

const mark = () => ({ calls: h.standin.calls.length, messages: h.standin.messages(CHANNEL).length });

function expectNoRaw(texts: string[]): void {
  expect(texts.length).toBeGreaterThan(0);
  for (const text of texts) for (const raw of RAW) expect(text, `raw ${raw} in "${text}"`).not.toContain(raw);
}

/** Makes the platform answer with a hostile name for this source in lists and in its record. */
async function hostileSource(name: string, times = 10): Promise<string> {
  const source = sourceNamed(h, name);
  const row = { ...(await listRow(source.id)), name: HOSTILE };
  const full = { ...(await record(source.id)), name: HOSTILE };
  h.sandbox.admin.inject({
    endpoint: 'GET /data-sources',
    status: 200,
    body: { data: [row], lastValue: null },
    times,
  });
  h.sandbox.admin.inject({
    endpoint: `GET /data-sources/${source.id}`,
    status: 200,
    body: { data: full },
    times,
  });
  return source.id;
}

/**
 * Runs `/reading <text>` while Main Energy Meter has a hostile name, once `progress` has shown and the app is
 * idle: every text sent since.
 */
async function hostileReading(text: string, progress: string): Promise<string[]> {
  await hostileSource('Main Energy Meter');
  const from = mark();
  await h.driver.command({ command: '/reading', text });
  await waitFor(() => textsSince(from).find((t) => t.includes(progress)));
  await h.app.whenIdle();
  h.sandbox.admin.clearInjections();
  return textsSince(from);
}

describe('text fallbacks with hostile names', () => {
  it('"Reading X…" and the report', async () => {
    const texts = await hostileReading('Main Energy Meter today', 'Reading ');
    expect(texts.some((t) => t.includes('&lt;!channel&gt;'))).toBe(true);
    expectNoRaw(texts);
  });

  it('"Exporting X…"', async () => {
    expectNoRaw(await hostileReading('Main Energy Meter yesterday export', 'Exporting '));
  });

  it('"Several data sources match …" with a hostile query and hostile names', async () => {
    const a = await listRow(sourceNamed(h, 'Main Energy Meter').id);
    const b = await listRow(sourceNamed(h, 'Hall A Climate').id);
    h.sandbox.admin.inject({
      endpoint: 'GET /data-sources',
      status: 200,
      body: {
        data: [
          { ...a, name: HOSTILE },
          { ...b, name: HOSTILE },
        ],
        lastValue: null,
      },
      times: 10,
    });
    const from = mark();
    await h.driver.command({ command: '/reading', text: `${HOSTILE} today` });
    await waitFor(() => textsSince(from).find((t) => t.includes('Several data sources match')));
    await h.app.whenIdle();
    h.sandbox.admin.clearInjections();
    expectNoRaw(textsSince(from));
  });
});
