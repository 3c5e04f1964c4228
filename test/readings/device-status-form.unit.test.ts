import { describe, expect, it } from 'vitest';
import { statusFromForm } from '../../src/readings/rules/device-status-form.ts';

describe('statusFromForm', () => {
  it('always sends every flag, unticked as false, with battery, and temperature/version when given', () => {
    expect(
      statusFromForm({ battery: '55.5', ticked: ['onLine', 'wifiConnected'], temperature: '', version: ' ' }),
    ).toEqual({
      ok: true,
      status: {
        battery: 55.5,
        isCharging: false,
        onLine: true,
        deviceOn: false,
        cameraOn: false,
        wifiConnected: true,
        cellularConnected: false,
        ethernetConnected: false,
      },
    });
  });

  it.each([
    [{ battery: '', temperature: null }, { battery: 'Battery is required (0–100 %).' }],
    [{ battery: '101', temperature: null }, { battery: 'Battery is a percentage from 0 to 100.' }],
    [{ battery: '50', temperature: 'hot' }, { temperature: 'Temperature is a number of degrees Celsius.' }],
  ])('refuses %j on its field', (form, errors) => {
    expect(statusFromForm({ ...form, ticked: [], version: null })).toEqual({ ok: false, errors });
  });
});
