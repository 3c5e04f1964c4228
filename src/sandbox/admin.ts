/** The in-process admin handle (same powers as the /_sandbox/ HTTP surface, see admin-http.ts). */
import { applyDeviceStatus } from './alerts.ts';
import { HttpError } from './http.ts';
import { compileInjection } from './injections.ts';
import { runLive } from './live.ts';
import { OTHER_USER_ID } from './seed-catalog.ts';
import type { SandboxState } from './state.ts';
import { applyTaskChange, insertTask } from './task-ops.ts';
import { parseIsoIn } from './time.ts';
import type { SandboxAdmin, SandboxStateView, Written } from './types.ts';

export function createAdmin(state: SandboxState, live: boolean): SandboxAdmin {
  const source = (id: string) => {
    const found = state.world.sourceById.get(id);
    if (!found) throw new HttpError(404, `unknown data source ${id}`, null);
    return found;
  };
  const task = (id: string) => {
    const found = state.world.taskById.get(id);
    if (!found) throw new HttpError(404, `unknown task ${id}`, null);
    return found;
  };
  return {
    mintKey(grant) {
      if (!state.userName(grant.userId))
        throw new HttpError(404, `unknown platform user ${grant.userId}`, null);
      for (const siteId of grant.siteIds ?? [])
        if (!state.site(siteId)) throw new HttpError(404, `unknown site ${siteId}`, null);
      return state.mintKey({ userId: grant.userId, siteIds: grant.siteIds ?? null });
    },
    revokeKey(key) {
      return state.revokeKey(key);
    },
    inject(injection) {
      state.injections.push(compileInjection(injection));
    },
    clearInjections() {
      state.injections = [];
    },
    setDeviceStatus(sourceId, status) {
      applyDeviceStatus(state, source(sourceId), status);
    },
    addReadings(sourceId, rows) {
      const target = source(sourceId);
      for (const row of rows) {
        const t = typeof row.t === 'number' ? row.t : parseIsoIn(row.t, 'UTC');
        if (t === null) throw new HttpError(400, `bad timestamp ${String(row.t)}`, null);
        state.readings.add({
          sourceId: target.id,
          t,
          values: { ...row.values },
          visibleAt: state.now(),
          via: 'admin',
        });
      }
    },
    setLastReadingAge(sourceId, seconds) {
      source(sourceId).silentSinceMs = state.now() - seconds * 1000;
    },
    updateTask(taskId, patch) {
      const { byUserId, ...change } = patch;
      applyTaskChange(state, task(taskId), change, byUserId ?? OTHER_USER_ID, true);
    },
    createTask(input) {
      const created = insertTask(state, {
        ...input,
        typeId: input.typeId ?? (input.deviceId ? '3' : '1'),
        deviceId: input.deviceId ?? null,
        byUserId: input.byUserId ?? OTHER_USER_ID,
      });
      return created.id;
    },
    requests: () => [...state.requests],
    presignedWithCredentials: () =>
      state.requests.filter(
        (r) =>
          r.kind === 'presigned' &&
          (r.headers['x-api-key'] !== undefined || r.headers.authorization !== undefined),
      ),
    clearRequests() {
      state.requests = [];
    },
    written: () => written(state),
    alerts: () => state.alerts.map((a) => ({ ...a })),
    get state() {
      return stateView(state);
    },
    tick(ms) {
      state.offsetMs += ms;
      if (live) runLive(state);
      else state.liveClockMs = state.now();
    },
    reset() {
      state.reset();
    },
    now: () => state.now(),
  };
}

export function written(state: SandboxState): Written {
  return {
    readings: state.readings.log.filter((r) => r.via !== 'admin').map((r) => ({ ...r })),
    posts: state.posts.map((p) => ({ ...p })),
    tasks: state.createdTasks.map((t) => ({ ...t })),
    patches: state.patches.map((p) => ({ ...p })),
    uploads: state.uploads.map((u) => ({ ...u })),
    imports: [...state.imports.values()].map((i) => ({ ...i, errors: [...i.errors] })),
    deviceStatuses: state.deviceStatuses.map((d) => ({ ...d })),
    comments: state.comments.map((c) => ({ ...c })),
  };
}

export function stateView(state: SandboxState): SandboxStateView {
  const w = state.world;
  return {
    sites: w.sites.map(({ id, name, channelId, timeZone }) => ({ id, name, channelId, timeZone })),
    users: w.users.map(({ id, firstName, lastName, email, username, siteIds }) => ({
      id,
      firstName,
      lastName,
      email,
      username,
      siteIds: [...siteIds],
    })),
    sources: w.sources.map((s) => ({
      id: s.id,
      name: s.name,
      siteId: s.site.id,
      applyingId: s.kind.applyingId,
      kind: s.kind.key,
      hasSchema: s.kind.hasSchema,
      isShared: s.isShared,
      deviceStatus: s.deviceStatus ? { ...s.deviceStatus } : null,
      silentSinceMs: s.silentSinceMs,
    })),
    tasks: w.tasks.map((t) => ({
      id: t.id,
      name: t.name,
      siteId: t.siteId,
      statusId: t.statusId,
      priorityId: t.priorityId,
      typeId: t.typeId,
      deviceId: t.deviceId,
      assigneeId: t.assigneeId,
      dueDate: t.dueDate,
      postId: t.postId,
      postInFeed: t.postInFeed,
    })),
    files: [...w.files.values()].map((f) => ({
      id: f.id,
      name: f.name,
      size: f.bytes.length,
      siteId: f.siteId,
    })),
  };
}
