/** JSON shape of a task row (GET /tasks), per the contract's Task table. */
import type { Task } from './model.ts';
import { presign } from './signing.ts';
import type { SandboxState } from './state.ts';

export const STATUS_NAMES: Record<string, string> = {
  '5': 'To Do',
  '10': 'On Hold',
  '20': 'Done',
  '25': 'Cancelled',
};
export const PRIORITY_NAMES: Record<string, string> = { '5': 'Low', '10': 'Medium', '15': 'High' };
export const TYPE_NAMES: Record<string, string> = { '1': 'Manual', '3': 'Data source' };

/** `<d>d:<h>h:<m>m` (negative when overdue). */
export function duration(ms: number): string {
  const sign = ms < 0 ? '-' : '';
  const minutes = Math.floor(Math.abs(ms) / 60_000);
  return `${sign}${Math.floor(minutes / 1440)}d:${Math.floor((minutes % 1440) / 60)}h:${minutes % 60}m`;
}

function person(state: SandboxState, userId: string | null) {
  const user = state.user(userId);
  if (!user) return null;
  const url = presign(
    state.secret,
    state.baseUrl,
    `/_storage/avatars/${user.id}.png`,
    state.now() + 3_600_000,
  );
  return {
    id: user.id,
    firstName: user.firstName,
    lastName: user.lastName,
    name: `${user.firstName} ${user.lastName}`,
    image: { id: `img-${user.id}`, url, thumbnailUrl: url },
    channelId: user.channelId,
    username: user.username,
    email: user.email,
  };
}

export function taskJson(state: SandboxState, task: Task): Record<string, unknown> {
  const now = state.now();
  const site = state.site(task.siteId);
  const device = task.deviceId ? state.world.sourceById.get(task.deviceId) : undefined;
  const dueEnd = task.dueDate ? Date.parse(`${task.dueDate}T23:59:59Z`) : null;
  const minutes = task.timeSpentMinutes;
  return {
    id: task.id,
    name: task.name,
    description: task.description,
    dueDate: task.dueDate,
    doneDate: task.doneMs === null ? null : new Date(task.doneMs).toISOString(),
    progressDate: task.progressMs === null ? null : new Date(task.progressMs).toISOString(),
    timeSpent: String(minutes * 60),
    formatedTimeSpent: `${Math.floor(minutes / 60)}h:${minutes % 60}m`,
    timeToRespond: task.progressMs === null ? null : duration(task.progressMs - task.createdMs),
    timeToResolve: task.doneMs === null ? null : duration(task.doneMs - task.createdMs),
    timeToDueDate: dueEnd === null ? null : duration(dueEnd - (task.doneMs ?? now)),
    assignee: person(state, task.assigneeId),
    status: { id: task.statusId, name: STATUS_NAMES[task.statusId] ?? 'Unknown' },
    site: site ? { id: site.id, name: site.name, channelId: site.channelId } : null,
    system: null,
    device: device ? { id: device.id, name: device.name } : null,
    priority: task.priorityId
      ? { id: task.priorityId, name: PRIORITY_NAMES[task.priorityId] ?? 'Unknown' }
      : null,
    type: { id: task.typeId, name: TYPE_NAMES[task.typeId] ?? 'Unknown' },
    auditInfo: {
      createdBy: { id: task.createdBy },
      createdDate: new Date(task.createdMs).toISOString(),
      lastModifiedBy: { id: task.modifiedBy },
      lastModifiedDate: new Date(task.modifiedMs).toISOString(),
    },
    timeSpentMandatory: task.timeSpentMandatory,
    resolution: null,
    resolutionDescription: null,
    cost: null,
    estimatedTime: null,
    hashtags: null,
    postId: task.postId,
    taskType2: null,
    department: null,
    workCenter: null,
    attr1: null,
    attr2: null,
    attr3: null,
    assignee2: null,
    assignee3: null,
    assignee4: null,
    category: null,
    application: null,
  };
}
