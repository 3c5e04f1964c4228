/**
 * What the console's buttons do: each turns a browser click into the request Slack would send the app, through
 * the stand-in's driver (signed, shaped like Slack's payloads), and applies the answer the way Slack's client
 * does — a slash command's ack body becomes a message, a view_submission ack keeps the modal open with errors.
 */
import { validateBlocks } from '../block-kit.ts';
import type { DriverResult, Standin } from '../index.ts';
import { isJsonObject } from '../methods/context.ts';
import { fileJson } from '../methods/files.ts';
import { messageJson, storeBotMessage } from '../methods/message-content.ts';
import { channelRef, interactionBase, requireUser } from '../payloads.ts';
import { payloadBody } from '../driver-transport.ts';
import type { InputValue } from '../view-state.ts';
import type { JsonObject } from '../types.ts';
import type { ModalOwners } from './owners.ts';
import type {
  ActionBody,
  CommandBody,
  MessageBody,
  ShortcutBody,
  SubmitBody,
  SuggestBody,
} from './schemas.ts';

/** What the browser learns about the app's answer: Slack shows an error line when it is not a timely 200. */
export interface Outcome {
  status: number;
  /** Slack's wording for a failed request, e.g. `dispatch_failed`; undefined when the app answered in time */
  failure?: string;
  body?: unknown;
}

export function outcome(result: { status: number; tooSlow: boolean; body: unknown }): Outcome {
  if (result.tooSlow) return { status: result.status, failure: 'operation_timeout' };
  if (result.status !== 200) return { status: result.status, failure: 'dispatch_failed' };
  return { status: result.status, body: result.body };
}

/** The page's name for "the DM between this user and the app", which Slack opens on first use. */
export const APP_DM = '@app';

export function channelFor(standin: Standin, user: string, channel: string): string {
  return channel === APP_DM ? standin.state.dmWith(user).id : channel;
}

/** A trigger_id tied to the request's browser tab, when it names one (./owners.ts). */
const triggerOf = (owners: ModalOwners, body: { user: string; tab?: string | undefined }) => {
  const triggerId = owners.trigger(body.user, body.tab);
  return triggerId ? { triggerId } : {};
};

export async function runCommand(standin: Standin, body: CommandBody, owners: ModalOwners): Promise<Outcome> {
  const input = { ...body, channel: channelFor(standin, body.user, body.channel) };
  const [command = ''] = input.text.trim().split(/\s+/);
  const text = input.text.trim().slice(command.length).trim();
  const result = await standin.driver.command({
    command,
    text,
    user: input.user,
    channel: input.channel,
    ...triggerOf(owners, body),
  });
  const out = outcome(result);
  if (out.failure === undefined) showAckMessage(standin, result, input);
  return out;
}

/** A command ack with a body is a reply: ephemeral unless `response_type: in_channel`. */
function showAckMessage(standin: Standin, result: DriverResult, input: CommandBody): void {
  const body = result.body;
  if (typeof body === 'string') {
    if (body.trim() !== '') addBotMessage(standin, input, { text: body }, true);
    return;
  }
  if (!isJsonObject(body)) return;
  const text = typeof body.text === 'string' ? body.text : '';
  const blocks = Array.isArray(body.blocks) ? body.blocks : undefined;
  if (text === '' && !blocks) return;
  const problems = blocks ? validateBlocks(blocks, 'message') : [];
  if (problems.length > 0) {
    const why = `Slack could not show the reply to ${input.text.split(' ')[0]}: invalid_blocks (${problems[0]})`;
    addBotMessage(standin, input, { text: why }, true);
    return;
  }
  addBotMessage(standin, input, { text, ...(blocks ? { blocks } : {}) }, body.response_type !== 'in_channel');
}

function addBotMessage(
  standin: Standin,
  input: { user: string; channel: string },
  content: { text: string; blocks?: unknown[] },
  ephemeral: boolean,
): void {
  storeBotMessage(standin.state, {
    channel: input.channel,
    content,
    via: 'command_ack',
    extra: ephemeral ? { ephemeralTo: input.user } : {},
  });
}

/** Slack's client sends typed `&`, `<` and `>` as entities, so typed text never turns into markup. */
export const escapeTyped = (text: string): string =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** A typed message: in a DM with the app it is a `message.im` event; elsewhere the app is not subscribed. */
export async function postMessage(standin: Standin, body: MessageBody): Promise<Outcome> {
  const input = {
    ...body,
    channel: channelFor(standin, body.user, body.channel),
    text: escapeTyped(body.text),
  };
  const channel = standin.state.channel(input.channel);
  if (channel?.is_im) {
    const event: JsonObject = {
      type: 'message',
      channel: input.channel,
      channel_type: 'im',
      user: input.user,
      text: input.text,
      ...(input.threadTs ? { thread_ts: input.threadTs } : {}),
    };
    return outcome(await standin.driver.event(event));
  }
  standin.addMessage({
    channel: input.channel,
    text: input.text,
    user: input.user,
    ...(input.threadTs ? { thread_ts: input.threadTs } : {}),
  });
  return { status: 200 };
}

export async function runAction(standin: Standin, input: ActionBody, owners: ModalOwners): Promise<Outcome> {
  const view = input.viewId ? standin.view(input.viewId) : undefined;
  const result = await standin.driver.blockAction({
    actionId: input.actionId,
    user: input.user,
    ...triggerOf(owners, input),
    ...(input.blockId ? { blockId: input.blockId } : {}),
    ...(view ? { view, values: valuesOf(input.values) } : {}),
    ...(!view && input.ts ? { message: input.ts, channel: input.channel } : {}),
    ...(input.value !== undefined ? { value: input.value } : {}),
    ...(input.selectedOption ? { selectedOption: input.selectedOption } : {}),
    ...(input.selectedOptions ? { selectedOptions: input.selectedOptions } : {}),
    ...(input.selectedDate ? { selectedDate: input.selectedDate } : {}),
    ...(input.selectedUser ? { selectedUser: input.selectedUser } : {}),
  });
  return outcome(result);
}

function valuesOf(values: Record<string, unknown> | undefined): Record<string, InputValue> {
  const out: Record<string, InputValue> = {};
  for (const [key, v] of Object.entries(values ?? {})) {
    if (typeof v === 'string' || typeof v === 'number' || v === null) out[key] = v;
    else if (isJsonObject(v)) out[key] = v;
    else if (Array.isArray(v))
      out[key] = v.filter((x): x is string | JsonObject => typeof x === 'string' || isJsonObject(x));
  }
  return out;
}

/** Options for an external select: from a view through the driver; from a message as Slack sends it. */
export async function suggest(standin: Standin, input: SuggestBody): Promise<Outcome> {
  const view = input.viewId ? standin.view(input.viewId) : undefined;
  if (view) {
    const result = await standin.driver.blockSuggestion({
      actionId: input.actionId,
      value: input.value,
      view,
      user: input.user,
      values: valuesOf(input.values),
      ...(input.blockId ? { blockId: input.blockId } : {}),
    });
    return outcome(result);
  }
  const message = input.channel && input.ts ? standin.state.message(input.channel, input.ts) : undefined;
  if (!message) return { status: 404, failure: 'message_not_found' };
  const user = requireUser(standin.state, input.user);
  const payload = {
    ...interactionBase('block_suggestion', user),
    container: { type: 'message', message_ts: message.ts, channel_id: message.channel },
    channel: channelRef(standin.state, message.channel),
    message: messageJson(message, (id) => {
      const f = standin.state.file(id);
      return f ? fileJson(f) : { id };
    }),
    action_id: input.actionId,
    block_id: input.blockId ?? '',
    value: input.value,
  };
  return outcome(await standin.driver.raw({ body: payloadBody(payload) }));
}

export async function submit(
  standin: Standin,
  input: SubmitBody,
  owners: ModalOwners,
): Promise<Outcome & JsonObject> {
  const view = standin.view(input.viewId);
  if (!view?.open) return { status: 404, failure: 'view_not_found' };
  const result = await standin.driver.viewSubmission({
    view,
    user: input.user,
    ...triggerOf(owners, input),
    values: valuesOf(input.values),
  });
  return {
    ...outcome(result),
    closed: result.closed,
    ...(result.errors ? { errors: result.errors } : {}),
    ...(result.rejected ? { rejected: result.rejected } : {}),
  };
}

export async function close(
  standin: Standin,
  input: { user: string; viewId: string; values?: Record<string, unknown> },
): Promise<Outcome> {
  const view = standin.view(input.viewId);
  if (!view?.open) return { status: 200 };
  // what was typed goes with view_closed, as Slack sends it
  const result = await standin.driver.viewClosed(view, { user: input.user, values: valuesOf(input.values) });
  return result ? outcome(result) : { status: 200 };
}

export async function shortcut(standin: Standin, input: ShortcutBody, owners: ModalOwners): Promise<Outcome> {
  const trigger = triggerOf(owners, input);
  const result =
    input.ts && input.channel
      ? await standin.driver.messageShortcut(input.callbackId, {
          channel: input.channel,
          message: input.ts,
          user: input.user,
          ...trigger,
        })
      : await standin.driver.globalShortcut(input.callbackId, { user: input.user, ...trigger });
  return outcome(result);
}

export async function openHome(standin: Standin, input: { user: string }): Promise<Outcome> {
  return outcome(await standin.driver.appHomeOpened({ user: input.user }));
}
