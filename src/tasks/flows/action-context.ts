/** Reads where a card action came from (message or ephemeral card, channel, response_url) from the payload. */
import type { AllMiddlewareArgs, BlockAction, RespondFn, SlackActionMiddlewareArgs } from '@slack/bolt';
import type { WebClient } from '@slack/web-api';
import { z } from 'zod';
import type { ChangeContext } from './change-task.ts';

const actionBody = z.looseObject({
  user: z.looseObject({ id: z.string() }),
  trigger_id: z.string().optional(),
  response_url: z.string().optional(),
  channel: z.looseObject({ id: z.string() }).nullish(),
  container: z
    .looseObject({
      type: z.string(),
      message_ts: z.string().optional(),
      channel_id: z.string().optional(),
      is_ephemeral: z.boolean().optional(),
    })
    .optional(),
  message: z.looseObject({ thread_ts: z.string().optional() }).nullish(),
  actions: z.array(
    z.looseObject({
      action_id: z.string(),
      value: z.string().optional(),
      selected_option: z.looseObject({ value: z.string() }).nullish(),
    }),
  ),
});

/** What a task card's (or list's) button or menu listener receives. */
export type TaskActionArgs = SlackActionMiddlewareArgs<BlockAction> & AllMiddlewareArgs;

export interface ActionFacts {
  user: string;
  triggerId: string | undefined;
  actionId: string;
  value: string | undefined;
  channel: string | undefined;
  messageTs: string | undefined;
  /** The thread the card sits in, when it is a reply. */
  threadTs: string | undefined;
  ephemeral: boolean;
  responseUrl: string | undefined;
}

export function actionFacts(body: unknown): ActionFacts {
  const b = actionBody.parse(body);
  const action = b.actions[0];
  return {
    user: b.user.id,
    triggerId: b.trigger_id,
    actionId: action?.action_id ?? '',
    value: action?.selected_option?.value ?? action?.value,
    channel: b.container?.channel_id ?? b.channel?.id ?? undefined,
    messageTs: b.container?.message_ts,
    threadTs:
      b.message?.thread_ts !== b.container?.message_ts ? (b.message?.thread_ts ?? undefined) : undefined,
    ephemeral: b.container?.is_ephemeral === true,
    responseUrl: b.response_url,
  };
}

export function changeContext(facts: ActionFacts, client: WebClient, respond: RespondFn): ChangeContext {
  const ctx: ChangeContext = { client, user: facts.user };
  if (facts.channel) ctx.channel = facts.channel;
  if (facts.responseUrl) ctx.responseUrl = facts.responseUrl;
  if (facts.ephemeral)
    ctx.replaceEphemeral = (card) => respond({ replace_original: true, response_type: 'ephemeral', ...card });
  else if (facts.channel && facts.messageTs) {
    ctx.place = {
      channel: facts.channel,
      ts: facts.messageTs,
      ...(facts.threadTs ? { threadTs: facts.threadTs } : {}),
    };
  }
  return ctx;
}
