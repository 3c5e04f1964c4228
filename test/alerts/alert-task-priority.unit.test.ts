/** A task made from an alert: a critical alert suggests High priority, a warning none (prefill only). */
import { describe, expect, it } from 'vitest';
import { suggestedPriority } from '../../src/alerts/rules/task-priority.ts';
import { priorityName } from '../../src/tasks/rules/index.ts';

describe('suggestedPriority', () => {
  it('is High for a critical alert and nothing for a warning', () => {
    expect(priorityName(suggestedPriority('critical'))).toBe('High');
    expect(suggestedPriority('warning')).toBeUndefined();
  });
});
