/**
 * Where the acting workspace's relay keeps its state (issue 39): the store's own `relay` namespace for the
 * default connection (as before), a namespace of its own for a workspace with its own connection. Every Slack
 * surface that reads or changes subscriptions, digests, acknowledgements or snoozes goes through this.
 */
import type { Deps } from '../../base/deps.ts';
import type { Store } from '../../store/store.ts';
import { actingWorkspace } from '../../access/index.ts';

export type RelayRootDeps = Pick<Deps, 'store'> & Partial<Pick<Deps, 'connections'>>;

export function relayRoot(deps: RelayRootDeps): Promise<Store> {
  return deps.connections ? deps.connections.relayRoot(actingWorkspace()) : Promise.resolve(deps.store);
}
