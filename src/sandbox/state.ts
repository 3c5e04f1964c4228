/** Mutable sandbox state: the seed world plus everything written, and who may touch what. */
import { randomBytes } from 'node:crypto';
import { applyDeviceStatus } from './alerts.ts';
import type { Comment, Site, Source, Task } from './model.ts';
import { ReadingsStore } from './readings-store.ts';
import { buildWorld, type ResolvedSeed, type World } from './seed.ts';
import { API_USER_ID, API_USER_NAME, LIMITED_SITE_ID } from './seed-catalog.ts';
import type {
  ImportRun,
  PostRecord,
  RecordedRequest,
  SandboxAlert,
  TaskCreateRecord,
  TaskPatchRecord,
  UploadRecord,
  Injection,
  DeviceStatus,
} from './types.ts';

/**
 * What a valid key resolves to (contract: Authentication rule 3 — "a valid key resolves to a user context"):
 * one platform user and the sites that user may read and write (`null` = every site).
 */
export interface KeyContext {
  userId: string;
  userName: string;
  siteIds: ReadonlySet<string> | null;
}

/** A key minted through the admin surface (or seeded): one platform user, a set of sites or every site. */
export interface KeyGrant {
  userId: string;
  siteIds: readonly string[] | null;
}

export interface UploadForm {
  /** The platform user of the key that asked for the form: the file record's createdBy. */
  byUserId: string;
  tempName: string;
  key: string;
  expiresMs: number;
  contentType: string;
  fileSize: number;
  loose: boolean;
  name: string;
  fileType: string;
  body: Record<string, unknown>;
}

export interface ExportFile {
  id: string;
  csv: string;
  expiresMs: number;
}

export interface ActiveInjection extends Required<Pick<Injection, 'endpoint'>> {
  method: string;
  pattern: RegExp;
  status?: number;
  retryAfterSeconds?: number;
  latencyMs?: number;
  body?: unknown;
  remaining: number;
}

export class SandboxState {
  world!: World;
  readings!: ReadingsStore;
  readonly secret = randomBytes(16).toString('hex');
  baseUrl = '';
  offsetMs = 0;
  startMs = 0;
  seq = { task: 0, post: 0, comment: 0, file: 0, alert: 0, import: 0, export: 0 };
  posts: PostRecord[] = [];
  comments: Comment[] = [];
  createdTasks: TaskCreateRecord[] = [];
  patches: TaskPatchRecord[] = [];
  uploads: UploadRecord[] = [];
  imports = new Map<string, ImportRun>();
  deviceStatuses: { sourceId: string; status: DeviceStatus; at: number }[] = [];
  alerts: SandboxAlert[] = [];
  uploadForms = new Map<string, UploadForm>();
  exports = new Map<string, ExportFile>();
  injections: ActiveInjection[] = [];
  requests: RecordedRequest[] = [];
  /** Live-mode bookkeeping: sandbox time already simulated. */
  liveClockMs = 0;

  constructor(
    readonly seed: ResolvedSeed,
    private readonly clock: () => number,
    readonly ingestionDelayMs: number,
    readonly keys: { full: string; limited: string },
    grants: ReadonlyMap<string, KeyGrant> = new Map(),
  ) {
    this.grants = new Map(grants);
    this.reset();
  }

  /** Per-user keys: key → grant. The two integration keys (`full`, `limited`) act as the integration user. */
  private readonly grants: Map<string, KeyGrant>;

  /** Mints a new key for a platform user (admin surface: it has refused unknown users and sites). */
  mintKey(grant: KeyGrant): string {
    const key = `sbx-user-${grant.userId}-${randomBytes(9).toString('hex')}`;
    this.grants.set(key, { userId: grant.userId, siteIds: grant.siteIds ? [...grant.siteIds] : null });
    return key;
  }

  revokeKey(key: string): boolean {
    return this.grants.delete(key);
  }

  userName(userId: string): string | undefined {
    if (userId === API_USER_ID) return API_USER_NAME;
    const u = this.world.users.find((x) => x.id === userId);
    return u ? `${u.firstName} ${u.lastName}` : undefined;
  }

  now(): number {
    return this.clock() + this.offsetMs;
  }

  reset(): void {
    this.offsetMs = 0;
    this.startMs = this.clock();
    this.liveClockMs = this.startMs;
    this.world = buildWorld(this.seed, this.startMs);
    this.readings = new ReadingsStore(() => this.now());
    const tasks = this.world.tasks;
    this.seq = {
      task: 3001 + tasks.length,
      post: 90001 + tasks.length,
      comment: 600001,
      file: 8101,
      alert: 1,
      import: 1,
      export: 1,
    };
    this.posts = [];
    this.comments = [];
    this.createdTasks = [];
    this.patches = [];
    this.uploads = [];
    this.imports.clear();
    this.deviceStatuses = [];
    this.alerts = [];
    this.uploadForms.clear();
    this.exports.clear();
    this.injections = [];
    this.requests = [];
    // Seeded camera statuses count as reported: an unhealthy one (Entrance Camera's battery) starts with an alert.
    for (const source of this.world.sources) {
      if (!source.deviceStatus) continue;
      const { reportedAt: _reportedAt, ...status } = source.deviceStatus;
      applyDeviceStatus(this, source, status);
    }
  }

  contextFor(key: string | undefined): KeyContext | null {
    if (key === undefined) return null;
    if (key === this.keys.full) return { userId: API_USER_ID, userName: API_USER_NAME, siteIds: null };
    if (key === this.keys.limited)
      return { userId: API_USER_ID, userName: API_USER_NAME, siteIds: new Set([LIMITED_SITE_ID]) };
    const grant = this.grants.get(key);
    if (!grant) return null;
    return {
      userId: grant.userId,
      userName: this.userName(grant.userId) ?? grant.userId,
      siteIds: grant.siteIds ? new Set(grant.siteIds) : null,
    };
  }

  site(id: string | null): Site | undefined {
    return id === null ? undefined : this.world.sites.find((s) => s.id === id);
  }

  siteAllowed(ctx: KeyContext, siteId: string | null): boolean {
    return ctx.siteIds === null || (siteId !== null && ctx.siteIds.has(siteId));
  }

  /** The limited key also reads the shared source (isShared: "shared with other sites"), but cannot write it. */
  canRead(ctx: KeyContext, source: Source): boolean {
    return this.siteAllowed(ctx, source.site.id) || source.isShared;
  }

  canWrite(ctx: KeyContext, source: Source): boolean {
    return this.siteAllowed(ctx, source.site.id);
  }

  canSeeTask(ctx: KeyContext, task: Task): boolean {
    return this.siteAllowed(ctx, task.siteId);
  }

  siteOfChannel(channelId: string): Site | undefined {
    return this.world.sites.find((s) => s.channelId === channelId);
  }

  user(id: string | null): (typeof this.world.users)[number] | undefined {
    return id === null ? undefined : this.world.users.find((u) => u.id === id);
  }

  /** Writes a change-log comment on the task's post and returns its id (PATCH /task/{id}). */
  comment(task: Task, text: string, byUserId: string): number {
    const id = this.seq.comment++;
    this.comments.push({ id, taskId: task.id, postId: task.postId, text, byUserId, at: this.now() });
    return id;
  }
}
