/**
 * Starts the relays (poller + deliverer, one per platform connection: ./relay-manager.ts) under their leases and
 * registers their shutdown. Every replica runs this; only a relay's lease holder polls and writes to Slack (it
 * checks `isLeader()` before each cycle and `fence()` before every Slack write), so a replica that loses a lease
 * stops that relay at once and a follower that gains it resumes from the shared store.
 */
import type { Lifecycle } from '../../base/lifecycle.ts';
import type { WorkspaceKey } from '../../kit/workspace.ts';
import { createAlertLeases } from './leadership.ts';
import {
  createRelayManager,
  type AlertSlackTarget,
  type RelayManager,
  type RelayManagerDeps,
  type RelayManagerOptions,
} from './relay-manager.ts';

export type { AlertSlackTarget } from './relay-manager.ts';

export interface AlertBackgroundOptions {
  /** The environment's bot token: the default relay's Slack. */
  slack: AlertSlackTarget;
  /**
   * How a workspace with its own connection reaches Slack (its installation's bot token); undefined: the
   * environment's token.
   */
  slackFor?(workspace: WorkspaceKey): Promise<AlertSlackTarget | undefined>;
  /** With many workspaces (OAuth): the installed ones. */
  installed?(): Promise<WorkspaceKey[]>;
  /** Tests and the bench: timing of the managers' polls and engines. */
  manager?: Partial<Pick<RelayManagerOptions, 'refreshMs' | 'concurrency' | 'engine'>>;
}

export async function startAlertBackground(
  deps: RelayManagerDeps,
  opts: AlertBackgroundOptions,
  lifecycle: Lifecycle,
): Promise<RelayManager> {
  const log = deps.log.child({ module: 'leadership' });
  const leases = await createAlertLeases(deps.config, log);
  const manager = createRelayManager(deps, {
    leases,
    async slackFor(workspace) {
      if (workspace === undefined) return opts.slack;
      return (await opts.slackFor?.(workspace)) ?? opts.slack;
    },
    ...(opts.installed ? { installed: opts.installed } : {}),
    ...opts.manager,
  });
  // Stops run in reverse order of registration within a phase: the relays (and their leases) first, then the
  // lease connection.
  lifecycle.onStop('resources', 'relay lease connection', () => leases.close());
  lifecycle.onStop('work', 'relays', () => manager.stop());
  await manager.start();
  return manager;
}
