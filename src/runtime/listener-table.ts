/**
 * Every listener in one table, found by key, instead of Bolt running each listener's middleware chain for every
 * request (docs/decisions/0003-listener-table.md). Matching is Bolt's `matchConstraints`; declared entries (0002)
 * register here too, and a job of a declared kind goes straight to its work.
 */
import {
  MultipleListenerError,
  type AnyMiddlewareArgs,
  type App,
  type Middleware,
  type RespondArguments,
} from '@slack/bolt';
import type { Entry } from '../kit/entry.ts';
import { createEntries } from './entries.ts';
import type { Door } from './jobs/door.ts';
import { jobRunOf } from './jobs/slack-job.ts';

export type { ListenerApp } from '../kit/entry.ts';
import type { ListenerApp } from '../kit/entry.ts';

type Kind = 'command' | 'action' | 'view' | 'shortcut' | 'options' | 'event';
type Pattern = string | RegExp;
/** Bolt's constraint keys: action_id, block_id, callback_id, type. */
type Constraints = Partial<Record<'action_id' | 'block_id' | 'callback_id' | 'type', Pattern>>;
type AnyMiddleware = Middleware<AnyMiddlewareArgs>;
/** A request's arguments as the table reads them (Bolt's, seen as JSON). */
type Args = Record<string, unknown> & { next: () => Promise<void> };

interface Route {
  /** The command name or event type (command, event), else the constraints below. */
  name?: Pattern;
  constraints: Constraints;
  chain: AnyMiddleware[];
}

type Json = Record<string, unknown>;
const obj = (v: unknown): Json | undefined => (v !== null && typeof v === 'object' ? (v as Json) : undefined);
const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);

/** Which listener kind a request is, the way Bolt's `onlyCommands`, `onlyActions`, … tell. */
function kindOf(args: Json): Kind | undefined {
  if (args.command) return 'command';
  if (args.action) return 'action';
  if ('view' in args) return 'view';
  if (args.shortcut) return 'shortcut';
  if (args.options) return 'options';
  if (args.event) return 'event';
  return undefined;
}

/** The string a request is found by: what most routes of its kind are registered with. */
function lookupId(kind: Kind, args: Json): string | undefined {
  const body = obj(args.body) ?? {};
  switch (kind) {
    case 'command':
      return str(obj(args.command)?.command);
    case 'event':
      return str(obj(args.event)?.type);
    case 'action':
    case 'options':
      return str(obj(args.payload)?.action_id) ?? str(body.callback_id);
    case 'view':
      return str(obj(body.view)?.callback_id);
    case 'shortcut':
      return str(body.callback_id);
  }
}

/** The constraint a route of this kind is filed under (its string form), undefined when scanned. */
function fileId(kind: Kind, route: Route): string | undefined {
  const key =
    kind === 'command' || kind === 'event'
      ? route.name
      : kind === 'view' || kind === 'shortcut'
        ? route.constraints.callback_id
        : (route.constraints.action_id ?? route.constraints.callback_id);
  return typeof key === 'string' ? key : undefined;
}

const test = (pattern: Pattern | undefined, value: unknown): boolean =>
  pattern === undefined ||
  (typeof value === 'string' && (typeof pattern === 'string' ? value === pattern : pattern.test(value)));

/** Bolt's matchCommandName / matchEventType / matchConstraints, as a predicate. */
function matches(route: Route, args: Json): boolean {
  const body = obj(args.body) ?? {};
  if (route.name !== undefined) {
    const value = args.command ? obj(args.command)?.command : obj(args.event)?.type;
    if (!test(route.name, value)) return false;
  }
  const c = route.constraints;
  if (c.block_id !== undefined || c.action_id !== undefined) {
    const payload = obj(args.payload);
    if (str(payload?.action_id) === undefined) return false;
    if (!test(c.block_id, payload?.block_id) || !test(c.action_id, payload?.action_id)) return false;
  }
  if (c.callback_id !== undefined) {
    const callbackId = obj(body.view)?.callback_id ?? body.callback_id;
    if (!test(c.callback_id, callbackId)) return false;
  }
  return c.type === undefined || body.type === c.type;
}

/** Runs one listener's chain the way Bolt's processMiddleware does (the last one gets a no-op `next`). */
async function runChain(chain: AnyMiddleware[], args: Args): Promise<void> {
  const call = async (i: number): Promise<void> => {
    const fn = chain[i];
    if (!fn) return;
    const last = i === chain.length - 1;
    await fn({ ...args, next: last ? async () => undefined : () => call(i + 1) } as never);
  };
  await call(0);
}

export interface ListenerTable {
  /** Registers into the table, with Bolt's signatures (`use` is Bolt's own, given in `app`). */
  listeners(app: App): ListenerApp;
  /** Install last with `app.use`: runs the listeners the request matches. */
  dispatch: AnyMiddleware;
}

export interface ListenerTableOptions {
  /** Replaces Bolt's `respond` (global fetch) for requests with a response_url. */
  respond?(responseUrl: string): (message: string | RespondArguments) => Promise<void>;
  /** Where the door rules of declared entries go (none kept without it). */
  door?: Pick<Door, 'add'>;
}

/** The response_url a request carries (a command's or an action's; a submission's first one). */
function responseUrlOf(body: Json): string | undefined {
  const urls = body.response_urls;
  return str(body.response_url) ?? (Array.isArray(urls) ? str(obj(urls[0])?.response_url) : undefined);
}

export function createListenerTable(opts: ListenerTableOptions = {}): ListenerTable {
  // `kind:id` for routes filed under a string; `kind` alone for those tried on every request of the kind.
  const routes = new Map<string, Route[]>();

  function add(kind: Kind, route: Route): void {
    const id = fileId(kind, route);
    const key = id === undefined ? kind : `${kind}:${id}`;
    routes.set(key, [...(routes.get(key) ?? []), route]);
  }

  const constraintsOf = (idKey: 'action_id' | 'callback_id', c: Pattern | Constraints): Constraints =>
    typeof c === 'string' || c instanceof RegExp ? { [idKey]: c } : c;

  const register = {
    command: (name: Pattern, ...chain: AnyMiddleware[]) => add('command', { name, constraints: {}, chain }),
    event: (type: Pattern, ...chain: AnyMiddleware[]) => add('event', { name: type, constraints: {}, chain }),
    action: (c: Pattern | Constraints, ...chain: AnyMiddleware[]) =>
      add('action', { constraints: constraintsOf('action_id', c), chain }),
    options: (c: Pattern | Constraints, ...chain: AnyMiddleware[]) =>
      add('options', { constraints: constraintsOf('action_id', c), chain }),
    shortcut: (c: Pattern | Constraints, ...chain: AnyMiddleware[]) =>
      add('shortcut', { constraints: constraintsOf('callback_id', c), chain }),
    // A bare callback id means a submission, as in Bolt.
    view: (c: Pattern | Constraints, ...chain: AnyMiddleware[]) =>
      add('view', {
        constraints:
          typeof c === 'string' || c instanceof RegExp ? { callback_id: c, type: 'view_submission' } : c,
        chain,
      }),
  };

  const entries = createEntries(register, opts.door);

  return {
    listeners: (app) =>
      ({
        ...register,
        use: app.use.bind(app),
        entry: (entry: Entry) => entries.add(entry),
      }) as unknown as ListenerApp,
    dispatch: async (middlewareArgs) => {
      const args = middlewareArgs as unknown as Args;
      // Before any listener or job work runs: Bolt's own respond would post to any URL (../kit/reply/response-url.ts).
      const url = opts.respond && args.respond ? responseUrlOf(obj(args.body) ?? {}) : undefined;
      if (url && opts.respond) args.respond = opts.respond(url);
      // A job of a declared kind is that declaration's work, whatever listener received it.
      const run = jobRunOf(args.context as Record<string, unknown>);
      const declared = run && entries.workOf(run.kind);
      if (run && declared) {
        const work = declared.work as (a: unknown, c: unknown, r: unknown) => Promise<void>;
        return work(middlewareArgs, run.carry, run);
      }
      const kind = kindOf(args);
      if (!kind) return args.next();
      const id = lookupId(kind, args);
      const filed = id === undefined ? [] : (routes.get(`${kind}:${id}`) ?? []);
      const found = [...filed, ...(routes.get(kind) ?? [])].filter((route) => matches(route, args));
      // Listeners registered on Bolt itself (none in fieldline; tests add probes) run as Bolt runs them.
      if (found.length === 0) return args.next();
      // Like Bolt: every matching listener runs; one failure is rethrown as it is, several together.
      const settled = await Promise.allSettled(found.map((route) => runChain(route.chain, args)));
      const failures = settled.flatMap((s) => (s.status === 'rejected' ? [s.reason as Error] : []));
      if (failures.length === 1) throw failures[0];
      if (failures.length > 1) throw new MultipleListenerError(failures);
      await args.next();
    },
  };
}
