/**
 * The tasks feature's pure rules, for other features' pure code (alerts/rules, home/rules). They import this
 * file rather than ../index.ts because that one also registers the Slack listeners, and rules must not load
 * @slack or kit code, even indirectly. Everything here is re-exported by ../index.ts too.
 */
export {
  closedAs,
  isOpen,
  isOverdueOn,
  statusClosure,
  type ClosedAs,
  type StatusFacts,
} from './open-overdue.ts';
export { dueState, isOverdue, knownZone, type DueDay, type DueState } from './due-state.ts';
export { dueDeadline, isDueDate, isPastDue, siteToday, todayAt } from './dates.ts';
export {
  PRIORITY_KEYWORDS,
  TASK_PRIORITIES,
  isPriorityKeyword,
  meetsPriority,
  priorityById,
  priorityByKeyword,
  priorityName,
  priorityRank,
  type PriorityKeyword,
  type TaskPriority,
} from './priority.ts';
