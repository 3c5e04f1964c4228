import { describe, expect, it } from 'vitest';
import { alertKey, evaluateHealth } from '../../src/alerts/rules/evaluate-health.ts';
import { DEFAULT_THRESHOLDS } from '../../src/alerts/rules/options.ts';
import type { SourceHealthInput } from '../../src/alerts/rules/types.ts';
import { HEALTHY_CAMERA } from '../fixtures/device-status.ts';

const NOW = Date.UTC(2026, 10, 20, 12, 0, 0);
const MIN = 60_000;

function source(patch: Partial<SourceHealthInput> = {}): SourceHealthInput {
  return {
    id: 's1',
    name: 'Pump 3',
    siteId: 'site1',
    siteName: 'North',
    isCamera: false,
    isSensor: false,
    lastReadingAt: NOW - MIN,
    inactiveThresholdSec: null,
    readingIntervalSec: 300,
    activityStatus: 'Active',
    validationStatus: 20,
    deviceStatus: null,
    ...patch,
  };
}

const healthyCamera = { ...HEALTHY_CAMERA, reportedAt: NOW - 5 * MIN };

function conditions(src: SourceHealthInput): string[] {
  return evaluateHealth(src, NOW, DEFAULT_THRESHOLDS).map((f) => `${f.condition}/${f.severity}`);
}

describe('evaluateHealth — metered and form sources', () => {
  it.each([
    ['a recent reading is healthy', source(), []],
    [
      'silent after 3 × readingInterval without threshold',
      source({ lastReadingAt: NOW - 16 * MIN }),
      ['silent/warning'],
    ],
    ['exactly 3 × readingInterval is not yet silent', source({ lastReadingAt: NOW - 15 * MIN }), []],
    [
      'silent escalates to critical past 3 × the threshold',
      source({ lastReadingAt: NOW - 46 * MIN }),
      ['silent/critical'],
    ],
    [
      'inactiveThreshold wins over readingInterval',
      source({ inactiveThresholdSec: 3600, lastReadingAt: NOW - 30 * MIN }),
      [],
    ],
    [
      'silent beyond inactiveThreshold',
      source({ inactiveThresholdSec: 600, lastReadingAt: NOW - 11 * MIN }),
      ['silent/warning'],
    ],
    [
      'no interval and no threshold: a form is never silent',
      source({ readingIntervalSec: null, lastReadingAt: 0 }),
      [],
    ],
    [
      'a sensor without interval or threshold uses the fallback (1 h)',
      source({ isSensor: true, readingIntervalSec: null, lastReadingAt: NOW - 61 * MIN }),
      ['silent/warning'],
    ],
    [
      'a sensor within the fallback is fine',
      source({ isSensor: true, readingIntervalSec: null, lastReadingAt: NOW - 59 * MIN }),
      [],
    ],
    ['a source that never reported is not silent', source({ lastReadingAt: null }), []],
    [
      'activity status Pending Readings',
      source({ activityStatus: 'Pending Readings' }),
      ['inactive/warning'],
    ],
    ['unknown activity status is not judged', source({ activityStatus: null }), []],
    ['validation Invalid (30)', source({ validationStatus: 30 }), ['invalid/warning']],
    ['validation Pending (10) is fine', source({ validationStatus: 10 }), []],
  ])('%s', (_name, src, expected) => {
    expect(conditions(src)).toEqual(expected);
  });
});

describe('evaluateHealth — camera device status', () => {
  const camera = (status: Partial<typeof healthyCamera> | null) =>
    source({ isCamera: true, deviceStatus: status === null ? null : { ...healthyCamera, ...status } });
  it.each([
    ['healthy camera', camera({}), []],
    ['low battery not charging: warning', camera({ battery: 15 }), ['battery_low/warning']],
    ['very low battery: critical', camera({ battery: 5 }), ['battery_low/critical']],
    ['low battery while charging is fine', camera({ battery: 5, isCharging: true }), []],
    ['offline', camera({ onLine: false }), ['offline/critical']],
    ['device off', camera({ deviceOn: false }), ['device_off/critical']],
    ['camera off', camera({ cameraOn: false }), ['camera_off/critical']],
    ['no network flag connected', camera({ wifiConnected: false }), ['no_network/critical']],
    ['cellular alone is connected', camera({ wifiConnected: false, cellularConnected: true }), []],
    ['high temperature: warning', camera({ temperature: 60 }), ['temperature_high/warning']],
    ['very high temperature: critical', camera({ temperature: 80 }), ['temperature_high/critical']],
    ['stale status report (over 2 h)', camera({ reportedAt: NOW - 121 * MIN }), ['status_stale/warning']],
    ['a status report within 2 h is fresh', camera({ reportedAt: NOW - 119 * MIN }), []],
    ['never reported a status', camera(null), ['status_stale/warning']],
  ])('%s', (_name, src, expected) => {
    expect(conditions(src)).toEqual(expected);
  });

  it('reports several conditions at once, each with its stable key', () => {
    const found = evaluateHealth(camera({ onLine: false, battery: 3 }), NOW, DEFAULT_THRESHOLDS);
    expect(found.map((f) => f.key).sort()).toEqual(
      [alertKey('s1', 'battery_low'), alertKey('s1', 'offline')].sort(),
    );
    expect(found.every((f) => f.sourceId === 's1')).toBe(true);
  });

  it('honours configured thresholds', () => {
    const t = { ...DEFAULT_THRESHOLDS, batteryWarning: 50, temperatureWarning: 30 };
    const found = evaluateHealth(camera({ battery: 40 }), NOW, t).map((f) => f.condition);
    expect(found.sort()).toEqual(['battery_low', 'temperature_high']);
  });
});
