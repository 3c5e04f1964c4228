/**
 * The access feature: every action is done as a known platform user, within that user's rights.
 *
 * - `createAccess` builds what the rest of fieldline needs: the person-bound key source for the monitoring client,
 *   the cache scope, the vault of people's keys (encrypted), the people facts, the admin check.
 * - `registerAccess` installs the gate (a global middleware, before every listener), the access events (user_change,
 *   tokens_revoked, app_uninstalled: applied within seconds) and the connect/disconnect surfaces.
 * See README "Access and permissions".
 */
import type { BlockAction } from '@slack/bolt';
import type { ListenerApp } from '../kit/entry.ts';
import type { WebClient } from '@slack/web-api';
import type { AccessConfig } from '../base/config.ts';
import type { Directory } from '../directory/index.ts';
import type { Logger } from '../base/log.ts';
import type { MonitoringApi } from '../monitoring/api.ts';
import type { Store } from '../store/store.ts';
import type { HomeAccessState } from './render/connect.ts';
import { ACCESS_ACTION, ACCESS_VIEW } from './render/ids.ts';
import { isChannelAdmin } from './rules/person-gate.ts';
import { actingPerson } from './service/acting.ts';
import { attributeWrites } from './service/attribution.ts';
import { explainPersonKeyErrors } from './service/key-errors.ts';
import { createKeyVault, type KeyVault, type LinkState } from './service/key-vault.ts';
import { createKeyOwnerExceptions, type KeyOwnerExceptions } from './service/key-owner-exceptions.ts';
import type { AccessDeps } from './gate/acting-person.ts';
import { registerAccessEvents } from './gate/access-events.ts';
import { freshNearCache } from './gate/fresh-cache.ts';
import { readRevoked } from './gate/slack-revoked.ts';
import { handleConnectClick } from './slack/action-connect.ts';
import { disconnect } from './slack/action-disconnect.ts';
import { connectSubmit } from './slack/view-connect-submit.ts';
import { accessGate } from './gate/gate-middleware.ts';
import { createPersonDirectory } from './gate/person-facts.ts';
import { installedInByToken } from './gate/installed-in.ts';

export {
  actAs,
  actingPerson,
  actingPersonKey,
  actingScope,
  actingWorkspace,
  ensureAllowed,
  NoActingPersonError,
} from './service/acting.ts';
export type { ActingPerson, PersonLabel } from './service/acting.ts';
export { actingPersonFor } from './gate/acting-person.ts';
export {
  AccessRefusedError,
  ConnectionMustBeRenewedError,
  MUST_RENEW_TEXT,
  NotConnectedError,
  isAccessError,
} from './service/errors.ts';
export { parseEncryptionKey, type KeyVault, type LinkInfo, type LinkState } from './service/key-vault.ts';
export { connectButton, homeAccessBlocks, type HomeAccessState } from './render/connect.ts';
export { KEY_CHECK_TASK_NAME } from './service/key-owner.ts';
export type { KeyOwnerException, KeyOwnerExceptions } from './service/key-owner-exceptions.ts';
export { REVOKED_TEXT } from './gate/slack-revoked.ts';
export { ACCESS_ACTION } from './render/ids.ts';
export { refusalFor, refusalText, type PersonFacts, type Refusal } from './rules/person-gate.ts';

/** Inputs whose values are secrets (the pasted platform key): the runtime leaves them out of what it hashes or keeps. */
export const ACCESS_SECRET_INPUTS: readonly string[] = [ACCESS_VIEW.keyInput];

const NEAR_CACHE_MS = 30_000;
/** How often each thread asks the store whether access changed (an access event): "within seconds". */
const CHANGE_CHECK_MS = 1_000;

export interface Access {
  deps: AccessDeps;
  vault: KeyVault | null;
  /**
   * The person-bound client: in shared mode it names the acting person in what it writes; in linked mode a 403 on
   * the person's own key tells them to connect again.
   */
  decorate(api: MonitoringApi): MonitoringApi;
  /** What App Home shows about the person's platform account: connected, not connected, must be renewed, shared. */
  homeState(teamId: string, userId: string): Promise<HomeAccessState>;
  /**
   * Where the person's connection stands, "must-renew" included (a key kept that no data key opens: show "your
   * connection must be renewed", MUST_RENEW_TEXT, with the connect button). Shared mode has no connections.
   */
  linkState(teamId: string, userId: string): Promise<LinkState | { state: 'shared' }>;
  /** Workspace admin/owner or member of FIELDLINE_ADMIN_GROUP (checked for the acting person). */
  mayConfigureChannels(client: WebClient): Promise<boolean>;
  /**
   * Admin-approved exceptions to "a connected key is its connector's own" (recorded in the store and logged, no
   * secret); nothing in Slack grants one yet: an operator's script or a future admin command calls `approve`.
   */
  keyOwners: KeyOwnerExceptions;
  /**
   * True while Slack has withdrawn fieldline's token (tokens_revoked for the bot, app_uninstalled): what posts to
   * Slack on its own (the relay) holds back; requests are refused by the gate meanwhile.
   */
  slackRevoked(): Promise<boolean>;
}

/** What registerAccess needs of an Access beyond its public face. */
interface Internals {
  raw: Store;
  /** Installed with OAuth: the installs feature handles tokens_revoked / app_uninstalled per installation. */
  perInstallation: boolean;
  changed(): Promise<void>;
  now(): number;
}
const internals = new WeakMap<Access, Internals>();

export function createAccess(opts: {
  config: AccessConfig;
  /** Shared mode only. */
  sharedKey?: string;
  store: Store;
  now: () => number;
  /** Where the vault reports a record no known data key opens. */
  log?: Logger;
  /**
   * Installed with OAuth (issue 39): Slack withdrawing one installation's token removes that installation (the
   * installs feature), instead of refusing every request as with the one token from the environment.
   */
  perInstallation?: boolean;
}): Access {
  const { config } = opts;
  const vault =
    config.mode === 'linked' && config.encryptionKey
      ? createKeyVault({
          store: opts.store,
          dataKey: config.encryptionKey,
          previousKeys: config.previousEncryptionKeys,
          now: opts.now,
          ...(opts.log ? { log: opts.log } : {}),
        })
      : null;
  // The gate's remembered decisions and people's Slack facts are read for every request (on receipt and again by
  // its job): this thread answers from memory what it read or wrote in the last 30 s — unless an access event was
  // recorded since, anywhere (checked once a second). The store keeps them for minutes and is what threads and
  // replicas share.
  const cache = freshNearCache(opts.store, {
    ttlMs: NEAR_CACHE_MS,
    max: 20_000,
    now: opts.now,
    checkMs: CHANGE_CHECK_MS,
  });
  const memo = cache.store;
  const deps: AccessDeps = {
    store: memo,
    // Admin-group membership (channel configuration only) is read from the store each time.
    people: createPersonDirectory({ store: opts.store, factsStore: memo, adminGroup: config.adminGroup }),
    vault,
    settings: {
      mode: config.mode,
      allowGuests: config.allowGuests,
      ...(opts.sharedKey ? { sharedKey: opts.sharedKey } : {}),
    },
    // The bot token's own installation: asked once per token (one per process with SLACK_BOT_TOKEN).
    installation: installedInByToken(),
  };
  const access: Access = {
    deps,
    vault,
    keyOwners: createKeyOwnerExceptions({
      store: opts.store,
      now: opts.now,
      ...(opts.log ? { log: opts.log } : {}),
    }),
    slackRevoked: async () => (await readRevoked(memo)) !== undefined,
    decorate(api) {
      if (config.mode !== 'shared') return explainPersonKeyErrors(api);
      return attributeWrites(api, async () => {
        const person = actingPerson();
        return person ? person.label() : { name: 'an unknown Slack user' };
      });
    },
    async homeState(teamId, userId) {
      const link = await access.linkState(teamId, userId);
      if (link.state === 'shared') return { mode: 'shared' };
      if (link.state === 'must-renew') return { mode: 'must-renew' };
      return { mode: 'linked', info: link.state === 'connected' ? link.info : null };
    },
    async linkState(teamId, userId) {
      if (config.mode === 'shared') return { state: 'shared' };
      return (await vault?.state(teamId, userId)) ?? { state: 'not-connected' };
    },
    async mayConfigureChannels(client) {
      const person = actingPerson();
      if (!person) return false;
      // The request's own check (memoized, with the request's user team) decides whether they may act at all;
      // checking again here would redo it and lose the Slack Connect test. Then the cached users.info facts.
      await person.check();
      const facts = await deps.people.facts(client, person.teamId, person.userId);
      return isChannelAdmin(facts, await deps.people.inAdminGroup(client, person.userId));
    },
  };
  internals.set(access, {
    raw: opts.store,
    changed: () => cache.changed(),
    now: opts.now,
    perInstallation: opts.perInstallation === true,
  });
  return access;
}

export interface RegisterAccessDeps {
  access: Access;
  log: Logger;
  directory: Directory;
  clientWithKey(key: string): MonitoringApi;
  onLinkChanged(client: WebClient, userId: string): Promise<void>;
}

/** Installs the gate first (so it runs before every listener), then the access events and connect surfaces. */
export function registerAccess(app: ListenerApp, deps: RegisterAccessDeps): void {
  const inner = internals.get(deps.access);
  if (!inner) throw new Error('registerAccess needs an Access made by createAccess');
  const connectDeps = {
    ...deps.access.deps,
    keyOwners: deps.access.keyOwners,
    // The acting workspace's people (issue 39: user ids are each platform's own).
    knownPeople: (id: string) => deps.directory.people.byId(id),
    ...deps,
  };
  app.use(accessGate({ ...deps.access.deps, log: deps.log, changed: inner.changed }));
  registerAccessEvents(app, { ...deps.access.deps, ...inner, log: deps.log });
  app.action<BlockAction>({ type: 'block_actions', action_id: ACCESS_ACTION.connect }, (args) =>
    handleConnectClick(args, connectDeps),
  );
  app.entry(disconnect(connectDeps));
  app.entry(connectSubmit(connectDeps));
}
