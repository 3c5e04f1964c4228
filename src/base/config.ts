/**
 * Environment → typed Config. The only module that reads `process.env` (main.ts passes it in).
 * A variable set to the empty string counts as unset.
 */
import { z } from 'zod';
import { parseJobs, type JobsConfig } from './config-jobs.ts';
import { parseInteger } from './config-integer.ts';
import { parseAccess, type AccessConfig } from './config-access.ts';
import { parseOAuth, type OAuthConfig } from './config-oauth.ts';
import { parseOps, type OpsConfig } from './config-ops.ts';

export type { JobsConfig } from './config-jobs.ts';
export type { AccessConfig } from './config-access.ts';
export type { OAuthConfig } from './config-oauth.ts';
export type { OpsConfig } from './config-ops.ts';

export type SlackMode = 'http' | 'socket' | 'local';
export type StoreUrl = { kind: 'sqlite'; path: string } | { kind: 'memory' } | { kind: 'redis'; url: string };
export type LogLevel = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';

export interface Config {
  slack: {
    /** 'local' = no Slack configuration at all: fieldline wires itself to the Slack stand-in. */
    mode: SlackMode;
    botToken: string | undefined;
    signingSecret: string | undefined;
    /** Socket Mode; in local mode (`--local`) too: the app then reaches the stand-in over Socket Mode. */
    appToken: string | undefined;
    /** Web API base ending in `/`, e.g. https://slack.com/api/ */
    apiUrl: string;
    /**
     * SLACK_CLIENT_ID/SECRET/STATE_SECRET: installed by many workspaces with OAuth (issue 39), each request
     * authorised with its installation's token; undefined = one workspace, SLACK_BOT_TOKEN (or local mode).
     */
    oauth?: OAuthConfig | undefined;
  };
  port: number;
  monitoring:
    | { kind: 'remote'; baseUrl: string; apiKey: string }
    /** Both MONITORING_* unset: the embedded sandbox. */
    | { kind: 'sandbox' };
  store: StoreUrl;
  /** Prefix of every store key (and of the relay lease in Redis), default `fieldline:`. */
  storePrefix: string;
  pollIntervalSeconds: number;
  /** Redis relay lease: a dead leader's successor takes over within this many seconds (+ one poll interval). */
  leaseTtlSeconds: number;
  /** How long a device condition must hold before its alert is raised, and stay healthy before it clears. */
  alertPendingSeconds: number;
  alertHealthySeconds: number;
  logLevel: LogLevel;
  /** Optional company id used for signed uploads when a data source gives none. */
  companyId: string | undefined;
  /** Task status ids the contract does not give (On Hold, Done), e.g. "On Hold=10,Done=20". */
  taskStatusOverrides: Record<string, string>;
  access: AccessConfig;
  jobs: JobsConfig;
  /** /metrics and the audit trail (issue 42; src/base/config-ops.ts). */
  ops: OpsConfig;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(problems.join('\n'));
    this.name = 'ConfigError';
  }
}

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
const DEFAULT_SLACK_API_URL = 'https://slack.com/api/';

const env = z.object({
  SLACK_BOT_TOKEN: z.string().optional(),
  SLACK_SIGNING_SECRET: z.string().optional(),
  SLACK_APP_TOKEN: z.string().optional(),
  SLACK_API_URL: z.string().optional(),
  SLACK_CLIENT_ID: z.string().optional(),
  SLACK_CLIENT_SECRET: z.string().optional(),
  SLACK_STATE_SECRET: z.string().optional(),
  PORT: z.string().optional(),
  MONITORING_BASE_URL: z.string().optional(),
  MONITORING_API_KEY: z.string().optional(),
  STORE_URL: z.string().optional(),
  POLL_INTERVAL_SECONDS: z.string().optional(),
  STORE_PREFIX: z.string().optional(),
  LEASE_TTL_SECONDS: z.string().optional(),
  ALERT_PENDING_SECONDS: z.string().optional(),
  ALERT_HEALTHY_SECONDS: z.string().optional(),
  LOG_LEVEL: z.string().optional(),
  FIELDLINE_COMPANY_ID: z.string().optional(),
  TASK_STATUS_IDS: z.string().optional(),
  ACCESS_MODE: z.string().optional(),
  FIELDLINE_ENCRYPTION_KEY: z.string().optional(),
  FIELDLINE_ENCRYPTION_KEY_PREVIOUS: z.string().optional(),
  ALLOW_GUESTS: z.string().optional(),
  FIELDLINE_ADMIN_GROUP: z.string().optional(),
  JOB_CONCURRENCY: z.string().optional(),
  JOB_QUEUE_BOUND: z.string().optional(),
  JOB_RUNNER: z.string().optional(),
  JOB_LOCK_SECONDS: z.string().optional(),
  JOB_LANE_MAX: z.string().optional(),
  METRICS_PORT: z.string().optional(),
  METRICS_HOST: z.string().optional(),
  METRICS_TOKEN: z.string().optional(),
  AUDIT_RETENTION_DAYS: z.string().optional(),
});

function blankToUndefined(source: Record<string, string | undefined>): Record<string, string | undefined> {
  const out: Record<string, string | undefined> = {};
  for (const key of Object.keys(env.shape)) {
    const value = source[key];
    out[key] = value === undefined || value.trim() === '' ? undefined : value.trim();
  }
  return out;
}

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

function parseStoreUrl(raw: string | undefined, problems: string[]): StoreUrl {
  if (raw === undefined) return { kind: 'sqlite', path: './data/fieldline.sqlite' };
  if (raw === 'memory://') return { kind: 'memory' };
  if (raw.startsWith('sqlite://')) {
    const path = raw.slice('sqlite://'.length);
    if (path === '')
      problems.push('STORE_URL sqlite:// needs a file path, e.g. sqlite://./data/fieldline.sqlite');
    return { kind: 'sqlite', path };
  }
  if (raw.startsWith('redis://') || raw.startsWith('rediss://')) return { kind: 'redis', url: raw };
  problems.push(`STORE_URL must start with sqlite://, memory:// or redis:// (got "${raw.split(':')[0]}:…")`);
  return { kind: 'memory' };
}

function parseStorePrefix(raw: string | undefined, problems: string[]): string {
  if (raw === undefined) return 'fieldline:';
  if (!/^[\w.:-]{1,64}$/.test(raw))
    problems.push(
      `STORE_PREFIX may use letters, digits and . _ - : (at most 64), e.g. "fieldline:" (got "${raw}")`,
    );
  return raw;
}

function parseStatusOverrides(raw: string | undefined, problems: string[]): Record<string, string> {
  const out: Record<string, string> = {};
  if (raw === undefined) return out;
  for (const pair of raw.split(',')) {
    const [name, id] = pair.split('=').map((s) => s.trim());
    if (!name || !id || !/^[1-9]\d*$/.test(id)) {
      problems.push(`TASK_STATUS_IDS must look like "On Hold=10,Done=20" (bad part "${pair}")`);
      continue;
    }
    out[name] = id;
  }
  return out;
}

/** Parses the environment; throws ConfigError listing one line per problem. */
export function loadConfig(
  source: Record<string, string | undefined>,
  opts: { forceLocal?: boolean } = {},
): Config {
  const e = env.parse(blankToUndefined(source));
  const problems: string[] = [];

  const { SLACK_BOT_TOKEN: botToken, SLACK_SIGNING_SECRET: signingSecret, SLACK_APP_TOKEN: appToken } = e;
  const oauthGiven = Boolean(e.SLACK_CLIENT_ID || e.SLACK_CLIENT_SECRET || e.SLACK_STATE_SECRET);
  let mode: SlackMode;
  let oauth: OAuthConfig | undefined;
  if (opts.forceLocal || (!botToken && !signingSecret && !appToken && !oauthGiven)) {
    mode = 'local';
    if (appToken && !appToken.startsWith('xapp-'))
      problems.push('SLACK_APP_TOKEN must be an app-level token starting with xapp- (local Socket Mode)');
  } else if (appToken) {
    mode = 'socket';
    oauth = parseOAuth(e, problems);
    if (!botToken && !oauth) problems.push('SLACK_APP_TOKEN is set but SLACK_BOT_TOKEN is not');
    if (!appToken.startsWith('xapp-'))
      problems.push('SLACK_APP_TOKEN must be an app-level token starting with xapp-');
  } else {
    mode = 'http';
    oauth = parseOAuth(e, problems);
    if (!botToken && !oauth) problems.push('SLACK_SIGNING_SECRET is set but SLACK_BOT_TOKEN is not');
    if (!signingSecret)
      problems.push(
        oauth
          ? 'SLACK_CLIENT_ID is set but SLACK_SIGNING_SECRET is not (needed in HTTP mode)'
          : 'SLACK_BOT_TOKEN is set but SLACK_SIGNING_SECRET is not (needed in HTTP mode)',
      );
  }
  if (botToken && !botToken.startsWith('xoxb-') && mode !== 'local') {
    problems.push('SLACK_BOT_TOKEN must be a bot token starting with xoxb-');
  }

  let apiUrl = e.SLACK_API_URL ?? DEFAULT_SLACK_API_URL;
  if (!isHttpUrl(apiUrl)) problems.push(`SLACK_API_URL must be an http(s) URL (got "${apiUrl}")`);
  if (!apiUrl.endsWith('/')) apiUrl += '/';

  let monitoring: Config['monitoring'] = { kind: 'sandbox' };
  const { MONITORING_BASE_URL: baseUrl, MONITORING_API_KEY: apiKey } = e;
  if (apiKey && !baseUrl) problems.push('MONITORING_API_KEY is set but MONITORING_BASE_URL is not');
  else if (baseUrl && !apiKey) problems.push('MONITORING_BASE_URL is set but MONITORING_API_KEY is not');
  else if (baseUrl && apiKey) {
    if (!isHttpUrl(baseUrl)) problems.push(`MONITORING_BASE_URL must be an http(s) URL (got "${baseUrl}")`);
    monitoring = { kind: 'remote', baseUrl: baseUrl.replace(/\/+$/, ''), apiKey };
  }

  const logLevel = (e.LOG_LEVEL ?? 'info').toLowerCase();
  if (!(LOG_LEVELS as readonly string[]).includes(logLevel)) {
    problems.push(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')} (got "${e.LOG_LEVEL}")`);
  }

  const local = mode === 'local';
  const config: Config = {
    slack: { mode, botToken, signingSecret, appToken, apiUrl, ...(oauth ? { oauth } : {}) },
    port: parseInteger('PORT', e.PORT, 3000, 0, 65535, problems),
    monitoring,
    store: parseStoreUrl(e.STORE_URL, problems),
    storePrefix: parseStorePrefix(e.STORE_PREFIX, problems),
    // Local mode is a demo: things should visibly happen within a couple of minutes of `npm start`.
    pollIntervalSeconds: parseInteger(
      'POLL_INTERVAL_SECONDS',
      e.POLL_INTERVAL_SECONDS,
      local ? 15 : 60,
      1,
      86_400,
      problems,
    ),
    leaseTtlSeconds: parseInteger('LEASE_TTL_SECONDS', e.LEASE_TTL_SECONDS, 15, 1, 600, problems),
    alertPendingSeconds: parseInteger(
      'ALERT_PENDING_SECONDS',
      e.ALERT_PENDING_SECONDS,
      local ? 30 : 120,
      0,
      86_400,
      problems,
    ),
    alertHealthySeconds: parseInteger(
      'ALERT_HEALTHY_SECONDS',
      e.ALERT_HEALTHY_SECONDS,
      300,
      0,
      86_400,
      problems,
    ),
    logLevel: (LOG_LEVELS as readonly string[]).includes(logLevel) ? (logLevel as LogLevel) : 'info',
    jobs: parseJobs(e, problems),
    ops: parseOps(e, problems),
    companyId: e.FIELDLINE_COMPANY_ID,
    taskStatusOverrides: parseStatusOverrides(e.TASK_STATUS_IDS, problems),
    access: parseAccess(e, mode === 'local', problems),
  };
  if (problems.length > 0) throw new ConfigError(problems);
  return config;
}
