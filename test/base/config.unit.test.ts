import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/base/config.ts';

/** People's keys are stored encrypted: linked mode with Slack configured needs a data key. */
const KEY = { FIELDLINE_ENCRYPTION_KEY: 'ab'.repeat(32) };

function problems(env: Record<string, string>, withKey = true): string[] {
  try {
    loadConfig(withKey ? { ...KEY, ...env } : env);
  } catch (err) {
    if (err instanceof ConfigError) return err.problems;
    throw err;
  }
  throw new Error('expected a ConfigError');
}

describe('loadConfig', () => {
  it('runs locally with nothing set: local Slack, embedded sandbox, sqlite store, defaults', () => {
    const config = loadConfig({});
    expect(config.slack.mode).toBe('local');
    expect(config.monitoring).toEqual({ kind: 'sandbox' });
    expect(config.store).toEqual({ kind: 'sqlite', path: './data/fieldline.sqlite' });
    expect(config).toMatchObject({
      port: 3000,
      // local mode is a demo: polls and raises alerts sooner than a real deployment
      pollIntervalSeconds: 15,
      alertPendingSeconds: 30,
      logLevel: 'info',
      taskStatusOverrides: {},
    });
    expect(config.slack.apiUrl).toBe('https://slack.com/api/');
  });

  it('polls every 60 s and waits 120 s before raising an alert when connected to Slack', () => {
    const config = loadConfig({ ...KEY, SLACK_BOT_TOKEN: 'xoxb-1-abc', SLACK_SIGNING_SECRET: 'shh-secret' });
    expect(config.slack.mode).toBe('http');
    expect(config).toMatchObject({ pollIntervalSeconds: 60, alertPendingSeconds: 120 });
  });

  it('treats empty and blank values as unset', () => {
    const config = loadConfig({
      SLACK_BOT_TOKEN: '',
      SLACK_SIGNING_SECRET: '  ',
      MONITORING_API_KEY: '',
      PORT: '',
      STORE_URL: '',
    });
    expect(config.slack.mode).toBe('local');
    expect(config.monitoring.kind).toBe('sandbox');
    expect(config.port).toBe(3000);
  });

  it('chooses HTTP mode with a bot token and signing secret', () => {
    const config = loadConfig({ ...KEY, SLACK_BOT_TOKEN: 'xoxb-1', SLACK_SIGNING_SECRET: 'secret' });
    expect(config.slack).toMatchObject({ mode: 'http', botToken: 'xoxb-1', signingSecret: 'secret' });
  });

  it('chooses Socket Mode when an app token is set', () => {
    expect(loadConfig({ ...KEY, SLACK_BOT_TOKEN: 'xoxb-1', SLACK_APP_TOKEN: 'xapp-1' }).slack.mode).toBe(
      'socket',
    );
  });

  it('forces local mode with --local even when Slack is configured', () => {
    expect(
      loadConfig({ ...KEY, SLACK_BOT_TOKEN: 'xoxb-1', SLACK_SIGNING_SECRET: 's' }, { forceLocal: true }).slack
        .mode,
    ).toBe('local');
  });

  it.each([
    [
      { SLACK_BOT_TOKEN: 'xoxb-1' },
      'SLACK_BOT_TOKEN is set but SLACK_SIGNING_SECRET is not (needed in HTTP mode)',
    ],
    [{ SLACK_SIGNING_SECRET: 's' }, 'SLACK_SIGNING_SECRET is set but SLACK_BOT_TOKEN is not'],
    [{ SLACK_APP_TOKEN: 'xapp-1' }, 'SLACK_APP_TOKEN is set but SLACK_BOT_TOKEN is not'],
    [
      { SLACK_BOT_TOKEN: 'xoxb-1', SLACK_APP_TOKEN: 'abc' },
      'SLACK_APP_TOKEN must be an app-level token starting with xapp-',
    ],
    [
      { SLACK_BOT_TOKEN: 'xoxp-1', SLACK_SIGNING_SECRET: 's' },
      'SLACK_BOT_TOKEN must be a bot token starting with xoxb-',
    ],
    [{ MONITORING_API_KEY: 'k' }, 'MONITORING_API_KEY is set but MONITORING_BASE_URL is not'],
    [
      { MONITORING_BASE_URL: 'https://x.example' },
      'MONITORING_BASE_URL is set but MONITORING_API_KEY is not',
    ],
    [
      { MONITORING_BASE_URL: 'x.example', MONITORING_API_KEY: 'k' },
      'MONITORING_BASE_URL must be an http(s) URL (got "x.example")',
    ],
    [{ SLACK_API_URL: 'slack' }, 'SLACK_API_URL must be an http(s) URL (got "slack")'],
    [{ PORT: '70000' }, 'PORT must be a whole number from 0 to 65535 (got "70000")'],
    [
      { POLL_INTERVAL_SECONDS: '0.5' },
      'POLL_INTERVAL_SECONDS must be a whole number from 1 to 86400 (got "0.5")',
    ],
    [
      { STORE_URL: 'sqlite://' },
      'STORE_URL sqlite:// needs a file path, e.g. sqlite://./data/fieldline.sqlite',
    ],
    [
      { STORE_URL: 'postgres://db/x' },
      'STORE_URL must start with sqlite://, memory:// or redis:// (got "postgres:…")',
    ],
    [
      { LOG_LEVEL: 'loud' },
      'LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent (got "loud")',
    ],
    [
      { TASK_STATUS_IDS: 'On Hold=ten' },
      'TASK_STATUS_IDS must look like "On Hold=10,Done=20" (bad part "On Hold=ten")',
    ],
    [{ JOB_RUNNER: 'fork' }, 'JOB_RUNNER must be thread or event-loop (got "fork")'],
    [{ JOB_QUEUE_BOUND: '0' }, 'JOB_QUEUE_BOUND must be a whole number from 1 to 1000000 (got "0")'],
  ])('rejects %j with one line naming the variable', (env, line) => {
    expect(problems(env)).toEqual([line]);
  });

  it('runs jobs in a worker thread, 64 at once, at most 1,000 waiting, by default', () => {
    expect(loadConfig({ ...KEY }).jobs).toEqual({
      runner: 'thread',
      concurrency: 64,
      maxWaiting: 1_000,
      lockSeconds: 30,
    });
    expect(loadConfig({ ...KEY, JOB_RUNNER: 'event-loop', JOB_CONCURRENCY: '8' }).jobs).toMatchObject({
      runner: 'event-loop',
      concurrency: 8,
    });
  });

  it('lists every problem at once, one line each', () => {
    const found = problems({ MONITORING_API_KEY: 'k', PORT: '-1', LOG_LEVEL: 'x' });
    expect(found).toHaveLength(3);
    expect(found.map((l) => l.split(' ')[0]).sort()).toEqual(['LOG_LEVEL', 'MONITORING_API_KEY', 'PORT']);
  });

  it('never repeats a secret value in a problem line', () => {
    const found = problems({
      MONITORING_API_KEY: 'very-secret-key',
      SLACK_SIGNING_SECRET: 'sig-secret-value',
    });
    expect(found.join('\n')).not.toMatch(/very-secret-key|sig-secret-value/);
  });

  it('parses the remote platform, store kinds, status overrides and a custom API URL', () => {
    const config = loadConfig({
      MONITORING_BASE_URL: 'https://api.example.com/prod/',
      MONITORING_API_KEY: 'k',
      STORE_URL: 'redis://cache.plant.internal:6380/2',
      TASK_STATUS_IDS: 'On Hold=10, Done=20',
      SLACK_API_URL: 'http://127.0.0.1:9999/api',
      LOG_LEVEL: 'DEBUG',
      POLL_INTERVAL_SECONDS: '15',
    });
    expect(config.monitoring).toEqual({
      kind: 'remote',
      baseUrl: 'https://api.example.com/prod',
      apiKey: 'k',
    });
    expect(config.store).toEqual({ kind: 'redis', url: 'redis://cache.plant.internal:6380/2' });
    expect(config.taskStatusOverrides).toEqual({ 'On Hold': '10', Done: '20' });
    expect(config.slack.apiUrl).toBe('http://127.0.0.1:9999/api/');
    expect(config.logLevel).toBe('debug');
    expect(config.pollIntervalSeconds).toBe(15);
    expect(loadConfig({ STORE_URL: 'memory://' }).store).toEqual({ kind: 'memory' });
    expect(loadConfig({ STORE_URL: 'sqlite:///var/lib/f.sqlite' }).store).toEqual({
      kind: 'sqlite',
      path: '/var/lib/f.sqlite',
    });
  });

  describe('access', () => {
    it('defaults to linked mode, guests refused, no admin group', () => {
      const config = loadConfig({ ...KEY, SLACK_BOT_TOKEN: 'xoxb-1', SLACK_SIGNING_SECRET: 's' });
      expect(config.access).toMatchObject({ mode: 'linked', allowGuests: false, adminGroup: undefined });
      expect(config.access.encryptionKey?.length).toBe(32);
    });

    it('needs FIELDLINE_ENCRYPTION_KEY in linked mode with Slack configured, saying why and how to make one', () => {
      expect(problems({ SLACK_BOT_TOKEN: 'xoxb-1', SLACK_SIGNING_SECRET: 's' }, false)).toEqual([
        "FIELDLINE_ENCRYPTION_KEY is required with ACCESS_MODE=linked: people's platform keys are stored encrypted with it (e.g. `openssl rand -base64 32`)",
      ]);
      expect(
        loadConfig({ SLACK_BOT_TOKEN: 'xoxb-1', SLACK_SIGNING_SECRET: 's', ACCESS_MODE: 'shared' }).access
          .mode,
      ).toBe('shared');
    });

    it.each([
      [{ FIELDLINE_ENCRYPTION_KEY: 'short' }, 'FIELDLINE_ENCRYPTION_KEY must be 32 random bytes'],
      [{ ACCESS_MODE: 'open' }, 'ACCESS_MODE must be linked or shared (got "open")'],
      [{ ALLOW_GUESTS: 'yes' }, 'ALLOW_GUESTS must be true or false (got "yes")'],
    ])('rejects %j with one line naming the variable', (env, start) => {
      const found = problems(env, false);
      expect(found).toHaveLength(1);
      expect(found[0]).toContain(start);
    });

    it('reads shared mode, guests allowed and the admin group; a base64 key works too', () => {
      const config = loadConfig({
        ACCESS_MODE: 'shared',
        ALLOW_GUESTS: 'true',
        FIELDLINE_ADMIN_GROUP: 'plant-leads',
        FIELDLINE_ENCRYPTION_KEY: Buffer.alloc(32, 7).toString('base64'),
      });
      expect(config.access).toMatchObject({ mode: 'shared', allowGuests: true, adminGroup: 'plant-leads' });
      expect(config.access.encryptionKey).toEqual(Buffer.alloc(32, 7));
    });

    it('reads the keys being rotated out from FIELDLINE_ENCRYPTION_KEY_PREVIOUS (comma-separated, hex or base64)', () => {
      const config = loadConfig({
        FIELDLINE_ENCRYPTION_KEY: Buffer.alloc(32, 3).toString('base64'),
        FIELDLINE_ENCRYPTION_KEY_PREVIOUS: ` ${'01'.repeat(32)} ,${Buffer.alloc(32, 2).toString('base64')},, ${Buffer.alloc(32, 3).toString('hex')}`,
      });
      // The current key listed again is not a second key.
      expect(config.access.previousEncryptionKeys).toEqual([Buffer.alloc(32, 1), Buffer.alloc(32, 2)]);
      expect(loadConfig({}).access.previousEncryptionKeys).toEqual([]);
    });

    it.each([
      [
        { FIELDLINE_ENCRYPTION_KEY_PREVIOUS: `${'01'.repeat(32)},short-secret-value` },
        'FIELDLINE_ENCRYPTION_KEY_PREVIOUS must be 32 random bytes',
      ],
      [
        { FIELDLINE_ENCRYPTION_KEY: '', FIELDLINE_ENCRYPTION_KEY_PREVIOUS: '01'.repeat(32) },
        'FIELDLINE_ENCRYPTION_KEY_PREVIOUS is set but FIELDLINE_ENCRYPTION_KEY is not',
      ],
    ])('rejects %j with one line naming the variable, never the value', (env, start) => {
      const found = problems(env, !('FIELDLINE_ENCRYPTION_KEY' in env));
      expect(found).toHaveLength(1);
      expect(found[0]).toContain(start);
      expect(found[0]).not.toContain('short-secret-value');
      expect(found[0]).not.toContain('01'.repeat(32));
    });
  });
});
