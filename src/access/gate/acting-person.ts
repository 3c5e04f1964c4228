/**
 * Builds the acting person of one Slack request. Nothing is awaited here: the check (users.info, cached) and the
 * key lookup run when the platform is first needed, which is after the ack, and before anything reaches the
 * platform. A refusal is remembered for a few minutes so the gate can refuse the next request at once.
 */
import type { WebClient } from '@slack/web-api';
import type { Store } from '../../store/store.ts';
import { refusalFor, type PersonFacts, type Refusal } from '../rules/person-gate.ts';
import type { ActingPerson } from '../service/acting.ts';
import { AccessRefusedError, ConnectionMustBeRenewedError, NotConnectedError } from '../service/errors.ts';
import type { KeyVault } from '../service/key-vault.ts';
import type { RequestPerson } from '../rules/request-person.ts';
import type { InstalledIn } from '../rules/person-gate.ts';
import { FACTS_TTL_MS, type PersonDirectory } from './person-facts.ts';

export type AccessMode = 'linked' | 'shared';

export interface AccessSettings {
  mode: AccessMode;
  allowGuests: boolean;
  /** Shared mode only: the key everyone allowed acts with. */
  sharedKey?: string;
}

export interface AccessDeps {
  store: Store;
  people: PersonDirectory;
  /** Null only in shared mode (no person keys are kept). */
  vault: KeyVault | null;
  settings: AccessSettings;
  /** Who "our members" are for the installation this client's token belongs to (./installed-in.ts). */
  installation(client: WebClient): Promise<InstalledIn>;
}

const decisionKey = (who: RequestPerson) => `decision:${who.teamId}:${who.userId}`;

/** The refusal remembered for this person, null when allowed recently, undefined when not checked recently. */
export async function rememberedRefusal(deps: Pick<AccessDeps, 'store'>, who: RequestPerson) {
  const found = await deps.store.namespace('access').get<{ refusal: Refusal | null }>(decisionKey(who));
  return found?.refusal;
}

export async function checkPerson(
  deps: AccessDeps,
  who: RequestPerson,
  client: WebClient,
): Promise<PersonFacts> {
  const facts = await deps.people.facts(client, who.teamId, who.userId);
  const refusal = refusalFor(
    facts,
    { ...(await deps.installation(client)), allowGuests: deps.settings.allowGuests },
    who.userTeamId,
  );
  await deps.store.namespace('access').set(decisionKey(who), { refusal }, FACTS_TTL_MS);
  if (refusal) throw new AccessRefusedError(refusal);
  return facts;
}

export function actingPersonFor(deps: AccessDeps, who: RequestPerson, client: WebClient): ActingPerson {
  let checked: Promise<PersonFacts> | undefined;
  const check = () => (checked ??= checkPerson(deps, who, client));
  const shared = deps.settings.mode === 'shared';
  return {
    teamId: who.teamId,
    userId: who.userId,
    ...(who.workspace ? { workspace: who.workspace } : {}),
    // Shared mode: everyone of a workspace sees what its connection's key sees, so they share one cache (issue 39:
    // each workspace's own, as its connection is).
    scope: shared
      ? who.workspace
        ? `shared:${who.workspace}`
        : 'shared'
      : `person:${who.teamId}:${who.userId}`,
    async key() {
      await check();
      if (shared) return deps.settings.sharedKey ?? '';
      const key = await deps.vault?.key(who.teamId, who.userId);
      if (key) return key;
      // Asked again only on this path: a record kept that no data key opens is said apart from no record.
      const state = await deps.vault?.state(who.teamId, who.userId);
      throw state?.state === 'must-renew' ? new ConnectionMustBeRenewedError() : new NotConnectedError();
    },
    async check() {
      await check();
    },
    async label() {
      const facts = await check();
      return { name: facts.name, ...(facts.email ? { email: facts.email } : {}) };
    },
  };
}
