/** /source through signed Slack requests: paged search, detail cards with and without a schema, file hook. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkBlockKitAndStop } from '../fixtures/block-kit.ts';
import { startHarness, type Harness } from '../harness.ts';
import { CHANNEL, expectValidBlockKit, sourceNamed, waitFor } from './source-helpers.ts';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => checkBlockKitAndStop(h));

let seen = 0;
/** The first ephemeral message since the last call that contains `text`. */
async function ephemeralWith(text: string) {
  const from = seen;
  const found = await waitFor(() =>
    h.standin
      .messages(CHANNEL)
      .slice(from)
      .find((m) => m.ephemeralTo && JSON.stringify(m.blocks ?? m.text).includes(text)),
  );
  seen = h.standin.messages(CHANNEL).indexOf(found) + 1;
  return found;
}

function buttonsOf(
  blocks: unknown[] | undefined,
): { action_id: string; value?: string; text: { text: string } }[] {
  const out: { action_id: string; value?: string; text: { text: string } }[] = [];
  for (const b of (blocks ?? []) as Record<string, unknown>[]) {
    const els = [...(Array.isArray(b.elements) ? b.elements : []), ...(b.accessory ? [b.accessory] : [])];
    for (const e of els as Record<string, unknown>[]) if (e.type === 'button') out.push(e as never);
  }
  return out;
}

describe('/source search', () => {
  it('answers help and empty text with the usage', async () => {
    const res = await h.driver.command({ command: '/source', text: 'help' });
    expect(JSON.stringify(res.body)).toContain('search data sources by name');
  });

  it('lists matches compactly and pages on with the cursor and the same textSearch', async () => {
    h.sandbox.admin.clearRequests();
    await h.driver.command({ command: '/source', text: 'e' });
    const first = await ephemeralWith('Data sources matching');
    const details = buttonsOf(first.blocks).filter((b) => b.action_id.startsWith('source_details'));
    expect(details).toHaveLength(8);
    const text = JSON.stringify(first.blocks);
    expect(text).toMatch(/Sensor|Form|AI Vision/);
    expect(text).toMatch(/Valid|Pending Validation|Invalid/);
    expect(text).toMatch(/last reading \d+ (s|min|h) ago|silent for/);
    const more = buttonsOf(first.blocks).find((b) => b.action_id === 'source_more');
    expect(more).toBeDefined();
    await h.driver.blockAction({ actionId: 'source_more', message: first });
    const second = await ephemeralWith('More data sources matching');
    const firstIds = details.map((b) => b.value);
    const secondIds = buttonsOf(second.blocks)
      .filter((b) => b.action_id.startsWith('source_details'))
      .map((b) => b.value);
    expect(secondIds.length).toBeGreaterThan(0);
    expect(secondIds.filter((id) => firstIds.includes(id))).toEqual([]);
    const lists = h.sandbox.admin.requests().filter((r) => r.path === '/data-sources');
    expect(lists.map((r) => r.query.textSearch)).toEqual(['e', 'e']);
    expect(lists[0]?.query.lastValue).toBeUndefined();
    expect(lists[1]?.query.lastValue).toBeTruthy();
    expectValidBlockKit(h.standin);
  });

  it('says "silent for 3 h" for a source quiet past its inactive threshold', async () => {
    const source = sourceNamed(h, 'Hall A Climate');
    h.sandbox.admin.setLastReadingAge(source.id, 3 * 3600);
    await h.driver.command({ command: '/source', text: 'Hall A Climate' });
    const list = await ephemeralWith('Hall A Climate');
    expect(JSON.stringify(list.blocks)).toContain('silent for 3 h');
  });

  it('answers no match plainly', async () => {
    await h.driver.command({ command: '/source', text: 'zzz-nothing' });
    const reply = await ephemeralWith('No data sources match');
    expect(reply.text).toContain('zzz-nothing');
  });
});

describe('/source detail card', () => {
  async function detailOf(name: string) {
    await h.driver.command({ command: '/source', text: name });
    const list = await ephemeralWith(`*${name}*`);
    const button = buttonsOf(list.blocks).find((b) => b.value === sourceNamed(h, name).id);
    await h.driver.blockAction({ actionId: button!.action_id, message: list });
    const card = await ephemeralWith('Data source id');
    expect(JSON.stringify(card.blocks)).toContain(name);
    return {
      card,
      json: JSON.stringify(card.blocks),
      buttons: buttonsOf(card.blocks).map((b) => b.text.text),
    };
  }

  it('shows metrics with display names and units, site, zone, collector, thresholds and the actions', async () => {
    const { json, buttons } = await detailOf('Main Energy Meter');
    const shown = ['Active Power (kW)', 'Energy (kWh)', 'Berlin Plant', 'Europe/Berlin', 'Edge Collector'];
    for (const part of shown) expect(json).toContain(part);
    expect(json).toMatch(/Inactive after\*\\n\d+ (min|h)/);
    expect(json).toMatch(/every 15 min/);
    expect(json).toMatch(/Last reading\*\\n\d+ (s|min|h) ago\\n/);
    expect(json).not.toContain('Load Factor'); // calculated: not in the schema
    expect(buttons).toEqual(['Readings 24 h', 'Export CSV', 'Enter reading', 'Create task about this']);
  });

  it('falls back cleanly when the source has no schema', async () => {
    const { json, buttons } = await detailOf('Legacy Gateway');
    expect(json).toContain('has no schema');
    expect(buttons).not.toContain('Enter reading');
    const schemaCalls = h.sandbox.admin
      .requests()
      .filter((r) => r.path === `/data-sources/${sourceNamed(h, 'Legacy Gateway').id}`);
    expect(schemaCalls.some((r) => r.query.withSchema === 'true' && r.status === 500)).toBe(true);
  });

  it('shows a camera’s device status and offers to report it', async () => {
    const cam = sourceNamed(h, 'Gate Camera North');
    h.sandbox.admin.setDeviceStatus(cam.id, {
      battery: 17,
      isCharging: false,
      onLine: true,
      deviceOn: true,
      cameraOn: false,
      wifiConnected: true,
      cellularConnected: false,
      temperature: 41,
    });
    const { json, buttons } = await detailOf('Gate Camera North');
    expect(json).toContain('battery 17%');
    expect(json).toContain('*camera off*');
    // Wi-Fi is up, so a missing cellular link is stated plainly, not flagged as a problem.
    expect(json).toContain('· no cellular ·');
    expect(json).toContain('41 °C');
    expect(buttons).toContain('Report device status');
    expectValidBlockKit(h.standin);
  });
});

describe('/source file <id>', () => {
  it('says a file id is a number when given “banana”, calling nothing', async () => {
    h.sandbox.admin.clearRequests();
    const res = await h.driver.command({ command: '/source', text: 'file banana' });
    expect(JSON.stringify(res.body)).toContain('“banana” is not a file id: platform file ids are numbers');
    expect(h.sandbox.admin.requests().filter((r) => r.path.startsWith('/files'))).toEqual([]);
  });

  it('hands over to the file pipeline, which posts the platform file here', async () => {
    const file = h.sandbox.admin.state.files[0]!;
    await h.driver.command({ command: '/source', text: `file ${file.id}` });
    const uploaded = await waitFor(() =>
      h.standin.uploads().find((f) => f.name === file.name && f.completed),
    );
    expect(uploaded.channels).toContain(CHANNEL);
  });
});
