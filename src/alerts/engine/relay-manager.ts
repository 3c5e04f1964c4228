/**
 * One relay per platform connection (issue 39). The default connection's relay (the environment's platform, or
 * the bot token's own workspace's connection) keeps the store's `relay` namespace and the `lease:relay` lease, so
 * running deployments carry on; every other workspace with a connection of its own gets a relay with its own
 * namespace, lease and fencing, subscriptions, digests, delivery pacing and backoff. Each relay runs its own loop:
 * a slow or failing platform only ever delays its own relay. Reads at once are bounded across relays, and a relay
 * waiting out a backoff holds no place.
 *
 * The manager follows the connections (a change on any replica bumps their version, polled every `refreshMs`):
 * it starts, restarts (URL, key or Slack token changed) and stops relays. `remove` is for a workspace that left:
 * its relay stops at once and its records and connection are deleted.
 */
import { createHash } from 'node:crypto';
import PQueue from 'p-queue';
import type { WebClient } from '@slack/web-api';
import type { Deps } from '../../base/deps.ts';
import type { WorkspaceKey } from '../../kit/workspace.ts';
import type { PlatformConnection } from '../../connections/index.ts';
import { createDirectory } from '../../directory/index.ts';
import type { Store } from '../../store/store.ts';
import {
  createAlertEngine,
  createAlertWebClient,
  type AlertEngine,
  type CreateAlertEngineOptions,
} from './alert-engine.ts';
import type { AlertLeases } from './leadership.ts';
import { wipeRelay } from './relay-wipe.ts';

export interface AlertSlackTarget {
  botToken: string;
  /** Web API base ending in `/`. */
  apiUrl: string;
}

/** What the manager needs of Deps (the relay acts for nobody: no person, no person-bound client). */
export type RelayManagerDeps = Pick<
  Deps,
  'config' | 'log' | 'store' | 'clock' | 'connections' | 'platformClients'
>;

export interface RelayManagerOptions {
  leases: AlertLeases;
  /** With many workspaces (OAuth): the installed ones (each but the bot token's own gets a relay of its own). */
  installed?(): Promise<WorkspaceKey[]>;
  /** How a workspace's relay reaches Slack (undefined: the default's); undefined: it cannot post (no relay). */
  slackFor(workspace: WorkspaceKey | undefined): Promise<AlertSlackTarget | undefined>;
  /** How often other replicas' connection changes are looked for. Default 2 s. */
  refreshMs?: number;
  /** Platform reads at once across relays. Default 16. */
  concurrency?: number;
  /** Extra engine options (tests and the bench: sleep, random, timing). */
  engine?: Partial<Pick<CreateAlertEngineOptions, 'options' | 'random' | 'sleep'>>;
}

interface Unit {
  /** undefined: the default relay. */
  workspace: WorkspaceKey | undefined;
  root: Store;
  connection: PlatformConnection;
  slack: AlertSlackTarget;
}

interface Running {
  unit: Unit;
  signature: string;
  engine: AlertEngine;
  stop(): Promise<void>;
}

export interface RelayManager {
  /** Starts the relays of every connection and follows changes. */
  start(): Promise<void>;
  /** Brings the running relays in line with the connections now (also done every `refreshMs`). */
  sync(): Promise<void>;
  /** A workspace left: stops its relay and deletes its relay records and its connection. */
  remove(workspace: WorkspaceKey): Promise<void>;
  /** The relay of a workspace with its own connection, or (undefined) the default relay. */
  engine(workspace?: WorkspaceKey): AlertEngine | undefined;
  /** Relays running: `default` and workspace keys. */
  running(): string[];
  stop(): Promise<void>;
}

const DEFAULT_ID = 'default';
const idOf = (workspace: WorkspaceKey | undefined) => workspace ?? DEFAULT_ID;
const digest = (text: string) => createHash('sha256').update(text).digest('base64url').slice(0, 16);

export function createRelayManager(deps: RelayManagerDeps, opts: RelayManagerOptions): RelayManager {
  const log = deps.log.child({ module: 'relay-manager' });
  const reads = new PQueue({ concurrency: opts.concurrency ?? 16 });
  const gate = <T>(run: () => Promise<T>): Promise<T> => reads.add(run, { throwOnTimeout: true });
  const running = new Map<string, Running>();
  const slackClients = new Map<string, WebClient>();
  let timer: NodeJS.Timeout | undefined;
  let seen = '';
  let syncing: Promise<void> = Promise.resolve();
  let stopped = false;

  function slackClient(target: AlertSlackTarget): WebClient {
    const id = `${target.apiUrl} ${digest(target.botToken)}`;
    let client = slackClients.get(id);
    if (!client) {
      client = createAlertWebClient({ token: target.botToken, apiUrl: target.apiUrl, log: deps.log });
      slackClients.set(id, client);
    }
    return client;
  }

  /** Every workspace with a relay of its own: installed (many workspaces) or with a connection of its own. */
  async function separate(): Promise<WorkspaceKey[]> {
    const { connections } = deps;
    if (!connections.multi) return [];
    const all = new Set([...((await opts.installed?.()) ?? []), ...(await connections.workspaces())]);
    const kept: WorkspaceKey[] = [];
    for (const workspace of all) if (!(await connections.usesDefaultRelay(workspace))) kept.push(workspace);
    return kept.sort();
  }

  async function desired(): Promise<Unit[]> {
    const { connections } = deps;
    const units: Unit[] = [];
    // One workspace: its connection (its own, else the environment's). Many: the bot token's own workspace's.
    const main = await connections.effective(await connections.home());
    const mainSlack = await opts.slackFor(undefined);
    if (main && mainSlack?.botToken)
      units.push({ workspace: undefined, root: deps.store, connection: main, slack: mainSlack });
    for (const workspace of await separate()) {
      const connection = await connections.effective(workspace);
      const slack = connection ? await opts.slackFor(workspace) : undefined;
      if (!connection || !slack?.botToken) continue;
      units.push({ workspace, root: await connections.relayRoot(workspace), connection, slack });
    }
    return units;
  }

  const signatureOf = (u: Unit) =>
    [u.connection.baseUrl, digest(u.connection.key), digest(u.slack.botToken), u.slack.apiUrl].join(' ');

  function launch(unit: Unit, signature: string): Running {
    const id = idOf(unit.workspace);
    const monitoring = deps.platformClients.shared(unit.connection);
    const scope = unit.workspace === undefined ? 'relay' : `relay:${unit.workspace}`;
    const base = {
      ...deps,
      store: unit.root,
      monitoring,
      sharedMonitoring: monitoring,
      scope: () => scope,
      log: unit.workspace === undefined ? deps.log : deps.log.child({ workspace: unit.workspace }),
    };
    const leadership = opts.leases.leadershipFor(unit.workspace);
    const engine = createAlertEngine(
      { ...base, directory: createDirectory(base, base.scope) },
      {
        slack: slackClient(unit.slack),
        leadership,
        gate,
        ...opts.engine,
        options: {
          pendingMs: deps.config.alertPendingSeconds * 1000,
          healthyMs: deps.config.alertHealthySeconds * 1000,
          ...opts.engine?.options,
        },
      },
    );
    let live = true;
    const elog = base.log.child({ module: 'leadership' });
    leadership.onChange((leader) => {
      elog.info(
        { leader: leader ? 'yes' : 'no', lease: leadership.token },
        `leader: ${leader ? 'yes' : 'no'}`,
      );
      if (!leader || !live) return;
      // A new leader polls now and resumes the outbox its predecessor left.
      void engine
        .runCycle()
        .then(() => engine.deliverNow())
        .catch((err: unknown) =>
          elog.warn(
            { err: err instanceof Error ? err.message : String(err) },
            'first cycle as leader failed',
          ),
        );
    });
    const started = leadership.start().then(() => {
      if (!live) return;
      engine.start();
      if (!leadership.isLeader()) elog.info({ leader: 'no', lease: leadership.token }, 'leader: no');
    });
    log.info({ relay: id, baseUrl: unit.connection.baseUrl }, 'relay started');
    return {
      unit,
      signature,
      engine,
      async stop() {
        live = false;
        await started.catch(() => undefined);
        await engine.stop();
        await leadership.stop();
        await deps.platformClients.release(unit.connection);
        log.info({ relay: id }, 'relay stopped');
      },
    };
  }

  /** What the relays follow: the connections' version and, with many workspaces, who is installed. */
  async function stateOf(): Promise<string> {
    const installed = deps.connections.multi ? ((await opts.installed?.()) ?? []) : [];
    return `${await deps.connections.version()} ${installed.length} ${digest(installed.join(','))}`;
  }

  async function syncNow(): Promise<void> {
    if (stopped) return;
    const state = await stateOf();
    const units = await desired();
    seen = state;
    const want = new Map(units.map((u) => [idOf(u.workspace), u]));
    const stops: Promise<void>[] = [];
    for (const [id, run] of running) {
      const unit = want.get(id);
      if (unit && run.signature === signatureOf(unit)) continue;
      running.delete(id);
      stops.push(run.stop());
    }
    await Promise.all(stops);
    for (const [id, unit] of want) {
      if (running.has(id) || stopped) continue;
      running.set(id, launch(unit, signatureOf(unit)));
    }
  }

  function sync(): Promise<void> {
    const next = syncing.then(syncNow, syncNow);
    syncing = next.catch((err: unknown) =>
      log.warn({ err: err instanceof Error ? err.message : String(err) }, 'relays not brought up to date'),
    );
    return next;
  }

  async function poll(): Promise<void> {
    try {
      if ((await stateOf()) !== seen) await sync();
    } catch (err) {
      log.debug({ err: err instanceof Error ? err.message : String(err) }, 'connection version unreadable');
    }
  }

  return {
    async start() {
      await sync();
      const every = opts.refreshMs ?? 2_000;
      const tick = () => {
        timer = setTimeout(() => void poll().finally(() => !stopped && tick()), every);
        timer.unref();
      };
      tick();
    },
    sync,
    async remove(workspace) {
      const ownRelay = !(await deps.connections.usesDefaultRelay(workspace));
      const multi = deps.connections.multi;
      const root = await deps.connections.relayRoot(workspace);
      // The connection goes first: every replica's manager sees it within `refreshMs` and stops that relay.
      await deps.connections.remove(workspace);
      const run = running.get(workspace);
      running.delete(workspace);
      await run?.stop();
      // With one workspace the default relay's records are that workspace's, kept as they were; with many, the
      // workspace's relay records are wiped — again once other replicas have had time to stop theirs (a write
      // they were finishing must not outlive the wipe).
      if (ownRelay || multi) {
        const deleted = await wipeRelay(root);
        log.info({ workspace, deleted }, 'workspace left: its relay records were deleted');
        const again = setTimeout(
          () => void wipeRelay(root).catch(() => undefined),
          2 * (opts.refreshMs ?? 2_000) + 1_000,
        );
        again.unref();
      }
      await sync();
    },
    engine: (workspace) => running.get(idOf(workspace))?.engine,
    running: () => [...running.keys()],
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await syncing;
      const all = [...running.values()];
      running.clear();
      await Promise.all(all.map((r) => r.stop()));
      reads.clear();
    },
  };
}
