/**
 * Feature services shared by several Slack surfaces and the relay (directory of sites, status registry,
 * people mapping, …). Each feature adds its field to `Services` and its construction to `createServices`. The
 * composition root states what `Deps` holds (src/base/deps.ts declares it empty), so the bottom layer imports
 * nothing above it.
 */
import type { BaseDeps } from '../base/deps.ts';
import type { Access } from '../access/index.ts';
import type { Installs } from '../installs/index.ts';
import type { Connections, PlatformClients } from '../connections/index.ts';
import type { AuditTrail } from '../ops/index.ts';
import { lazyStore } from '../store/lazy-store.ts';
import { createDirectory, type Directory, type DirectoryWorkspaces } from '../directory/index.ts';
import { createTaskService, type TaskService } from '../tasks/index.ts';
import { DEFAULT_FILE_TRANSFER, type FileTransferSettings } from '../files/index.ts';
import { createPostsService, type PostsService } from '../posts/index.ts';
import { createSourcesService, type SourcesService } from '../readings/index.ts';
import { createDigestRoutines, type DigestRoutinesSource } from '../rounds/index.ts';

export interface Services {
  directory: Directory;
  tasks: TaskService;
  posts: PostsService;
  fileTransfer: FileTransferSettings;
  sources: SourcesService;
  /** The shift digest's rounds and handover section (issue 40), read by the relay's digests. */
  digestRoutines: DigestRoutinesSource;
}

declare module '../base/deps.ts' {
  interface AppServices extends Services {
    access: Access;
    /** The installations served (issue 39; single-workspace mode: none, `multi` false). */
    installs: Installs;
    /** Each workspace's platform connection (issue 39). */
    connections: Connections;
    /** The monitoring clients of every connection (the relay's per connection). */
    platformClients: PlatformClients;
    /** The audit trail (issue 42; src/ops/audit/): set by the composition root. */
    audit?: AuditTrail;
  }
}

/** `workspaces`: statuses and people kept per installation (issue 39). */
export function createServices(base: BaseDeps, workspaces?: DirectoryWorkspaces): Services {
  // Each person's site list is their key's: cached per acting person (access/).
  const directory = createDirectory(base, base.scope, workspaces);
  // Task ids are each platform's own: what is kept by task id is kept under the acting workspace's root.
  const byWorkspace = workspaces
    ? lazyStore(base.store.kind, () => workspaces.rootFor(workspaces.workspace()))
    : base.store;
  return {
    directory,
    tasks: createTaskService(base, directory, byWorkspace),
    posts: createPostsService(base),
    fileTransfer: { ...DEFAULT_FILE_TRANSFER },
    sources: createSourcesService(base),
    digestRoutines: createDigestRoutines(base),
  };
}
