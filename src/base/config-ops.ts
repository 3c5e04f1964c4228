/** The METRICS_* and AUDIT_* settings (src/base/config.ts reads them with the rest of the environment; issue 42). */
import { parseInteger } from './config-integer.ts';

export interface OpsConfig {
  metrics: {
    /**
     * METRICS_PORT: /metrics is served on its own port (bind METRICS_HOST, default 0.0.0.0), never on PORT.
     * Unset: /metrics is on PORT, and only to a request bearing METRICS_TOKEN (404 to anyone else, and to
     * everyone when no token is set): the main port is Slack's public path.
     */
    port: number | undefined;
    host: string;
    /** METRICS_TOKEN: `Authorization: Bearer <token>`; on METRICS_PORT too when set. At least 16 characters. */
    token: string | undefined;
  };
  /** AUDIT_RETENTION_DAYS: how long audit entries are kept in the store (1–3650, default 90). */
  auditRetentionDays: number;
}

export function parseOps(e: Record<string, string | undefined>, problems: string[]): OpsConfig {
  const port =
    e.METRICS_PORT === undefined
      ? undefined
      : parseInteger('METRICS_PORT', e.METRICS_PORT, 9464, 1, 65_535, problems);
  const token = e.METRICS_TOKEN;
  if (token !== undefined && (token.length < 16 || /\s/.test(token)))
    problems.push('METRICS_TOKEN must be at least 16 characters without spaces (e.g. openssl rand -hex 24)');
  return {
    metrics: { port, host: e.METRICS_HOST ?? '0.0.0.0', token },
    auditRetentionDays: parseInteger('AUDIT_RETENTION_DAYS', e.AUDIT_RETENTION_DAYS, 90, 1, 3_650, problems),
  };
}
