/**
 * Access changes Slack announces, taking effect within seconds rather than when a cached decision expires (issue
 * 37). Slack signs these events like every request, so what they say is Slack's own word:
 *
 * - `user_change` (deactivated or left: `deleted`; became a guest: `is_restricted`/`is_ultra_restricted`; and
 *   back): the person's facts and decision are recomputed from the event's user object and stored, and every
 *   thread and replica forgets what it remembered (./fresh-cache.ts) — their next request is decided on these.
 * - `tokens_revoked` naming the bot, `app_uninstalled`: fieldline stops acting (./slack-revoked.ts).
 *
 * Plain listeners, run on receipt (Bolt acked the event already): a few store writes, no platform call.
 */
import type { WebClient } from '@slack/web-api';
import { z } from 'zod';
import type { Logger } from '../../base/log.ts';
import type { ListenerApp } from '../../kit/entry.ts';
import type { Store } from '../../store/store.ts';
import { refusalFor, type PersonFacts, type Refusal } from '../rules/person-gate.ts';
import type { AccessDeps } from './acting-person.ts';
import { FACTS_TTL_MS, factsFrom } from './person-facts.ts';
import { markRevoked } from './slack-revoked.ts';

export const ACCESS_EVENTS = ['user_change', 'tokens_revoked', 'app_uninstalled'] as const;

export interface AccessEventDeps extends AccessDeps {
  log: Logger;
  /** The store without this thread's memory in front (what other threads and replicas see). */
  raw: Store;
  /** Tells every thread and replica to forget what it remembered of people's access. */
  changed(): Promise<void>;
  now(): number;
  /** Installed with OAuth: tokens_revoked / app_uninstalled are one installation's (src/installs/), not handled here. */
  perInstallation?: boolean;
}

const tokensRevoked = z.looseObject({
  tokens: z.looseObject({ bot: z.array(z.string()).optional() }).optional(),
});

/** An access event is never a person's request: the gate lets it through to these listeners. */
export function isAccessEvent(body: unknown): boolean {
  const event = (body as { event?: { type?: unknown } } | null)?.event;
  return typeof event?.type === 'string' && (ACCESS_EVENTS as readonly string[]).includes(event.type);
}

/**
 * Stores what Slack now says of a person and the decision it makes; tells every thread when it differs from what
 * was stored (a profile edit changes nothing here and costs no thread its memory).
 */
export async function recordUserChange(
  deps: AccessEventDeps,
  teamId: string,
  user: unknown,
  client: WebClient,
): Promise<Refusal | null> {
  const facts = factsFrom({ user });
  const raw = deps.raw.namespace('access');
  const factsKey = `facts:${teamId}:${facts.userId}`;
  const decisionKey = `decision:${teamId}:${facts.userId}`;
  const [storedFacts, storedDecision] = await Promise.all([
    raw.get<PersonFacts>(factsKey),
    raw.get<{ refusal: Refusal | null }>(decisionKey),
  ]);
  const installedIn = await deps.installation(client).catch(() => ({ installedTeamId: teamId }));
  const refusal = refusalFor(facts, { ...installedIn, allowGuests: deps.settings.allowGuests });
  const factsMoved = storedFacts !== undefined && JSON.stringify(storedFacts) !== JSON.stringify(facts);
  const decisionMoved = storedDecision ? storedDecision.refusal !== refusal : refusal !== null;
  if (!factsMoved && !decisionMoved) return refusal;
  const store = deps.store.namespace('access');
  await store.set(factsKey, facts, FACTS_TTL_MS);
  await store.set(decisionKey, { refusal }, FACTS_TTL_MS);
  await deps.changed();
  deps.log.info({ user: facts.userId, refusal }, 'access: user_change recorded; every thread decides anew');
  return refusal;
}

export async function recordSlackRevoked(
  deps: AccessEventDeps,
  event: { type: string } & Record<string, unknown>,
): Promise<boolean> {
  if (event.type === 'tokens_revoked') {
    const bots = tokensRevoked.safeParse(event).data?.tokens?.bot ?? [];
    // fieldline keeps no user token: only the bot's matters.
    if (bots.length === 0) {
      deps.log.info(
        { event: event.type },
        'access: user tokens revoked; fieldline keeps none, nothing changes',
      );
      return false;
    }
  }
  const why = event.type === 'app_uninstalled' ? 'app_uninstalled' : 'tokens_revoked';
  await markRevoked(deps.raw, why, deps.now());
  await deps.changed();
  deps.log.warn(
    { why },
    'Slack access withdrawn: fieldline refuses every request until Slack accepts its token',
  );
  return true;
}

export function registerAccessEvents(app: ListenerApp, deps: AccessEventDeps): void {
  app.event('user_change', async ({ event, body, context, client }) => {
    const teamId = context.teamId ?? (body as { team_id?: string }).team_id;
    if (!teamId) return;
    await recordUserChange(deps, teamId, event.user, client).catch((err: unknown) =>
      deps.log.warn({ err }, 'access: user_change not recorded'),
    );
  });
  if (deps.perInstallation) return;
  for (const type of ['tokens_revoked', 'app_uninstalled'] as const)
    app.event(type, async ({ event }) => {
      await recordSlackRevoked(deps, event as never).catch((err: unknown) =>
        deps.log.error({ err }, `access: ${type} not recorded`),
      );
    });
}
