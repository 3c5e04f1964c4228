import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/base/config.ts';

describe('METRICS_* and AUDIT_RETENTION_DAYS', () => {
  it('defaults: /metrics on the main port for a token only (none set: not served), audit kept 90 days', () => {
    expect(loadConfig({}).ops).toEqual({
      metrics: { port: undefined, host: '0.0.0.0', token: undefined },
      auditRetentionDays: 90,
    });
  });

  it('reads a port, a host, a token and a retention', () => {
    const config = loadConfig({
      METRICS_PORT: '9464',
      METRICS_HOST: '127.0.0.1',
      METRICS_TOKEN: 'abcdefghijklmnop',
      AUDIT_RETENTION_DAYS: '30',
    });
    expect(config.ops).toEqual({
      metrics: { port: 9464, host: '127.0.0.1', token: 'abcdefghijklmnop' },
      auditRetentionDays: 30,
    });
  });

  it('refuses a short token, a bad port and a retention of nothing, naming each variable', () => {
    let problems: string[] = [];
    try {
      loadConfig({ METRICS_TOKEN: 'short', METRICS_PORT: '70000', AUDIT_RETENTION_DAYS: '0' });
    } catch (err) {
      if (err instanceof ConfigError) problems = err.problems;
    }
    expect(problems).toEqual([
      expect.stringMatching(/^METRICS_PORT must be a whole number from 1 to 65535/),
      expect.stringMatching(/^METRICS_TOKEN must be at least 16 characters/),
      expect.stringMatching(/^AUDIT_RETENTION_DAYS must be a whole number from 1 to 3650/),
    ]);
  });
});
