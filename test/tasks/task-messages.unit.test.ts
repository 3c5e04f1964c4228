/** The smaller task renderers: list pages, change notes and the failed-create message — escaped and within limits. */
import { describe, expect, it } from 'vitest';
import type { Task } from '../../src/monitoring/api.ts';
import { validateBlocks } from '../../src/slack-standin/index.ts';
import { describePatch } from '../../src/tasks/render/task-changes.ts';
import { renderTaskList } from '../../src/tasks/render/task-list.ts';
import { renderCreateFailed } from '../../src/tasks/render/task-notices.ts';
import { makeTask } from '../fixtures/task.ts';

const evil = '<!channel> ' + '&<>'.repeat(3400);

function task(id: string, name: string): Task {
  return makeTask({
    id,
    name,
    dueDate: '2026-01-01',
    site: { id: '1', name: '<!here>', channelId: null },
    priority: null,
    type: null,
  });
}

describe('renderTaskList', () => {
  it('renders 20 tasks with 10k-character names escaped and within Block Kit limits', () => {
    const tasks = Array.from({ length: 20 }, (_, i) => task(String(3000 + i), evil));
    const list = renderTaskList({ title: '*Tasks*', tasks, next: 'token', shownBefore: 10 });
    expect(validateBlocks(list.blocks, 'message')).toEqual([]);
    const json = JSON.stringify(list);
    expect(json).not.toContain('<!channel>');
    expect(json).not.toContain('<!here>');
    expect(json).toContain('11–30');
    expect(json).toContain('"task_list_more"');
  });

  it('says so when nothing matches, and marks the end', () => {
    expect(JSON.stringify(renderTaskList({ title: 'T', tasks: [], next: null, shownBefore: 0 }))).toContain(
      'No tasks match.',
    );
    expect(
      JSON.stringify(renderTaskList({ title: 'T', tasks: [task('1', 'a')], next: null, shownBefore: 0 })),
    ).toContain('End of the list.');
  });
});

describe('describePatch', () => {
  const before = { ...task('1', 'Old'), priority: { id: '10', name: 'Medium' } };
  it('words each changed field, escaping names', () => {
    expect(
      describePatch(
        before,
        { statusId: '20', priorityId: '15', name: '<!channel>', dueDate: '2026-02-02' },
        { status: () => 'Done' },
      ),
    ).toEqual([
      'changed status: To Do → Done',
      'changed priority: Medium → High',
      'renamed it from “Old” to “&lt;!channel&gt;”',
      'changed the due date: 2026-01-01 → 2026-02-02',
    ]);
  });
});

describe('renderCreateFailed', () => {
  it('echoes everything typed, escaped, with a button to reopen the form', () => {
    const msg = renderCreateFailed(
      ':warning: down',
      { name: evil, description: evil, siteName: '<!here>', dueDate: '2026-01-01' },
      'draft-key',
    );
    expect(validateBlocks(msg.blocks, 'message')).toEqual([]);
    const json = JSON.stringify(msg);
    expect(json).not.toContain('<!channel>');
    expect(json).toContain('"value":"draft-key"');
    expect(json).toContain('2026-01-01');
  });
});
