/**
 * The web console: a Slack-like page served by the stand-in at `/`, so a person can use the app with no Slack
 * workspace. Every click goes to the app as the signed request Slack would send (through the driver); the page
 * follows the stand-in's state live over server-sent events. It shares no code with the app's Slack code.
 *
 *   const standin = await startStandin({ ... });
 *   const console = mountConsole(standin);          // then open standin.baseUrl
 */
import type { Standin } from '../index.ts';
import { EventStream } from './events.ts';
import { newConsoleToken } from './guard.ts';
import { DEFAULT_MANIFEST_PATH, readManifest, type ConsoleManifest } from './manifest.ts';
import { ModalOwners } from './owners.ts';
import { consoleRoutes } from './routes.ts';
import { StaticFiles } from './static-files.ts';

export type { ConsoleManifest, ConsoleCommand, ConsoleShortcut } from './manifest.ts';
export { parseManifest } from './manifest.ts';

export interface ConsoleOptions {
  /** the app manifest whose commands and shortcuts the console offers; default: manifest.yml of the checkout */
  manifestPath?: string;
}

export interface MountedConsole {
  /** the page's address (the stand-in's base URL) */
  url: string;
  /** this run's token (embedded in the page; header `x-console-token` on every POST) */
  token: string;
  /** ends the live event streams (the stand-in's close() ends their connections too) */
  close(): void;
}

export function mountConsole(standin: Standin, opts: ConsoleOptions = {}): MountedConsole {
  const owners = new ModalOwners(standin);
  const events = new EventStream(standin.state, owners);
  const token = newConsoleToken();
  let manifest: Promise<ConsoleManifest> | undefined;
  standin.mount(
    consoleRoutes({
      standin,
      token,
      events,
      owners,
      files: new StaticFiles(),
      manifest: () => (manifest ??= readManifest(opts.manifestPath ?? DEFAULT_MANIFEST_PATH)),
    }),
  );
  return { url: standin.baseUrl, token, close: () => events.close() };
}
