/**
 * Declared entry points (src/kit/entry.ts) made into Bolt listeners, door rules and job work (issue 36). On receipt
 * the listener runs the declaration's `receive` once: an answer is acked, work is handed to the job queue through
 * `handOff` (which gives the ack: accepted, queued with its position, or busy). As the job, the listener table
 * calls the declaration's `work` directly by kind: nothing that ran on receipt runs again.
 */
import type { AnyMiddlewareArgs, Middleware } from '@slack/bolt';
import type { Entry } from '../kit/entry.ts';
import type { DoorRule } from './jobs/door.ts';
import { handOff, type HandOffArgs } from './jobs/hand-off.ts';

type AnyMiddleware = Middleware<AnyMiddlewareArgs>;
type Pattern = string | RegExp;
type Register = Record<
  'command' | 'view' | 'action' | 'shortcut' | 'event',
  (match: never, ...chain: AnyMiddleware[]) => void
>;

export interface Entries {
  /** Registers the entry's listener and its door rule; a job kind declared twice is refused at start. */
  add(entry: Entry): void;
  /** The declaration whose work a job of `kind` is. */
  workOf(kind: string): Entry | undefined;
}

const isPattern = (m: unknown): m is Pattern => typeof m === 'string' || m instanceof RegExp;

/** The entry's listener: `receive`, then the answer or the hand-off (tests call it as Slack would). */
export async function receive(entry: Entry, listenerArgs: object): Promise<void> {
  const args = listenerArgs as HandOffArgs & { ack?: (r?: unknown) => Promise<void> };
  const receipt = await (entry.receive as (a: unknown) => ReturnType<Entry['receive']>)(args);
  if (receipt.then === 'answered') return;
  if (receipt.then === 'answer') return void (await args.ack?.(receipt.response));
  const run = await handOff(args, entry.kind, {
    carry: receipt.carry,
    ...(receipt.ack !== undefined ? { ack: receipt.ack } : {}),
    ...(receipt.acked ? { acked: true } : {}),
    ...(receipt.view ? { view: receipt.view } : {}),
    ...(entry.on === 'view' ? { busyBlock: entry.busyBlock } : {}),
  });
  // No queue (a listener called directly, as some tests do): handOff acked; the work runs right here.
  if (run) await (entry.work as (a: unknown, c: unknown, r: unknown) => Promise<void>)(args, run.carry, run);
}

export function createEntries(register: Register, door?: { add(rule: DoorRule): void }): Entries {
  const byKind = new Map<string, Entry>();
  return {
    add(entry) {
      if (byKind.has(entry.kind)) throw new Error(`job kind "${entry.kind}" is declared twice`);
      byKind.set(entry.kind, entry);
      const listener = ((args: never) => receive(entry, args)) as AnyMiddleware;
      switch (entry.on) {
        case 'command':
          register.command(entry.command as never, listener);
          door?.add({
            command: entry.command,
            kind: (text) => (entry.becomesWork(text) ? entry.kind : undefined),
          });
          return;
        case 'view':
          register.view({ callback_id: entry.callbackId, type: 'view_submission' } as never, listener);
          door?.add({ view: entry.callbackId, kind: entry.kind, busyBlock: entry.busyBlock });
          return;
        case 'action': {
          const match = isPattern(entry.match)
            ? { type: 'block_actions', action_id: entry.match }
            : entry.match;
          return register.action(match as never, listener);
        }
        case 'shortcut':
          return register.shortcut(entry.match as never, listener);
        case 'event':
          return register.event(entry.event as never, listener);
        case 'function': {
          // Bolt's app.function(callback_id) match: function_executed events of this step only.
          const callbackId = entry.callbackId;
          const ofStep = (async (args: {
            event?: { function?: { callback_id?: unknown } };
            next(): Promise<void>;
          }) => {
            if (args.event?.function?.callback_id === callbackId) await args.next();
          }) as unknown as AnyMiddleware;
          return register.event('function_executed' as never, ofStep, listener);
        }
      }
    },
    workOf: (kind) => byKind.get(kind),
  };
}
