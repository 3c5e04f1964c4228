/**
 * Slack's whole-message and whole-view limits on every send, whichever feature built the message: the Web API
 * methods that carry blocks are wrapped once per WebClient so their arguments pass through `fitMessage` /
 * `fitView` (./block-limits.ts). A list that grew with what the platform sent is then cut with "…and N more"
 * instead of being refused by Slack (`invalid_blocks`). Renderers still keep their own element-level limits.
 */
import type { WebClient } from '@slack/web-api';
import { fitMessage, fitView } from './block-limits.ts';

type Call = (args: Record<string, unknown>) => Promise<unknown>;

const MESSAGE_METHODS = ['postMessage', 'postEphemeral', 'update', 'scheduleMessage'] as const;
const VIEW_METHODS = ['open', 'update', 'push', 'publish'] as const;

const guarded = new WeakSet<object>();

function fitViewArgs(args: Record<string, unknown>): Record<string, unknown> {
  const view = args.view;
  if (view === null || typeof view !== 'object' || !Array.isArray((view as { blocks?: unknown }).blocks))
    return args;
  return { ...args, view: fitView(view as { blocks: object[] }) };
}

function wrap<N extends string>(
  namespace: Record<N, unknown>,
  names: readonly N[],
  fit: (args: Record<string, unknown>) => Record<string, unknown>,
): void {
  for (const name of names) {
    const original = namespace[name];
    if (typeof original !== 'function') continue;
    const call = original as Call;
    namespace[name] = ((args: Record<string, unknown>) => call(fit(args ?? {}))) as never;
  }
}

/** Wraps `client` in place (once; later calls are no-ops) and returns it. */
export function guardBlockLimits<C extends WebClient>(client: C): C {
  if (guarded.has(client)) return client;
  guarded.add(client);
  wrap(client.chat as unknown as Record<string, unknown>, MESSAGE_METHODS, (args) =>
    fitMessage(args as { text?: string; blocks?: object[] }),
  );
  wrap(client.views as unknown as Record<string, unknown>, VIEW_METHODS, fitViewArgs);
  return client;
}
