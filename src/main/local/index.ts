/**
 * Local mode's extras on top of the stand-in: the web console at its `/`, and a seeded workspace. Called once
 * by main.ts after the app is listening.
 */
import type { Deps } from '../../base/deps.ts';
import { alertDeps } from '../compose.ts';
import type { Standin } from '../../slack-standin/index.ts';
import { linkLocalPeople } from './link-people.ts';
import { mountConsole, type MountedConsole } from '../../slack-standin/console/index.ts';
import { workspaceRoutes } from '../../slack-standin/console/workspace-routes.ts';
import { seedLocalWorkspace, type LocalSeedReport } from './seed-workspace.ts';

export { LOCAL_CHANNELS, seedLocalWorkspace } from './seed-workspace.ts';
export type { LocalSeedDeps, LocalSeedReport } from './seed-workspace.ts';

export interface LocalWorkspace {
  console: MountedConsole;
  seed: LocalSeedReport;
}

export async function setupLocalWorkspace(
  deps: Deps,
  standin: Standin,
  userKeys?: { ana: string; ben: string },
  opts: { manifestPath?: string; installUrl?: string } = {},
): Promise<LocalWorkspace> {
  const console = mountConsole(standin, opts);
  // Several workspaces (issue 39): the console's switcher, and where to install fieldline in another one.
  standin.mount(workspaceRoutes(standin, console.token, opts.installUrl));
  // The seed sets up channels for nobody in particular: with the relay's key and cache.
  const seed = await seedLocalWorkspace(alertDeps(deps), standin);
  const linked = await linkLocalPeople(deps.access.vault, userKeys);
  deps.log.info({ linked }, 'local people linked to platform users');
  return { console, seed };
}
