/**
 * The one table of task priorities. contract: "Task priority: 5 Low, 10 Medium, 15 High." Every priority list,
 * name, keyword (`/task list priority high`, `/monitor subscribe tasks priority medium`) and rank derives from it.
 * Listed highest first: the order menus show.
 */
import { TASK_PRIORITY } from '../../monitoring/api.ts';

export const TASK_PRIORITIES = [
  { id: TASK_PRIORITY.high, name: 'High', keyword: 'high', rank: 3 },
  { id: TASK_PRIORITY.medium, name: 'Medium', keyword: 'medium', rank: 2 },
  { id: TASK_PRIORITY.low, name: 'Low', keyword: 'low', rank: 1 },
] as const;

export type TaskPriority = (typeof TASK_PRIORITIES)[number];
/** What people type: high, medium, low. */
export type PriorityKeyword = TaskPriority['keyword'];

export const PRIORITY_KEYWORDS: readonly PriorityKeyword[] = TASK_PRIORITIES.map((p) => p.keyword);

export function priorityById(id: string | null | undefined): TaskPriority | undefined {
  return TASK_PRIORITIES.find((p) => p.id === id);
}

/** The display name for a priority id ("High"); undefined for an id the contract does not list. */
export function priorityName(id: string | null | undefined): string | undefined {
  return priorityById(id)?.name;
}

/** A typed word → its priority, case-insensitively; undefined when it is not high, medium or low. */
export function priorityByKeyword(word: string): TaskPriority | undefined {
  const w = word.trim().toLowerCase();
  return TASK_PRIORITIES.find((p) => p.keyword === w);
}

export function isPriorityKeyword(word: string): word is PriorityKeyword {
  return TASK_PRIORITIES.some((p) => p.keyword === word);
}

/** 3 high … 1 low; 0 for no priority or one the contract does not list. */
export function priorityRank(id: string | null | undefined): number {
  return priorityById(id)?.rank ?? 0;
}

/** Whether a task of `priorityId` passes a "`min` and up" filter; a null `min` passes every task. */
export function meetsPriority(min: PriorityKeyword | null, priorityId: string | null | undefined): boolean {
  if (min === null) return true;
  return priorityRank(priorityId) >= (priorityByKeyword(min)?.rank ?? 0);
}
