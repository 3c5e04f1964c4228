/** Pure: the task priority an alert suggests for a task made from it. */
import { priorityByKeyword } from '../../tasks/rules/index.ts';
import type { Severity } from './types.ts';

/**
 * A critical alert suggests a High priority task; a warning suggests none (the person picks). Only a prefill:
 * the task is created with what the person submits.
 */
export function suggestedPriority(severity: Severity): string | undefined {
  return severity === 'critical' ? priorityByKeyword('high')?.id : undefined;
}
