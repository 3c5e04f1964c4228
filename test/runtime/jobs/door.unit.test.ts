/**
 * Issue 18, the door (src/runtime/jobs/door.ts): with the queue full, what a feature declared is refused before the
 * app with handOff's own answers; everything else goes on to the app, full queue or not. The rules are the
 * features' own (their pure parses of what was typed), registered as the app registers them.
 */
import { describe, expect, it } from 'vitest';
import { createDoor, type DoorRule } from '../../../src/runtime/jobs/door.ts';
import { FULL_FORM_TEXT } from '../../../src/runtime/jobs/busy-answers.ts';
import { parseTaskCommand } from '../../../src/tasks/rules/parse-command.ts';

const taskCommandJob = (text: string) => (parseTaskCommand(text).kind === 'list' ? 'tasks.list' : undefined);
import { taskCreateSubmit } from '../../../src/tasks/slack/view-task-create-submit.ts';

// The create-task modal, as its declaration gives the door its rule (src/runtime/entries.ts).
const create = taskCreateSubmit({} as never);
if (create.on !== 'view') throw new Error('the create-task modal is a view submission');
const CREATE_AT_DOOR = { view: create.callbackId, kind: create.kind, busyBlock: create.busyBlock };
import { sourceSearchSubmit } from '../../../src/home/slack/view-source-search-submit.ts';

// The Home tab's source search, as its declaration gives the door its rule (src/runtime/entries.ts).
const search = sourceSearchSubmit({} as never);
if (search.on !== 'view') throw new Error('the source search is a view submission');
const SEARCH_AT_DOOR = { view: search.callbackId, kind: search.kind, busyBlock: search.busyBlock };
import { sourceCommandJob } from '../../../src/readings/slack/command-source.ts';
import { readingCommandJob } from '../../../src/readings/slack/command-reading.ts';

/** The features' rules, as they register them; `parsed` counts the command parses the door asked for. */
let parsed = 0;
const counted =
  (job: (text: string) => string | undefined) =>
  (text: string): string | undefined => {
    parsed += 1;
    return job(text);
  };
const RULES: DoorRule[] = [
  { command: '/task', kind: counted(taskCommandJob) },
  { command: '/source', kind: counted(sourceCommandJob) },
  { command: '/reading', kind: counted(readingCommandJob) },
  CREATE_AT_DOOR,
  SEARCH_AT_DOOR,
];

/** A door with the features' rules, before a queue that is full or not; `refused` lists the kinds it counted. */
function doorWith(full: boolean) {
  const door = createDoor();
  for (const rule of RULES) door.add(rule);
  const refused: string[] = [];
  // As the in-process queue does: the kind is asked only when full, and only a kind is refused and counted.
  const queue = {
    refuseIfFull: (kindOf: () => string | undefined) => {
      const kind = full ? kindOf() : undefined;
      if (kind !== undefined) refused.push(kind);
      return kind !== undefined;
    },
  };
  return { refusal: (body: Record<string, unknown>) => door.refusal(body, queue), refused };
}

const command = (name: string, text: string) => ({ command: name, text, user_id: 'U0ANA' });
const submission = (callbackId: string, inputs: string[]) => ({
  type: 'view_submission',
  view: {
    id: 'V1',
    callback_id: callbackId,
    state: { values: Object.fromEntries(inputs.map((block) => [block, { [block]: { value: 'x' } }])) },
  },
});

describe('the door, with the queue full', () => {
  it('refuses a command that becomes a job, echoing what was typed, and counts it for its kind', () => {
    const { refusal, refused } = doorWith(true);
    expect(refusal(command('/task', 'list mine'))).toEqual({
      response_type: 'ephemeral',
      text: expect.stringMatching(/try again in a minute[\s\S]*You typed: `\/task list mine`/),
    });
    expect(refusal(command('/source', 'pump'))).toMatchObject({ response_type: 'ephemeral' });
    expect(refusal(command('/source', 'file 8001'))).toMatchObject({ response_type: 'ephemeral' });
    expect(refusal(command('/reading', '1008 24h'))).toMatchObject({ response_type: 'ephemeral' });
    expect(refused).toEqual(['tasks.list', 'readings.source', 'readings.source', 'readings.reading']);
  });

  it('lets through what is answered without the queue: help, usage, a modal to open, an unknown command', () => {
    const { refusal, refused } = doorWith(true);
    for (const body of [
      command('/task', 'help'),
      command('/task', ''),
      command('/task', 'new Pump seal check'),
      command('/task', 'list open open'),
      command('/source', ''),
      command('/source', 'file abc'),
      command('/reading', 'pump 3 weeks'),
      command('/post', 'hello'),
    ])
      expect(refusal(body), JSON.stringify(body)).toBeUndefined();
    expect(refused).toEqual([]);
  });

  it('echoes Slack-escaped text as typed, escaped again: nobody is pinged', () => {
    const { refusal } = doorWith(true);
    const answer = refusal(command('/task', 'list site &lt;!channel&gt; &amp; co')) as { text: string };
    expect(answer.text).toContain('You typed: `/task list site &lt;!channel&gt; &amp; co`');
    expect(answer.text).not.toContain('<!channel>');
  });

  it('keeps a submitted modal open with "busy" on its input, when the view has that input', () => {
    const { refusal, refused } = doorWith(true);
    expect(refusal(submission(CREATE_AT_DOOR.view, [CREATE_AT_DOOR.busyBlock, 'task_site']))).toEqual({
      response_action: 'errors',
      errors: { [CREATE_AT_DOOR.busyBlock]: FULL_FORM_TEXT },
    });
    expect(refused).toEqual(['tasks.create']);
    // The Home tab's source search too: its query input says why.
    expect(refusal(submission(SEARCH_AT_DOOR.view, [SEARCH_AT_DOOR.busyBlock]))).toEqual({
      response_action: 'errors',
      errors: { [SEARCH_AT_DOOR.busyBlock]: FULL_FORM_TEXT },
    });
    expect(refused).toEqual(['tasks.create', 'home.source-search']);
    // Slack refuses errors on a block the view lacks: such a form goes on to its listener.
    expect(refusal(submission(CREATE_AT_DOOR.view, ['task_site']))).toBeUndefined();
    expect(refusal(submission('some_other_view', [CREATE_AT_DOOR.busyBlock]))).toBeUndefined();
    expect(
      refusal({ ...submission(CREATE_AT_DOOR.view, [CREATE_AT_DOOR.busyBlock]), type: 'block_actions' }),
    ).toBeUndefined();
    expect(refused).toEqual(['tasks.create', 'home.source-search']);
  });
});

describe('the door, with room in the queue', () => {
  it('refuses nothing, and parses nothing: a request costs it one look at the queue', () => {
    const { refusal } = doorWith(false);
    parsed = 0;
    expect(refusal(command('/task', 'list mine'))).toBeUndefined();
    expect(refusal(command('/source', 'help'))).toBeUndefined();
    expect(refusal(submission(CREATE_AT_DOOR.view, [CREATE_AT_DOOR.busyBlock]))).toBeUndefined();
    expect(parsed).toBe(0);
  });
});
