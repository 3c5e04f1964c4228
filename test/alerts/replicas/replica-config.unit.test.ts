/** Configuration for replicas: key prefix, lease TTL and alert periods (README "Running several replicas"). */
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../src/base/config.ts';
import { configProblems } from '../../fixtures/config-problems.ts';

describe('replica configuration', () => {
  it('defaults to the fieldline: prefix, a 15 s lease and 2 min / 5 min alert periods', () => {
    // Connected to Slack (local mode shortens the alert period for the demo).
    const config = loadConfig({
      SLACK_BOT_TOKEN: 'xoxb-1-abc',
      SLACK_SIGNING_SECRET: 'shh-secret',
      ACCESS_MODE: 'shared',
    });
    expect(config.storePrefix).toBe('fieldline:');
    expect(config.leaseTtlSeconds).toBe(15);
    expect(config.alertPendingSeconds).toBe(120);
    expect(config.alertHealthySeconds).toBe(300);
  });

  it('reads STORE_PREFIX, LEASE_TTL_SECONDS and the alert periods', () => {
    const config = loadConfig({
      STORE_PREFIX: 'plant-north:',
      LEASE_TTL_SECONDS: '5',
      ALERT_PENDING_SECONDS: '0',
      ALERT_HEALTHY_SECONDS: '60',
    });
    expect(config).toMatchObject({
      storePrefix: 'plant-north:',
      leaseTtlSeconds: 5,
      alertPendingSeconds: 0,
      alertHealthySeconds: 60,
    });
  });

  it('names the variable when a value is unusable', () => {
    expect(configProblems({ STORE_PREFIX: 'has space' })).toEqual([expect.stringMatching(/^STORE_PREFIX /)]);
    expect(configProblems({ LEASE_TTL_SECONDS: '0' })).toEqual([
      expect.stringMatching(/^LEASE_TTL_SECONDS must be/),
    ]);
    expect(configProblems({ ALERT_PENDING_SECONDS: '-1' })).toEqual([
      expect.stringMatching(/^ALERT_PENDING_SECONDS must be/),
    ]);
  });
});
