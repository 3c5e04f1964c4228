/** Who sent a Slack request, read from its body (pure). Null for requests with no person (bots, system events). */
/** Who sent a request, as the request says. */
export interface RequestPerson {
  /** The workspace of the request (store keys are per workspace and user). */
  teamId: string;
  userId: string;
  /** The installation serving the request (src/kit/workspace.ts), from Bolt's context; undefined when unknown. */
  workspace?: string;
  /** The user's own team when the payload states it (`user.team_id`): another one means Slack Connect. */
  userTeamId?: string;
}

type Json = Record<string, unknown>;
const obj = (v: unknown): Json | undefined =>
  v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Json) : undefined;
const str = (v: unknown): string | undefined => (typeof v === 'string' && v !== '' ? v : undefined);

export type RequestSender = { kind: 'person'; person: RequestPerson } | { kind: 'bot' } | { kind: 'none' };

export function senderOf(body: unknown, contextTeamId?: string): RequestSender {
  const b = obj(body) ?? {};
  const event = obj(b.event);
  if (event) {
    // A message written by a bot or an app (our own included) is never a person acting.
    if (str(event.bot_id) || obj(event.bot_profile) || event.subtype === 'bot_message')
      return { kind: 'bot' };
    const userId = str(event.user) ?? str(obj(event.user)?.id);
    const teamId = contextTeamId ?? str(b.team_id);
    if (!userId || !teamId) return { kind: 'none' };
    const userTeamId = str(event.user_team) ?? str(obj(event.user_profile)?.team);
    return { kind: 'person', person: { teamId, userId, ...(userTeamId ? { userTeamId } : {}) } };
  }
  const user = obj(b.user);
  const userId = str(b.user_id) ?? str(user?.id);
  const teamId = contextTeamId ?? str(b.team_id) ?? str(obj(b.team)?.id);
  if (!userId || !teamId) return { kind: 'none' };
  const userTeamId = str(user?.team_id);
  return { kind: 'person', person: { teamId, userId, ...(userTeamId ? { userTeamId } : {}) } };
}
