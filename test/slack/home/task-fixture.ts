/** A platform task for pure Home tab tests. */
import type { Task } from '../../../src/monitoring/api.ts';

export function task(over: Partial<Task> = {}): Task {
  return {
    id: '3001',
    name: 'Replace gasket',
    description: null,
    dueDate: null,
    doneDate: null,
    progressDate: null,
    timeSpent: null,
    formatedTimeSpent: null,
    timeToRespond: null,
    timeToResolve: null,
    timeToDueDate: null,
    assignee: null,
    status: { id: '5', name: 'To Do' },
    site: { id: '101', name: 'Berlin Plant', channelId: '7101' },
    system: null,
    device: null,
    priority: { id: '15', name: 'High' },
    type: { id: '1', name: 'Manual' },
    auditInfo: null,
    timeSpentMandatory: null,
    postId: null,
    ...over,
  };
}
