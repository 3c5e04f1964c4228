/**
 * The door (issue 18): when the queue is full, a request that could only become a job is told "busy" by the
 * receiver, before Bolt's middleware — the access gate, the listener's checks, its parse of a 9 KB submission — is
 * run for an answer that cannot change. Under overload most requests are such refusals (81% at 200 req/s in the
 * bench), and each cost the acking thread a whole pass through the app. The answers are `handOff`'s own
 * (./busy-answers.ts): a command's text is echoed, a modal stays open with everything typed and "busy" on its
 * `busyBlock`; the refusal is counted for its kind, as `offer` counts it.
 *
 * Only what a feature declares (a declared entry's door rule: src/runtime/entries.ts) is refused here, and only what can be answered in the
 * ack itself: a command whose text the feature's own pure parse says becomes a job of `kind` (help, usage and
 * modals to open are answered by the listener, queue or not), and a view submission whose `busyBlock` is an input
 * of the submitted view. Nothing else changes: the request did nothing, so nothing is claimed or remembered;
 * sent again once the queue has room, it runs the whole way.
 */
import { decodeSlackEntities } from '../command-text.ts';
import { fullAck } from './busy-answers.ts';
import type { JobQueue } from './job-queue.ts';

export type DoorRule =
  | {
      /** The slash command, e.g. `/task`. */
      command: string;
      /** The job kind this text becomes (the listener's own parse, pure), or undefined: not queued work. */
      kind(text: string): string | undefined;
    }
  | {
      /** A view_submission's callback_id. */
      view: string;
      kind: string;
      /** The input block that says "busy", as the listener's `handOff` has it. */
      busyBlock: string;
    };

type CommandRule = Extract<DoorRule, { command: string }>;
type ViewRule = Extract<DoorRule, { view: string }>;
type Json = Record<string, unknown>;

const obj = (v: unknown): Json | undefined => (v !== null && typeof v === 'object' ? (v as Json) : undefined);

export interface Door {
  add(rule: DoorRule): void;
  /** The ack that refuses `body` now, or undefined: the request goes on to the app. */
  refusal(body: Json, queue: Pick<JobQueue, 'refuseIfFull'>): object | undefined;
}

export function createDoor(): Door {
  const commands = new Map<string, CommandRule>();
  const views = new Map<string, ViewRule>();

  // The rule's parse runs only when the queue is full: with room, a request costs the door one comparison.
  function commandRefusal(body: Json, rule: CommandRule, queue: Pick<JobQueue, 'refuseIfFull'>) {
    let text = '';
    // What the listener would read (src/runtime/command-text.ts), and what the refusal echoes back.
    const kindOf = () =>
      rule.kind((text = decodeSlackEntities(typeof body.text === 'string' ? body.text : '')));
    return queue.refuseIfFull(kindOf) ? fullAck({ command: rule.command, text }) : undefined;
  }

  function viewRefusal(view: Json, rule: ViewRule, queue: Pick<JobQueue, 'refuseIfFull'>) {
    // Slack refuses errors for a block the view does not have: such a form goes on to its listener.
    const kindOf = () => (rule.busyBlock in (obj(obj(view.state)?.values) ?? {}) ? rule.kind : undefined);
    return queue.refuseIfFull(kindOf) ? fullAck({ type: 'view_submission' }, rule.busyBlock) : undefined;
  }

  return {
    add(rule) {
      if ('command' in rule) commands.set(rule.command, rule);
      else views.set(rule.view, rule);
    },
    refusal(body, queue) {
      if (typeof body.command === 'string') {
        const rule = commands.get(body.command);
        return rule && commandRefusal(body, rule, queue);
      }
      if (body.type !== 'view_submission') return undefined;
      const view = obj(body.view);
      const rule = typeof view?.callback_id === 'string' ? views.get(view.callback_id) : undefined;
      return view && rule && viewRefusal(view, rule, queue);
    },
  };
}
