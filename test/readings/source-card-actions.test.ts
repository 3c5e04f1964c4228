/**
 * The source card's modals: Enter reading (typed inputs; a wrong type is refused on its field, input kept) and
 * Report device status (prefilled, always the full recommended set).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StoredMessage, StoredView } from '../../src/slack-standin/index.ts';
import { checkBlockKitAndStop } from '../fixtures/block-kit.ts';
import { HEALTHY_CAMERA } from '../fixtures/device-status.ts';
import { startHarness, type Harness } from '../harness.ts';
import { CHANNEL, expectValidBlockKit, postedSince, sourceNamed, waitFor } from './source-helpers.ts';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => checkBlockKitAndStop(h));

async function card(name: string): Promise<StoredMessage> {
  const since = postedSince(h);
  await h.driver.command({ command: '/source', text: name });
  const list = await waitFor(() => since().find((m) => m.text.includes('matching')));
  const index = JSON.parse(JSON.stringify(list.blocks))
    .filter((b: { accessory?: unknown }) => b.accessory)
    .findIndex((b: { accessory: { value: string } }) => b.accessory.value === sourceNamed(h, name).id);
  const mark = h.standin.messages(CHANNEL).length;
  await h.driver.blockAction({ actionId: `source_details:${index}`, message: list });
  return waitFor(() =>
    h.standin
      .messages(CHANNEL)
      .slice(mark)
      .find((m) => JSON.stringify(m.blocks).includes('Data source id')),
  );
}

async function modal(callbackId: string, run: () => Promise<unknown>): Promise<StoredView> {
  await run();
  return waitFor(() => h.standin.views().find((v) => v.callback_id === callbackId && v.open));
}

describe('Enter reading', () => {
  it('offers one typed input per writable metric and refuses text in a number field, keeping the modal', async () => {
    const source = sourceNamed(h, 'Main Energy Meter');
    const message = await card('Main Energy Meter');
    const view = await modal('reading_entry', () =>
      h.driver.blockAction({ actionId: 'source_enter_reading', message }),
    );
    const elements = Object.fromEntries(
      (view.blocks as { block_id: string; element?: { type: string } }[])
        .filter((b) => b.element)
        .map((b) => [b.block_id, b.element!.type]),
    );
    expect(elements).toEqual({
      metric_1101: 'number_input',
      metric_1102: 'number_input',
      metric_1103: 'number_input',
      metric_1104: 'plain_text_input',
      timestamp: 'datetimepicker',
    });
    const written = h.sandbox.admin.written().readings.length;
    const bad = await h.driver.viewSubmission({ view, values: { metric_1101: 'lots', metric_1104: 'OPEN' } });
    expect(bad.closed).toBe(false);
    expect(bad.errors).toEqual({ metric_1101: 'Active Power (kW) takes a number; "lots" is not one.' });
    expect(bad.view?.id).toBe(view.id);
    expect(h.sandbox.admin.written().readings.length).toBe(written);

    const good = await h.driver.viewSubmission({
      view,
      values: { metric_1101: '187.5', metric_1104: 'OPEN' },
    });
    expect(good.closed).toBe(true);
    const stored = await waitFor(() =>
      h.sandbox.admin
        .written()
        .readings.slice(written)
        .find((r) => r.sourceId === source.id),
    );
    // contract: readings rule 3 — writable metrics left out of values are stored as null
    expect(stored.values).toMatchObject({ '1101': 187.5, '1102': null, '1103': null, '1104': 'OPEN' });
    expect(stored.via).toBe('api');
    const body = h.sandbox.admin
      .requests()
      .filter((r) => r.path === '/reading' && r.method === 'POST')
      .at(-1);
    expect(body?.query).toEqual({});
    await waitFor(() => h.standin.messages(CHANNEL).find((m) => m.text.includes('Reading saved')));
  });

  it('writes the picked time as the reading’s timestamp', async () => {
    const message = await card('Hall A Climate');
    const view = await modal('reading_entry', () =>
      h.driver.blockAction({ actionId: 'source_enter_reading', message }),
    );
    const written = h.sandbox.admin.written().readings.length;
    const at = Math.floor(Date.now() / 1000) - 3600;
    await h.driver.viewSubmission({ view, values: { metric_1301: '22.5', timestamp: at } });
    const stored = await waitFor(() => h.sandbox.admin.written().readings.slice(written)[0]);
    expect(stored.t).toBe(at * 1000);
    expect(stored.values).toMatchObject({ '1301': 22.5, '1302': null, '1303': null });
  });
});

describe('Enter reading for a count', () => {
  it('refuses −5 People In on its field, keeping the modal and writing nothing', async () => {
    const message = await card('Gate Camera North');
    const view = await modal('reading_entry', () =>
      h.driver.blockAction({ actionId: 'source_enter_reading', message }),
    );
    const people = (view.blocks as { block_id: string; element?: Record<string, unknown> }[]).find(
      (b) => b.block_id === 'metric_3101',
    );
    expect(people?.element).toMatchObject({
      type: 'number_input',
      is_decimal_allowed: false,
      min_value: '0',
    });
    const written = h.sandbox.admin.written().readings.length;
    const bad = await h.driver.viewSubmission({ view, values: { metric_3101: '-5', metric_3102: '3' } });
    expect(bad.closed).toBe(false);
    expect(bad.errors).toEqual({ metric_3101: 'People In is a count: it cannot be negative.' });
    expect(h.sandbox.admin.written().readings.length).toBe(written);
  });
});

describe('Report device status', () => {
  it('is prefilled from the last report and always sends the full recommended set', async () => {
    const cam = sourceNamed(h, 'Dock Camera');
    // a healthy camera on cellular, Wi-Fi down
    h.sandbox.admin.setDeviceStatus(cam.id, {
      ...HEALTHY_CAMERA,
      battery: 64,
      isCharging: true,
      wifiConnected: false,
      cellularConnected: true,
      version: '2.4.1',
    });
    const message = await card('Dock Camera');
    const view = await modal('source_device_status_view', () =>
      h.driver.blockAction({ actionId: 'source_device_status', message }),
    );
    const json = JSON.stringify(view.blocks);
    expect(json).toContain('"initial_value":"64"');
    expect(json).toContain('"initial_value":"2.4.1"');
    const bad = await h.driver.viewSubmission({ view, values: { battery: '140' } });
    expect(bad.errors).toEqual({ battery: 'Battery is a percentage from 0 to 100.' });
    const before = h.sandbox.admin.written().deviceStatuses.length;
    // the technician confirms a repair: camera back on, on Ethernet now
    await h.driver.viewSubmission({
      view,
      values: { battery: '80', flags: ['onLine', 'deviceOn', 'cameraOn', 'ethernetConnected'] },
    });
    const sent = await waitFor(() => h.sandbox.admin.written().deviceStatuses.slice(before)[0]);
    expect(sent.sourceId).toBe(cam.id);
    expect(sent.status).toEqual({
      battery: 80,
      isCharging: false,
      onLine: true,
      deviceOn: true,
      cameraOn: true,
      wifiConnected: false,
      cellularConnected: false,
      ethernetConnected: true,
      temperature: 30,
      version: '2.4.1',
    });
    const done = await waitFor(() =>
      h.standin.messages(CHANNEL).find((m) => m.text.includes('Device status reported')),
    );
    expect(done.text).toContain('fieldline’s alert relay will pick the report up on its next check');
    expect(done.text).not.toContain('The platform re-evaluates');
    expectValidBlockKit(h.standin);
  });
});

describe('Readings 24 h', () => {
  it('answers in the conversation with the last 24 hours of the card’s source', async () => {
    const message = await card('Compressed Air Header');
    const before = h.standin.callsTo('chat.update').length;
    await h.driver.blockAction({ actionId: 'source_readings', message });
    const answer = await waitFor(() =>
      h.standin
        .callsTo('chat.update')
        .slice(before)
        .find((c) => c.response.ok === true),
    );
    expect(String(answer.args.text)).toContain('Compressed Air Header — last 24 h');
    expect(answer.args.channel).toBe(CHANNEL);
  });
});

describe('Create task about this', () => {
  it('opens the task modal with the data source chosen', async () => {
    const message = await card('Boiler Feed Flow');
    const before = h.standin.callsTo('views.open').length;
    await h.driver.blockAction({ actionId: 'source_create_task', message });
    const opened = await waitFor(() => h.standin.callsTo('views.open').slice(before)[0]);
    expect(opened.response.ok).toBe(true);
    expect(JSON.stringify(opened.args.view)).toContain('Boiler Feed Flow');
  });
});
