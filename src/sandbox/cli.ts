/**
 * `npm run sandbox -- --port 4010 [--sources N --tasks N --days N --seed N --interval S --live
 *  --ingestion-delay MS --host H]` — serves the seeded sandbox and prints its URL and keys.
 */
import { parseArgs } from 'node:util';
import { createLogger } from '../base/log.ts';
import { startSandbox } from './index.ts';

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: '4010' },
    host: { type: 'string', default: '127.0.0.1' },
    sources: { type: 'string' },
    tasks: { type: 'string' },
    days: { type: 'string' },
    seed: { type: 'string' },
    interval: { type: 'string' },
    live: { type: 'boolean', default: false },
    'ingestion-delay': { type: 'string', default: '2000' },
  },
});

const int = (name: string, text: string | undefined): number | undefined => {
  if (text === undefined) return undefined;
  const n = Number(text);
  if (!Number.isInteger(n) || n < 0) {
    console.error(`--${name} must be a non-negative integer, got "${text}"`);
    process.exit(2);
  }
  return n;
};

const log = createLogger({ level: 'info', pretty: Boolean(process.stdout.isTTY) });
const started = Date.now();
const sandbox = await startSandbox({
  port: int('port', values.port),
  host: values.host,
  live: values.live,
  ingestionDelayMs: int('ingestion-delay', values['ingestion-delay']),
  seed: {
    sources: int('sources', values.sources),
    tasks: int('tasks', values.tasks),
    days: int('days', values.days),
    seed: int('seed', values.seed),
    readingIntervalSeconds: int('interval', values.interval),
  },
  log,
});
const state = sandbox.admin.state;
console.log(
  [
    `monitoring sandbox listening on ${sandbox.url} (started in ${Date.now() - started} ms)`,
    `  MONITORING_BASE_URL=${sandbox.url}`,
    `  full key     (all sites):  ${sandbox.keys.full}`,
    `  limited key  (site ${sandbox.limitedSiteId}): ${sandbox.keys.limited}`,
    `  Ana Silva    (all sites):  ${sandbox.userKeys.ana}`,
    `  Ben Okafor   (site ${sandbox.limitedSiteId}): ${sandbox.userKeys.ben}`,
    `  seed: ${state.sites.length} sites, ${state.sources.length} data sources, ${state.tasks.length} tasks, ${state.users.length} users${values.live ? ', live mode' : ''}`,
    `  admin: ${sandbox.url}/_sandbox/ (POST/PATCH/DELETE and the request log need x-sandbox-admin-token: ${sandbox.adminToken})`,
  ].join('\n'),
);

const stop = () => {
  void sandbox.close().then(() => process.exit(0));
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
