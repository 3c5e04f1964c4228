/**
 * The directory: sites, task statuses and people, shared by tasks, sources, posts and the relay.
 * Exposed on Deps as `directory`.
 */
import type { BaseDeps } from '../base/deps.ts';
import { createPeopleDirectory } from './people.ts';
import { resolveSiteIn } from './resolve-site.ts';
import { createSiteCatalog } from './sites.ts';
import { createStatusRegistry } from './statuses.ts';
import { createTaskScanner } from './task-scan.ts';
import type { Directory } from './types.ts';

export type * from './types.ts';
export { CANONICAL_STATUSES, statusKey } from './statuses.ts';
export { filterSites, resolveSiteIn } from './resolve-site.ts';

/**
 * `scope` names whose view of the platform `base.monitoring` gives (the acting person's, or the relay's): the
 * site list is cached per scope.
 */
export function createDirectory(base: BaseDeps, scope: () => string): Directory {
  const log = base.log.child({ module: 'directory' });
  const catalog = createSiteCatalog({ ...base, log, scope });
  const scanner = createTaskScanner({
    monitoring: base.monitoring,
    clock: base.clock,
    log,
    learn: (tasks) => directory.learnFromTasks(tasks),
  });
  const statuses = createStatusRegistry({
    overrides: base.config.taskStatusOverrides,
    store: base.store,
    scan: (signal) => scanner.scan(signal),
    now: () => base.clock.now(),
  });
  const people = createPeopleDirectory({
    store: base.store,
    scan: (signal) => scanner.scan(signal),
    now: () => base.clock.now(),
  });
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
    statuses,
    people,
    async learnFromTasks(tasks) {
      statuses.learn(tasks);
      people.learn(tasks);
    },
  };
  return directory;
}
