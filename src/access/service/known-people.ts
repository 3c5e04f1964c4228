/**
 * A platform user fieldline already learned, by id: the directory keeps every task assignee it (and the relay, which
 * sees every site) met in the store, email → assignee, shared by every replica (src/directory/people.ts). Read-only
 * here; used when the key being checked cannot see a task of its own user to show their email.
 */
import type { Assignee } from '../../monitoring/api.ts';
import type { Store } from '../../store/store.ts';

/** src/directory/people.ts: PEOPLE_KEY in its 'directory' namespace. */
const PEOPLE = 'people';

export function knownPeople(store: Store): (id: string) => Promise<Assignee | undefined> {
  const directory = store.namespace('directory');
  return async (id) => {
    const people = await directory.get<Record<string, Assignee>>(PEOPLE);
    return Object.values(people ?? {}).find((p) => p.id === id);
  };
}
