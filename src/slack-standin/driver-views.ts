/**
 * view_submission as Slack runs it: the stored view with state.values built from its input blocks, response_urls
 * for inputs with response_url_enabled, then the ack applied — empty ack closes the view; response_action
 * `errors` keeps it open with field errors, `update` replaces it, `push` stacks a new one, `clear` closes the
 * whole stack. A response_action view that Slack would reject is reported in `rejected`, the modal unchanged.
 */
import { ApiError, isJsonObject, type MethodContext } from './methods/context.ts';
import { checkedView, pushView, replaceView } from './methods/views.ts';
import { DriverError, interactionBase, requireUser, viewPayload } from './payloads.ts';
import type { ResponseUrls } from './response-url.ts';
import type { JsonObject, StoredView } from './types.ts';
import { buildStateValues, inputBlocks, type InputValue, type StateValues } from './view-state.ts';
import type { DriverResult } from './driver.ts';

export interface ViewSubmissionResult extends DriverResult {
  responseAction?: string;
  /** field errors from `response_action: errors`, keyed by block_id */
  errors?: Record<string, string>;
  /** the modal on top after Slack applied the ack; undefined when no modal is open any more */
  view?: StoredView;
  /** true when the submitted view was closed (empty ack or clear) */
  closed: boolean;
  /** Slack would reject the ack (bad view, unknown block ids in errors, stack full) */
  rejected?: string[];
}

interface SubmitDeps {
  ctx: MethodContext;
  urls: ResponseUrls;
}

interface SubmitInput {
  view: StoredView;
  values?: Record<string, InputValue>;
  user?: string;
  allowMissingRequired?: boolean;
  /** a trigger_id from issueTriggerId(user), for a caller that must know it before the app answers */
  triggerId?: string;
}

type Post = (kind: string, payload: JsonObject) => Promise<DriverResult>;

function responseUrls(deps: SubmitDeps, view: StoredView, values: StateValues): JsonObject[] {
  return inputBlocks(view.blocks).flatMap((input) => {
    if (input.element.response_url_enabled !== true) return [];
    const entry = values[input.blockId]?.[input.actionId];
    const channel = entry?.selected_conversation ?? entry?.selected_channel;
    if (typeof channel !== 'string') return [];
    const url = deps.urls.issue(deps.ctx.baseUrl(), { channel, user: view.user });
    return [{ block_id: input.blockId, action_id: input.actionId, channel_id: channel, response_url: url }];
  });
}

function topOf(ctx: MethodContext, rootViewId: string): StoredView | undefined {
  return ctx.state.stack(rootViewId).at(-1);
}

export async function submitView(
  deps: SubmitDeps,
  input: SubmitInput,
  post: Post,
): Promise<ViewSubmissionResult> {
  const { ctx } = deps;
  const view = ctx.state.view(input.view.id) ?? input.view;
  if (!view.open) throw new DriverError(`view ${view.id} is not open`);
  const user = requireUser(ctx.state, input.user ?? view.user);
  const values = buildStateValues(view.blocks, input.values ?? {}, input.allowMissingRequired);
  view.state = { values };
  delete view.errors;
  const payload = {
    ...interactionBase('view_submission', user),
    trigger_id: input.triggerId ?? ctx.triggers.issue(user.id),
    view: viewPayload(view),
    response_urls: responseUrls(deps, view, values),
  };
  const result = await post('view_submission', payload);
  const base = { ...result, triggerId: String(payload.trigger_id) };
  // Slack shows "We had some trouble connecting" and leaves the modal as it was.
  if (result.status !== 200) return { ...base, view, closed: false };
  const ack = isJsonObject(result.body) ? result.body : {};
  const action = typeof ack.response_action === 'string' ? ack.response_action : undefined;
  if (action === undefined) {
    ctx.state.closeView(view);
    return { ...base, closed: true, view: topOf(ctx, view.root_view_id) };
  }
  return { ...base, responseAction: action, ...applyAction(ctx, view, action, ack) };
}

function applyAction(
  ctx: MethodContext,
  view: StoredView,
  action: string,
  ack: JsonObject,
): Pick<ViewSubmissionResult, 'errors' | 'view' | 'closed' | 'rejected'> {
  try {
    switch (action) {
      case 'errors': {
        const errors = isJsonObject(ack.errors) ? ack.errors : {};
        const ids = new Set(inputBlocks(view.blocks).map((b) => b.blockId));
        const unknown = Object.keys(errors).filter((id) => !ids.has(id));
        const strings = Object.fromEntries(Object.entries(errors).map(([k, v]) => [k, String(v)]));
        view.errors = strings;
        ctx.state.putView(view, 'update');
        if (unknown.length > 0)
          return {
            view,
            closed: false,
            errors: strings,
            rejected: unknown.map((id) => `errors: no input block ${id}`),
          };
        return { view, closed: false, errors: strings };
      }
      case 'update':
        return { view: replaceView(ctx, view, checkedView(ctx, ack.view, 'modal')), closed: false };
      case 'push':
        return { view: pushView(ctx, view, checkedView(ctx, ack.view, 'modal')), closed: false };
      case 'clear':
        for (const v of ctx.state.stack(view.root_view_id)) ctx.state.closeView(v);
        return { view: undefined, closed: true };
      default:
        return { view, closed: false, rejected: [`unknown response_action ${action}`] };
    }
  } catch (err) {
    if (!(err instanceof ApiError)) throw err;
    const messages = Array.isArray(err.extra.errors) ? err.extra.errors.map(String) : [];
    return { view, closed: false, rejected: [err.error, ...messages] };
  }
}
