/**
 * Slack's whole-message and whole-view limits on every send, whichever feature built the message: the Web API
 * methods that carry blocks are wrapped once per WebClient so their arguments pass through `fitMessage` /
 * `fitView` (./block-limits.ts). A list that grew with what the platform sent is then cut with "…and N more"
 * instead of being refused by Slack (`invalid_blocks`). Renderers still keep their own element-level limits.
 * Given a seal, the views methods also seal the view's private_metadata (../sealed-metadata.ts), so every view
 * fieldline opens, updates, pushes or publishes carries metadata the runtime accepts back.
 */
import type { WebClient } from '@slack/web-api';
import { fitMessage, fitView } from './block-limits.ts';
import { sealedView, type MetadataSeal } from '../sealed-metadata.ts';

type Call = (args: Record<string, unknown>) => Promise<unknown>;

const MESSAGE_METHODS = ['postMessage', 'postEphemeral', 'update', 'scheduleMessage'] as const;
const VIEW_METHODS = ['open', 'update', 'push', 'publish'] as const;

const guarded = new WeakSet<object>();
/** Separate from `guarded`: a client guarded before it was given a seal is still sealed, and sealed once. */
const sealing = new WeakSet<object>();

function fitViewArgs(args: Record<string, unknown>): Record<string, unknown> {
  const view = args.view;
  if (view === null || typeof view !== 'object' || !Array.isArray((view as { blocks?: unknown }).blocks))
    return args;
  return { ...args, view: fitView(view as { blocks: object[] }) };
}

/** The Web API also takes a view as JSON text: sealed alike, so no view leaves unsealed. */
function sealedViewArg(view: unknown, seal: MetadataSeal): unknown {
  if (typeof view !== 'string') return sealedView(view, seal);
  let parsed: unknown;
  try {
    parsed = JSON.parse(view);
  } catch {
    return view;
  }
  const sealed = sealedView(parsed, seal);
  return sealed === parsed ? view : JSON.stringify(sealed);
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
    // A refusal (metadata too long to seal) is a rejected call like Slack's own, so `.catch` sees it.
    namespace[name] = (async (args: Record<string, unknown>) => call(fit(args ?? {}))) as never;
  }
}

/**
 * Wraps `client` in place (once; later calls are no-ops) and returns it. With `seal`, views also leave with their
 * private_metadata sealed; a view whose metadata cannot fit once sealed makes the call throw (MetadataTooLongError).
 */
export function guardBlockLimits<C extends WebClient>(client: C, seal?: MetadataSeal): C {
  if (!guarded.has(client)) {
    guarded.add(client);
    wrap(client.chat as unknown as Record<string, unknown>, MESSAGE_METHODS, (args) =>
      fitMessage(args as { text?: string; blocks?: object[] }),
    );
    wrap(client.views as unknown as Record<string, unknown>, VIEW_METHODS, fitViewArgs);
  }
  if (seal && !sealing.has(client)) {
    sealing.add(client);
    wrap(client.views as unknown as Record<string, unknown>, VIEW_METHODS, (args) =>
      args.view === undefined ? args : { ...args, view: sealedViewArg(args.view, seal) },
    );
  }
  return client;
}
