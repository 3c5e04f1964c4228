/**
 * block_actions payloads: the element found by action_id in the message or view, its value shaped like
 * Slack's (button value, selected_option, selected_date …), container/channel/message or view, and for
 * messages a response_url whose replace_original/delete_original act on that message.
 */
import { randomBytes } from 'node:crypto';
import type { MethodContext } from './methods/context.ts';
import {
  channelRef,
  DriverError,
  findElement,
  interactionBase,
  messagePayload,
  slackNowTs,
  viewPayload,
} from './payloads.ts';
import type { ResponseUrls } from './response-url.ts';
import type { StandinState } from './state.ts';
import type { JsonObject, LocalUser, StoredMessage, StoredView } from './types.ts';
import { buildStateValues, elementState, type InputValue, type StateValues } from './view-state.ts';

export type MessageRef = StoredMessage | string;

export interface BlockActionInput {
  actionId: string;
  blockId?: string;
  /** button value or plain input value */
  value?: string;
  selectedOption?: string | JsonObject;
  selectedOptions?: (string | JsonObject)[];
  selectedDate?: string;
  selectedUser?: string;
  /** the message the element is in (stored message or its ts; channel from `channel` or the stored message) */
  message?: MessageRef;
  channel?: string;
  /** the stored view the element is in (modal or home) */
  view?: StoredView;
  /** current values of the view's inputs, as for viewSubmission */
  values?: Record<string, InputValue>;
  user?: string;
  /** a trigger_id from issueTriggerId(user), for a caller that must know it before the app answers */
  triggerId?: string;
}

interface ActionDeps {
  ctx: MethodContext;
  urls: ResponseUrls;
}

export function resolveMessage(
  state: StandinState,
  ref: MessageRef,
  channel: string | undefined,
): StoredMessage {
  if (typeof ref !== 'string') return state.message(ref.channel, ref.ts) ?? ref;
  const found = channel ? state.message(channel, ref) : state.messages().find((m) => m.ts === ref);
  if (!found) throw new DriverError(`no stored message ${ref}${channel ? ` in ${channel}` : ''}`);
  return found;
}

/** The response_url Slack attaches to interactions on a message. */
export function messageResponseUrl(deps: ActionDeps, message: StoredMessage, user: string): string {
  return deps.urls.issue(deps.ctx.baseUrl(), {
    channel: message.channel,
    user,
    messageTs: message.ts,
    ...(message.thread_ts ? { threadTs: message.thread_ts } : {}),
  });
}

export function blockActionPayload(
  deps: ActionDeps,
  input: BlockActionInput,
  user: LocalUser,
  triggerId: string,
): { payload: JsonObject; responseUrl?: string } {
  const { state } = deps.ctx;
  const message =
    input.message !== undefined ? resolveMessage(state, input.message, input.channel) : undefined;
  const blocks = input.view?.blocks ?? message?.blocks ?? [];
  const found = findElement(blocks, input.actionId);
  if (!found && (input.view || message)) throw new DriverError(`no element with action_id ${input.actionId}`);
  const element = found?.element ?? { type: 'button', action_id: input.actionId };
  const payload: JsonObject = {
    ...interactionBase('block_actions', user),
    trigger_id: triggerId,
    actions: [actionOf(input, element, found?.blockId, deps.ctx.now())],
  };
  if (input.view) {
    const view = state.view(input.view.id) ?? input.view;
    payload.container = { type: 'view', view_id: view.id };
    payload.view = { ...viewPayload(view), state: { values: viewValues(view, input.values ?? {}) } };
    return { payload };
  }
  if (!message) return { payload };
  const responseUrl = messageResponseUrl(deps, message, user.id);
  Object.assign(payload, {
    container: {
      type: 'message',
      message_ts: message.ts,
      channel_id: message.channel,
      is_ephemeral: message.ephemeralTo !== undefined,
    },
    channel: channelRef(state, message.channel),
    message: messagePayload(deps.ctx, message),
    state: { values: {} },
    response_url: responseUrl,
  });
  // A message a custom step's run posted: Slack hands its buttons the run (../shared/slack/payloads
  // block_actions.function.json) — while the run is running.
  const token = message.functionExecution && deps.ctx.functions?.tokenOfRun(message.functionExecution);
  const run = token ? deps.ctx.functions?.runOfToken(token) : undefined;
  if (run && run.state === 'running')
    Object.assign(payload, {
      bot_access_token: run.token,
      function_data: { execution_id: run.id, function: { callback_id: run.callbackId }, inputs: run.inputs },
      interactivity: {
        interactor: { secret: randomBytes(8).toString('hex'), id: user.id },
        interactivity_pointer: triggerId,
      },
    });
  return { payload, responseUrl };
}

function actionOf(
  input: BlockActionInput,
  element: JsonObject,
  blockId: string | undefined,
  now: number,
): JsonObject {
  const type = String(element.type);
  const action: JsonObject = {
    action_id: input.actionId,
    block_id: input.blockId ?? blockId ?? '',
    type,
    action_ts: slackNowTs(now),
  };
  if (type === 'button') {
    Object.assign(action, { text: element.text, value: input.value ?? element.value });
    if (element.style) action.style = element.style;
    return action;
  }
  const given: InputValue | undefined =
    input.selectedOption ?? input.selectedOptions ?? input.selectedDate ?? input.selectedUser ?? input.value;
  const { type: _t, ...selected } = elementState(element, given ?? null);
  return { ...action, ...selected };
}

/** Values of a view's inputs at the time of an action or a suggestion: given ones, else what was last submitted. */
export function viewValues(view: StoredView, values: Record<string, InputValue>): StateValues {
  return Object.keys(values).length === 0 ? view.state.values : buildStateValues(view.blocks, values, true);
}
