/** The Disconnect button: removing the key and republishing App Home are the job's work, after the ack. */
import { actionEntry, toWork } from '../../kit/entry.ts';
import { actingPerson } from '../service/acting.ts';
import { ACCESS_ACTION } from '../render/ids.ts';
import type { ConnectDeps } from './view-connect-submit.ts';

export const disconnect = (deps: Pick<ConnectDeps, 'vault' | 'log' | 'directory' | 'onLinkChanged'>) =>
  actionEntry<undefined>({
    match: { type: 'block_actions', action_id: ACCESS_ACTION.disconnect },
    kind: 'access.disconnect',
    receive: () => toWork(undefined),
    async work({ client }) {
      const person = actingPerson();
      if (!person || !deps.vault) return;
      await deps.vault.remove(person.teamId, person.userId);
      deps.directory.forget(person.scope);
      deps.log.info({ user: person.userId }, 'platform account disconnected');
      await deps.onLinkChanged(client, person.userId);
    },
  });
