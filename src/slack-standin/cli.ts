/**
 * `npm run standin -- --port 3100 --app-url http://127.0.0.1:3000` — runs the stand-in on its own and prints
 * what an app needs to talk to it (Web API URL, signing secret, bot token, app-level token).
 * Flags: --port N, --host H, --app-url URL, --signing-secret S, --bot-token T, --app-token T, --socket-mode
 * (the app connects over Socket Mode with SLACK_APP_TOKEN instead of taking requests at --app-url), --no-schema.
 */
import { parseArgs } from 'node:util';
import { mountConsole } from './console/index.ts';
import { startStandin } from './index.ts';

function readFlags() {
  try {
    return parseArgs({
      options: {
        port: { type: 'string', default: '3100' },
        host: { type: 'string', default: '127.0.0.1' },
        'app-url': { type: 'string' },
        'signing-secret': { type: 'string' },
        'bot-token': { type: 'string' },
        'app-token': { type: 'string' },
        'socket-mode': { type: 'boolean', default: false },
        'no-schema': { type: 'boolean', default: false },
      },
    }).values;
  } catch (err) {
    // Unknown or malformed flags: one line, no stack trace.
    console.error(err instanceof Error ? err.message : String(err));
    process.exit(1);
  }
}

const values = readFlags();

const port = Number(values.port);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`--port must be a port number, got ${values.port}`);
  process.exit(1);
}

const standin = await startStandin({
  port,
  host: values.host,
  ...(values['app-url'] ? { appUrl: values['app-url'] } : {}),
  ...(values['signing-secret'] ? { signingSecret: values['signing-secret'] } : {}),
  ...(values['bot-token'] ? { botToken: values['bot-token'] } : {}),
  ...(values['app-token'] ? { appToken: values['app-token'] } : {}),
  socketMode: values['socket-mode'],
  ...(values['no-schema'] ? { blockKitSchemaPath: false as const } : {}),
});

const consoleUi = mountConsole(standin);
console.log(`Slack stand-in listening on ${standin.baseUrl} (web console: ${consoleUi.url})`);
console.log(`  SLACK_API_URL=${standin.apiUrl}`);
console.log(`  SLACK_SIGNING_SECRET=${standin.signingSecret}`);
console.log(`  SLACK_BOT_TOKEN=${standin.botToken}`);
console.log(`  SLACK_APP_TOKEN=${standin.appToken}`);
if (values['socket-mode']) console.log('  Socket Mode: on (the app connects with SLACK_APP_TOKEN)');
else console.log(`  app Request URL: ${values['app-url'] ?? '(none yet — pass --app-url)'}`);

const stop = (): void => {
  Promise.all([consoleUi.close(), standin.close()]).then(
    () => process.exit(0),
    () => process.exit(1),
  );
};
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
