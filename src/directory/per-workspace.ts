/**
 * Task statuses and people per installation (issue 39): each workspace's platform has its own status ids and its
 * own people, so what one workspace's tasks taught is never answered to another. The registries of the acting
 * workspace are picked at each call (the acting person's, src/access's actingWorkspace); each keeps its records
 * under its connection's store root, which the relay of that connection shares (one learning feeds both).
 */
import type { Task } from '../monitoring/api.ts';
import type { Store } from '../store/store.ts';
import { PEOPLE_KEY } from './people.ts';
import { STATUSES_KEY } from './statuses.ts';
import type { PeopleDirectory, StatusDirectory } from './types.ts';

export interface WorkspaceRegistries {
  statuses: StatusDirectory;
  people: PeopleDirectory;
  learn(tasks: Iterable<Pick<Task, 'status' | 'assignee'>>): void;
}

export interface PerWorkspace {
  current(): WorkspaceRegistries;
  /** Forgets a workspace that left: its registries here and what they kept in its store root. */
  remove(workspace: string): Promise<void>;
}

/** What the registries keep under `directory:` of a root. */
const DIRECTORY_KEYS = [STATUSES_KEY, PEOPLE_KEY];

/** `where`: the acting installation and its store root (../directory/index.ts's DirectoryWorkspaces). */
export function perWorkspace(
  where: { workspace(): string | undefined; rootFor(workspace: string | undefined): Promise<Store> },
  make: (workspace: string | undefined) => WorkspaceRegistries,
): PerWorkspace {
  const made = new Map<string, WorkspaceRegistries>();
  return {
    current() {
      const workspace = where.workspace();
      const id = workspace ?? '';
      let found = made.get(id);
      if (!found) {
        found = make(workspace);
        made.set(id, found);
      }
      return found;
    },
    async remove(workspace) {
      made.delete(workspace);
      const directory = (await where.rootFor(workspace)).namespace('directory');
      for (const key of DIRECTORY_KEYS) await directory.delete(key);
    },
  };
}

/** A status directory that answers with the acting workspace's. */
export function routedStatuses(pick: () => StatusDirectory): StatusDirectory {
  return {
    idFor: (name) => pick().idFor(name),
    nameFor: (id) => pick().nameFor(id),
    all: () => pick().all(),
    learn: (tasks) => pick().learn(tasks),
    refresh: (signal) => pick().refresh(signal),
  };
}

/** A people directory that answers with the acting workspace's. */
export function routedPeople(pick: () => PeopleDirectory): PeopleDirectory {
  return {
    platformUserFor: (client, user, signal) => pick().platformUserFor(client, user, signal),
    slackEmail: (client, user) => pick().slackEmail(client, user),
    learn: (tasks) => pick().learn(tasks),
    byId: (id) => pick().byId(id),
  };
}
