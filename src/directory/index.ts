/**
 * The directory: sites, task statuses and people, shared by tasks, sources, posts and the relay.
 * Exposed on Deps as `directory`.
 */
import type { BaseDeps } from '../base/deps.ts';
import { lazyStore } from '../store/lazy-store.ts';
import type { Store } from '../store/store.ts';
import { createPeopleDirectory } from './people.ts';
import { perWorkspace, routedPeople, routedStatuses, type WorkspaceRegistries } from './per-workspace.ts';
import { resolveSiteIn } from './resolve-site.ts';
import { createSiteCatalog } from './sites.ts';
import { createStatusRegistry } from './statuses.ts';
import { createTaskScanner } from './task-scan.ts';
import type { Directory } from './types.ts';

export type * from './types.ts';
export { CANONICAL_STATUSES, statusKey } from './statuses.ts';
export { filterSites, resolveSiteIn } from './resolve-site.ts';

/** Where each installation's statuses and people are kept (issue 39); without it, one set for the whole store. */
export interface DirectoryWorkspaces {
  /** The acting installation (src/kit/workspace.ts's key); undefined outside requests. */
  workspace(): string | undefined;
  /** Its connection's store root (the relay of that connection keeps its records there too). */
  rootFor(workspace: string | undefined): Promise<Store>;
}

/**
 * `scope` names whose view of the platform `base.monitoring` gives (the acting person's, or the relay's): the
 * site list is cached per scope. `workspaces` keeps statuses and people per installation.
 */
export function createDirectory(
  base: BaseDeps,
  scope: () => string,
  workspaces?: DirectoryWorkspaces,
): Directory {
  const log = base.log.child({ module: 'directory' });
  const catalog = createSiteCatalog({ ...base, log, scope });

  // One scan, status registry and people map per installation: a scan learns from that workspace's platform only.
  function registriesOn(store: Store): WorkspaceRegistries {
    const scanner = createTaskScanner({
      monitoring: base.monitoring,
      clock: base.clock,
      log,
      learn: async (tasks) => made.learn(tasks),
    });
    const scan = (signal?: AbortSignal) => scanner.scan(signal);
    const now = () => base.clock.now();
    const made: WorkspaceRegistries = {
      statuses: createStatusRegistry({ overrides: base.config.taskStatusOverrides, store, scan, now }),
      people: createPeopleDirectory({ store, scan, now }),
      learn(tasks) {
        made.statuses.learn(tasks);
        made.people.learn(tasks);
      },
    };
    return made;
  }
  const routed = workspaces
    ? perWorkspace(workspaces, (ws) => registriesOn(lazyStore(base.store.kind, () => workspaces.rootFor(ws))))
    : undefined;
  const single = routed ? undefined : registriesOn(base.store);
  const current = (): WorkspaceRegistries => single ?? routed!.current();
  const forgetting: ((scope: string) => void)[] = [];

  const directory: Directory = {
    sites: (signal) => catalog.sites(signal),
    forget(scope) {
      catalog.forget(scope);
      for (const listener of forgetting) listener(scope);
    },
    onForget: (listener) => void forgetting.push(listener),
    async site(siteId, signal) {
      return (await catalog.sites(signal)).find((s) => s.id === siteId);
    },
    async resolveSite(text, signal) {
      return resolveSiteIn(await catalog.sites(signal), text);
    },
    statuses: routedStatuses(() => current().statuses),
    people: routedPeople(() => current().people),
    async learnFromTasks(tasks) {
      current().learn(tasks);
    },
    async removeWorkspace(workspace) {
      await routed?.remove(workspace);
    },
  };
  return directory;
}
