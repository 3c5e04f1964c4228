/**
 * The pieces of Slack's request payloads, shaped like ../shared/slack/payloads (team, user, channel, message,
 * view, container, authorizations). Pure functions over the stand-in's state.
 */
import { APP_ID, BOT_USER_ID, TEAM } from './seed.ts';
import type { StandinState } from './state.ts';
import type { JsonObject, LocalUser, StoredMessage, StoredView } from './types.ts';
import { messageJson } from './methods/message-content.ts';
import { fileJsonFor } from './methods/files.ts';
import { viewJson } from './methods/views.ts';
import { isJsonObject, type MethodContext } from './methods/context.ts';

/** Slack's (deprecated) verification token field; apps must not rely on it but it is always present. */
export const VERIFICATION_TOKEN = 'standin-verification-token';

export const DEFAULT_USER = 'U0ANA';
export const DEFAULT_CHANNEL = 'C0GENERAL';

export class DriverError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DriverError';
  }
}

export function requireUser(state: StandinState, id: string | undefined): LocalUser {
  const user = state.user(id ?? DEFAULT_USER);
  if (!user) throw new DriverError(`unknown stand-in user ${id ?? DEFAULT_USER}`);
  return user;
}

export function teamJson(): JsonObject {
  return { id: TEAM.id, domain: TEAM.domain };
}

export function userRef(u: LocalUser): JsonObject {
  return { id: u.id, username: u.name, name: u.name, team_id: u.team_id ?? TEAM.id };
}

export function channelRef(state: StandinState, id: string): JsonObject {
  const channel = state.channel(id);
  if (!channel) throw new DriverError(`unknown stand-in channel ${id}`);
  return { id: channel.id, name: channel.is_im ? 'directmessage' : channel.name };
}

export function messagePayload(ctx: MethodContext, m: StoredMessage): JsonObject {
  return messageJson(m, fileJsonFor(ctx));
}

export function viewPayload(v: StoredView): JsonObject {
  return viewJson(v);
}

/** Common envelope fields of interactivity payloads. */
export function interactionBase(type: string, user: LocalUser): JsonObject {
  return {
    type,
    team: teamJson(),
    user: userRef(user),
    api_app_id: APP_ID,
    token: VERIFICATION_TOKEN,
    is_enterprise_install: false,
    enterprise: null,
  };
}

export function eventEnvelope(event: JsonObject, eventId: string, now: number): JsonObject {
  return {
    token: VERIFICATION_TOKEN,
    team_id: TEAM.id,
    api_app_id: APP_ID,
    event,
    type: 'event_callback',
    event_id: eventId,
    event_time: Math.floor(now / 1000),
    authorizations: [
      {
        enterprise_id: null,
        team_id: TEAM.id,
        user_id: BOT_USER_ID,
        is_bot: true,
        is_enterprise_install: false,
      },
    ],
    is_ext_shared_channel: false,
    event_context: `4-${String(event.type)}-${TEAM.id}-${typeof event.channel === 'string' ? event.channel : 'none'}`,
  };
}

/** Slack's action_ts / event_ts style: seconds with 6 decimals. */
export function slackNowTs(now: number): string {
  return (now / 1000).toFixed(6);
}

/** Find an interactive element by action_id in a list of blocks (sections' accessories, actions, inputs). */
export function findElement(
  blocks: unknown[],
  actionId: string,
): { blockId: string; element: JsonObject } | undefined {
  for (const b of blocks) {
    if (!isJsonObject(b)) continue;
    const blockId = typeof b.block_id === 'string' ? b.block_id : '';
    const candidates: unknown[] = [b.accessory, b.element, ...(Array.isArray(b.elements) ? b.elements : [])];
    for (const c of candidates)
      if (isJsonObject(c) && c.action_id === actionId) return { blockId, element: c };
  }
  return undefined;
}
