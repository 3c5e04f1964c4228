/**
 * Local mode's extras on top of the stand-in: the web console at its `/`, and a seeded workspace. Called once
 * by main.ts after the app is listening.
 */
import type { Standin } from '../slack-standin/index.ts';
import { mountConsole, type MountedConsole } from '../slack-standin/console/index.ts';
import { seedLocalWorkspace, type LocalSeedDeps, type LocalSeedReport } from './seed-workspace.ts';

export { LOCAL_CHANNELS, seedLocalWorkspace } from './seed-workspace.ts';
export type { LocalSeedDeps, LocalSeedReport } from './seed-workspace.ts';

export interface LocalWorkspace {
  console: MountedConsole;
  seed: LocalSeedReport;
}

export async function setupLocalWorkspace(
  deps: LocalSeedDeps,
  standin: Standin,
  opts: { manifestPath?: string } = {},
): Promise<LocalWorkspace> {
  const console = mountConsole(standin, opts);
  const seed = await seedLocalWorkspace(deps, standin);
  return { console, seed };
}
