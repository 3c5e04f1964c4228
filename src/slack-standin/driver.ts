/**
 * The driver: sends the app the requests Slack would, signed, shaped like ../shared/slack/payloads. Every
 * command/interaction carries a fresh trigger_id (valid once, 3 s) and, where Slack gives one, a response_url
 * served by the stand-in.
 */
import { randomBytes } from 'node:crypto';
import type { MethodContext } from './methods/context.ts';
import {
  channelRef,
  DEFAULT_CHANNEL,
  DriverError,
  findElement,
  interactionBase,
  messagePayload,
  requireUser,
  slackNowTs,
  VERIFICATION_TOKEN,
  viewPayload,
} from './payloads.ts';
import { APP_ID, TEAM } from './seed.ts';
import type { ResponseUrls } from './response-url.ts';
import {
  formBody,
  payloadBody,
  send,
  type RawSend,
  type SendResult,
  type TransportDeps,
} from './driver-transport.ts';
import { buildStateValues, type InputValue } from './view-state.ts';
import { submitView, type ViewSubmissionResult } from './driver-views.ts';
import {
  blockActionPayload,
  messageResponseUrl,
  resolveMessage,
  type BlockActionInput,
  type MessageRef,
  viewValues,
} from './driver-actions.ts';
import { eventRequest, type EventOptions } from './driver-events.ts';
import { userJson } from './methods/directory.ts';
import type { JsonObject, StoredView } from './types.ts';

export { DriverError } from './payloads.ts';
export type { SendResult, RawSend } from './driver-transport.ts';
export type { ViewSubmissionResult } from './driver-views.ts';
export type { BlockActionInput, MessageRef } from './driver-actions.ts';
export type { EventOptions } from './driver-events.ts';

export interface DriverResult extends SendResult {
  /** the payload sent (form fields for commands) */
  payload: JsonObject;
  triggerId?: string;
  responseUrl?: string;
}

export interface DriverDeps extends TransportDeps {
  ctx: MethodContext;
  urls: ResponseUrls;
}

export class Driver {
  constructor(private readonly deps: DriverDeps) {}

  private get state() {
    return this.deps.ctx.state;
  }

  private trigger(user: string): string {
    return this.deps.ctx.triggers.issue(user);
  }

  private async post(
    kind: string,
    payload: JsonObject,
    extra: Partial<DriverResult> = {},
  ): Promise<DriverResult> {
    const result = await send(this.deps, kind, { body: payloadBody(payload) });
    return { ...result, payload, ...extra };
  }

  /** Any request, signed or deliberately not (see RawSend). */
  raw(raw: RawSend): Promise<SendResult> {
    return send(this.deps, 'raw', raw);
  }

  /** A slash command: flat form fields like slash_command.form.txt. */
  async command(input: {
    command: string;
    text?: string;
    user?: string;
    channel?: string;
    /** a trigger_id from issueTriggerId(user), for a caller that must know it before the app answers */
    triggerId?: string;
  }): Promise<DriverResult> {
    const user = requireUser(this.state, input.user);
    const channel = this.state.channel(input.channel ?? DEFAULT_CHANNEL);
    if (!channel) throw new DriverError(`unknown stand-in channel ${input.channel ?? ''}`);
    const triggerId = input.triggerId ?? this.trigger(user.id);
    const responseUrl = this.deps.urls.issue(this.deps.ctx.baseUrl(), { channel: channel.id, user: user.id });
    const fields: Record<string, string> = {
      token: VERIFICATION_TOKEN,
      team_id: TEAM.id,
      team_domain: TEAM.domain,
      channel_id: channel.id,
      channel_name: channel.is_im ? 'directmessage' : channel.name,
      user_id: user.id,
      user_name: user.name,
      command: input.command,
      // Slack escapes its mrkdwn control characters in what the user typed.
      text: (input.text ?? '').replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;'),
      api_app_id: APP_ID,
      is_enterprise_install: 'false',
      response_url: responseUrl,
      trigger_id: triggerId,
    };
    const result = await send(this.deps, 'command', { body: formBody(fields) });
    return { ...result, payload: fields, triggerId, responseUrl };
  }

  globalShortcut(
    callbackId: string,
    opts: { user?: string; triggerId?: string } = {},
  ): Promise<DriverResult> {
    const user = requireUser(this.state, opts.user);
    const triggerId = opts.triggerId ?? this.trigger(user.id);
    const payload = {
      ...interactionBase('shortcut', user),
      callback_id: callbackId,
      trigger_id: triggerId,
      action_ts: slackNowTs(this.deps.now()),
    };
    return this.post('shortcut', payload, { triggerId });
  }

  messageShortcut(
    callbackId: string,
    opts: { channel?: string; message: MessageRef; user?: string; triggerId?: string },
  ): Promise<DriverResult> {
    const user = requireUser(this.state, opts.user);
    const message = resolveMessage(this.state, opts.message, opts.channel);
    const triggerId = opts.triggerId ?? this.trigger(user.id);
    const responseUrl = messageResponseUrl(this.deps, message, user.id);
    const payload = {
      ...interactionBase('message_action', user),
      callback_id: callbackId,
      trigger_id: triggerId,
      action_ts: slackNowTs(this.deps.now()),
      message_ts: message.ts,
      channel: channelRef(this.state, message.channel),
      message: messagePayload(this.deps.ctx, message),
      response_url: responseUrl,
    };
    return this.post('message_action', payload, { triggerId, responseUrl });
  }

  async blockAction(input: BlockActionInput): Promise<DriverResult> {
    const user = requireUser(this.state, input.user);
    const triggerId = input.triggerId ?? this.trigger(user.id);
    const { payload, responseUrl } = blockActionPayload(this.deps, input, user, triggerId);
    return this.post('block_actions', payload, { triggerId, ...(responseUrl ? { responseUrl } : {}) });
  }

  /** Options for an external select in a view or a message; the app's ack body (`options`) is the result. */
  blockSuggestion(input: {
    actionId: string;
    value: string;
    view?: StoredView;
    message?: MessageRef;
    channel?: string;
    blockId?: string;
    user?: string;
    /** current values of the view's inputs: Slack sends them with the suggestion (e.g. the chosen site) */
    values?: Record<string, InputValue>;
  }): Promise<DriverResult> {
    const user = requireUser(this.state, input.user);
    const view = input.view ? (this.state.view(input.view.id) ?? input.view) : undefined;
    const message =
      input.message !== undefined ? resolveMessage(this.state, input.message, input.channel) : undefined;
    if (!view && !message) throw new DriverError('blockSuggestion needs a view or a message');
    const found = findElement(view?.blocks ?? message?.blocks ?? [], input.actionId);
    if (!found) throw new DriverError(`no element with action_id ${input.actionId}`);
    const where = view
      ? {
          container: { type: 'view', view_id: view.id },
          view: { ...viewPayload(view), state: { values: viewValues(view, input.values ?? {}) } },
        }
      : message && {
          container: { type: 'message', message_ts: message.ts, channel_id: message.channel },
          channel: channelRef(this.state, message.channel),
          message: messagePayload(this.deps.ctx, message),
        };
    const payload = {
      ...interactionBase('block_suggestion', user),
      ...where,
      action_id: input.actionId,
      block_id: input.blockId ?? found.blockId,
      value: input.value,
    };
    return this.post('block_suggestion', payload);
  }

  viewSubmission(input: {
    view: StoredView;
    values?: Record<string, InputValue>;
    user?: string;
    allowMissingRequired?: boolean;
    triggerId?: string;
  }): Promise<ViewSubmissionResult> {
    return submitView(this.deps, input, (kind, payload) => this.post(kind, payload));
  }

  /**
   * Slack sends view_closed only for views opened with notify_on_close; the view closes either way. `values` are
   * what the person had typed (keyed like viewSubmission's): Slack's payload carries them in view.state.
   */
  async viewClosed(
    view: StoredView,
    opts: { user?: string; isCleared?: boolean; values?: Record<string, InputValue> } = {},
  ): Promise<DriverResult | undefined> {
    const current = this.state.view(view.id) ?? view;
    const user = requireUser(this.state, opts.user ?? current.user);
    if (opts.values) current.state = { values: buildStateValues(current.blocks, opts.values, true) };
    const closing = opts.isCleared ? this.state.stack(current.root_view_id) : [current];
    for (const v of closing) this.state.closeView(v);
    if (!current.notify_on_close) return undefined;
    const payload = {
      ...interactionBase('view_closed', user),
      view: viewPayload(current),
      is_cleared: opts.isCleared === true,
      response_urls: [],
    };
    return this.post('view_closed', payload);
  }

  /** An Events API delivery (JSON), with X-Slack-Retry-Num/-Reason when asked. */
  async event(event: JsonObject, opts: EventOptions = {}): Promise<DriverResult> {
    const { envelope, headers } = eventRequest(this.state, event, opts, this.deps.now());
    const body = JSON.stringify(envelope);
    const result = await send(this.deps, 'event', { body, contentType: 'application/json', headers });
    return { ...result, payload: envelope };
  }

  /**
   * A workflow reached a custom step (manifest `functions`): a run starts (its own `xwfp-…` token) and the app
   * gets `function_executed` with the step's definition and `inputs`. The run's outcome: `functions.whenDone(id)`.
   */
  async functionExecuted(input: {
    callbackId: string;
    inputs: JsonObject;
    opts?: EventOptions;
  }): Promise<DriverResult & { executionId: string }> {
    const functions = this.deps.ctx.functions;
    const def = functions?.definition(input.callbackId);
    if (!functions || !def) throw new DriverError(`the manifest declares no function ${input.callbackId}`);
    const run = functions.start(def.callbackId, input.inputs);
    const result = await this.event(
      {
        type: 'function_executed',
        function: functions.eventFunction(def),
        inputs: input.inputs,
        function_execution_id: run.id,
        workflow_execution_id: run.workflowExecutionId,
        bot_access_token: run.token,
      },
      input.opts,
    );
    return { ...result, executionId: run.id };
  }

  /** app_home_opened with the user's current home view, as Slack sends when the Home tab is opened. */
  appHomeOpened(opts: { user?: string } = {}): Promise<DriverResult> {
    const user = requireUser(this.state, opts.user);
    const home = this.state.homeOf(user.id);
    const event: JsonObject = {
      type: 'app_home_opened',
      user: user.id,
      channel: this.state.dmWith(user.id).id,
      tab: 'home',
    };
    if (home) event.view = viewPayload(home);
    return this.event(event);
  }

  /** user_change with the user as users.info now shows them (change them first with `addUser`). */
  userChange(userId: string): Promise<DriverResult> {
    const user = requireUser(this.state, userId);
    return this.event({
      type: 'user_change',
      user: userJson(user),
      cache_ts: Math.floor(this.deps.now() / 1000),
    });
  }

  urlVerification(challenge = randomBytes(16).toString('hex')): Promise<SendResult> {
    return send(this.deps, 'url_verification', {
      body: JSON.stringify({ token: VERIFICATION_TOKEN, challenge, type: 'url_verification' }),
      contentType: 'application/json',
    });
  }
}
