/**
 * A Slack entry point, declared once (issue 36; docs/decisions/0002-work-declared-once.md). A declaration says
 * where Slack delivers the request, what is done on receipt — parse, check, then answer now or carry a value to
 * the work — and the work done after the ack, as a job (on this replica's job runner or on another). The runtime
 * derives the rest from it: the listener, the job kind, the door rule that refuses it when the queue is full and
 * the busy answer. `receive` runs once, on receipt; `work` runs once, as the job, with what `receive` carried.
 *
 *   export const listTasks = commandEntry({
 *     command: '/task',
 *     kind: 'tasks.list',
 *     becomesWork: (text) => parseTaskCommand(text).kind === 'list',
 *     receive: async ({ command }) => toWork(parseListRequest(command.text)),
 *     work: async ({ respond }, request) => respond(await list(request)),
 *   });
 *   app.entry(listTasks);   // in the feature's index.ts
 */
import type {
  AllMiddlewareArgs,
  App,
  BlockAction,
  SlackActionMiddlewareArgs,
  SlackCommandMiddlewareArgs,
  SlackEventMiddlewareArgs,
  SlackShortcut,
  SlackShortcutMiddlewareArgs,
  SlackViewMiddlewareArgs,
  ViewSubmitAction,
} from '@slack/bolt';

/** What a job's work is told of its run. */
export interface JobRun<T = unknown> {
  /** Unique per accepted request: the key of the effects a job claims (a re-run after a crash has the same id). */
  id: string;
  kind: string;
  carry: T | undefined;
  /** When the request was accepted (epoch ms). */
  acceptedAt: number;
}

/** What `receive` decided. */
export type Receipt<C> =
  | { then: 'answer'; response?: unknown }
  | { then: 'answered' }
  | { then: 'work'; carry: C; ack?: unknown; acked?: boolean; view?: string };

/** Answer in the ack (help, usage, a validation error): no work. */
export const answer = (response?: unknown): Receipt<never> => ({ then: 'answer', response });
/** `receive` acked already (it opened a modal with the trigger_id): no work. */
export const answered = (): Receipt<never> => ({ then: 'answered' });

export interface WorkOptions {
  /** The ack's answer when the job is accepted (a command's first reply, a submission's response_action). */
  ack?: unknown;
  /** `receive` acked already (a modal opened first): a busy queue is then said where the person is… */
  acked?: boolean;
  /** …or, with `acked`, in this open modal. */
  view?: string;
}

/** Hand `carry` (JSON) to the work, after the ack. */
export const toWork = <C>(carry: C, opts: WorkOptions = {}): Receipt<C> => ({ then: 'work', carry, ...opts });

type With<A> = A & AllMiddlewareArgs;
export type CommandArgs = With<SlackCommandMiddlewareArgs>;
export type ViewArgs = With<SlackViewMiddlewareArgs<ViewSubmitAction>>;
export type ActionArgs = With<SlackActionMiddlewareArgs<BlockAction>>;
export type ShortcutArgs = With<SlackShortcutMiddlewareArgs<SlackShortcut>>;
export type EventArgs<E extends string> = With<SlackEventMiddlewareArgs<E>>;
/** A custom step's run (function_executed): Bolt adds `inputs`, `complete` and `fail` (the execution's token). */
export type FunctionArgs = With<
  SlackEventMiddlewareArgs<'function_executed'> & {
    inputs: Record<string, unknown>;
    complete(params?: { outputs?: Record<string, unknown> }): Promise<unknown>;
    fail(params: { error: string }): Promise<unknown>;
  }
>;

interface Declared<A, C> {
  /** The job kind, `<feature>.<what>`: unique (the runtime refuses a second declaration of it at start). */
  kind: string;
  /** On receipt, before the ack: fast checks only (no platform call). Runs once. */
  receive(args: A): Promise<Receipt<C>> | Receipt<C>;
  /** After the ack, as a job. Runs once per accepted request (again only after a crash mid-job). */
  work(args: A, carry: C, run: JobRun<C>): Promise<void>;
}

/** A bare action_id (or pattern) is a block action's; a constraints object is Bolt's. */
type Pattern = string | RegExp;
interface Constraints {
  action_id?: Pattern;
  block_id?: Pattern;
  callback_id?: Pattern;
  type?: string;
}

export type Entry =
  | (Declared<CommandArgs, unknown> & {
      on: 'command';
      command: string;
      /** Pure: whether this text becomes work. A full queue refuses such text at the door, echoing it. */
      becomesWork(text: string): boolean;
    })
  | (Declared<ViewArgs, unknown> & {
      on: 'view';
      callbackId: string;
      /** The input block that says "busy, submit again" (the modal stays open with everything typed). */
      busyBlock: string;
    })
  | (Declared<ActionArgs, unknown> & { on: 'action'; match: Pattern | Constraints })
  | (Declared<ShortcutArgs, unknown> & { on: 'shortcut'; match: Pattern | Constraints })
  | (Declared<EventArgs<string>, unknown> & { on: 'event'; event: string })
  | (Declared<FunctionArgs, unknown> & { on: 'function'; callbackId: string });

// The constructors keep each declaration's carried type for its own `receive` and `work`; the runtime needs none.
const erase = (entry: unknown): Entry => entry as Entry;

export function commandEntry<C>(
  d: Declared<CommandArgs, C> & { command: string; becomesWork(text: string): boolean },
): Entry {
  return erase({ ...d, on: 'command' });
}

export function viewEntry<C>(d: Declared<ViewArgs, C> & { callbackId: string; busyBlock: string }): Entry {
  return erase({ ...d, on: 'view' });
}

export function actionEntry<C>(d: Declared<ActionArgs, C> & { match: Pattern | Constraints }): Entry {
  return erase({ ...d, on: 'action' });
}

export function shortcutEntry<C>(d: Declared<ShortcutArgs, C> & { match: Pattern | Constraints }): Entry {
  return erase({ ...d, on: 'shortcut' });
}

export function eventEntry<E extends string, C>(d: Declared<EventArgs<E>, C> & { event: E }): Entry {
  return erase({ ...d, on: 'event' });
}

/** A custom step (a manifest `functions` entry): its function_executed events, acked on receipt, worked as a job. */
export function functionEntry<C>(d: Declared<FunctionArgs, C> & { callbackId: string }): Entry {
  return erase({ ...d, on: 'function' });
}

/**
 * What a feature registers on: `entry` for everything that becomes work, and Bolt's own listener methods for what
 * is answered on receipt only (option lists, a modal to open, a live validation).
 */
export type ListenerApp = Pick<
  App,
  'use' | 'command' | 'action' | 'view' | 'shortcut' | 'options' | 'event'
> & {
  entry(entry: Entry): void;
};
