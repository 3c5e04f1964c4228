/**
 * pino root logger with secret redaction, plus the adapter Bolt and WebClient need (@slack/logger's Logger).
 */
import { pino, type DestinationStream, type Logger as PinoLogger } from 'pino';
import { createRequire } from 'node:module';
import { LogLevel as SlackLogLevel, type Logger as SlackLogger } from '@slack/logger';

export type Logger = PinoLogger;

/** Paths whose values never reach a log line (tokens, signing secret, API key, auth headers). */
export const REDACT_PATHS = [
  'token',
  'botToken',
  'appToken',
  'signingSecret',
  'apiKey',
  'secret',
  'password',
  '*.token',
  '*.botToken',
  '*.appToken',
  '*.signingSecret',
  '*.apiKey',
  'headers["x-api-key"]',
  'headers.authorization',
  'headers.Authorization',
  '*.headers["x-api-key"]',
  '*.headers.authorization',
  '*.headers.Authorization',
  'req.headers["x-api-key"]',
  'req.headers.authorization',
  'config.slack.botToken',
  'config.slack.signingSecret',
  'config.slack.appToken',
  'config.monitoring.apiKey',
];

/** Values that must never appear in any log line, whatever path they are under. */
const SECRET_PATTERNS = [/xox[abposr]-[A-Za-z0-9-]+/g, /xapp-[A-Za-z0-9-]+/g];

function scrub(text: string, secrets: readonly string[]): string {
  let out = text;
  for (const secret of secrets) if (secret.length >= 6) out = out.split(secret).join('[Redacted]');
  for (const pattern of SECRET_PATTERNS) out = out.replace(pattern, '[Redacted]');
  return out;
}

export interface LoggerOptions {
  level: string;
  /** Known secret values (API key, tokens, signing secret): scrubbed from every line as a last line of defence. */
  secrets?: readonly string[];
  /** Pretty output for a terminal; JSON otherwise. */
  pretty?: boolean;
  destination?: DestinationStream;
}

export function createLogger(opts: LoggerOptions): Logger {
  const secrets = (opts.secrets ?? []).filter((s): s is string => typeof s === 'string' && s.length > 0);
  // Synchronous stdout: the last lines before process.exit ("stopped", a fatal start-up error) must not be lost.
  const base = opts.destination ?? (opts.pretty ? prettyStream() : pino.destination({ dest: 1, sync: true }));
  const destination: DestinationStream = {
    write: (line: string) => base.write(scrub(line, secrets)),
  };
  return pino(
    {
      level: opts.level,
      redact: { paths: REDACT_PATHS, censor: '[Redacted]' },
      base: { app: 'fieldline' },
      timestamp: pino.stdTimeFunctions.isoTime,
    },
    destination,
  );
}

function prettyStream(): DestinationStream {
  // Loaded only for a terminal, synchronously, so that createLogger stays synchronous.
  const require = createRequire(import.meta.url);
  const pretty = require('pino-pretty') as (opts: Record<string, unknown>) => DestinationStream;
  return pretty({ colorize: true, translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname,app' });
}

const toSlackLevel: Record<string, SlackLogLevel> = {
  trace: SlackLogLevel.DEBUG,
  debug: SlackLogLevel.DEBUG,
  info: SlackLogLevel.INFO,
  warn: SlackLogLevel.WARN,
  error: SlackLogLevel.ERROR,
  fatal: SlackLogLevel.ERROR,
  silent: SlackLogLevel.ERROR,
};

/** Adapter so Bolt and WebClient log through pino (with its redaction). */
export function slackLogger(log: Logger): SlackLogger {
  let name = 'slack';
  let child = log.child({ module: name });
  const fmt = (msg: unknown[]) =>
    msg
      .map((m) => (typeof m === 'string' ? m : m instanceof Error ? m.message : JSON.stringify(m)))
      .join(' ');
  // WebClient logs a debug line per call: format only what the level lets through.
  const at =
    (level: 'debug' | 'info' | 'warn' | 'error') =>
    (...msg: unknown[]) => {
      if (child.isLevelEnabled(level)) child[level](fmt(msg));
    };
  return {
    debug: at('debug'),
    info: at('info'),
    warn: at('warn'),
    error: at('error'),
    setLevel: () => {
      /* the root logger's level rules */
    },
    getLevel: () => toSlackLevel[log.level] ?? SlackLogLevel.INFO,
    setName: (n: string) => {
      name = n;
      child = log.child({ module: name });
    },
  };
}
