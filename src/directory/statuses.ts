/**
 * Task status registry. contract: "States and transitions" — 5 To Do and 25 Cancelled are named; On Hold and
 * Done occur but their ids are not given. So ids are learned from `{id, name}` pairs on tasks seen in GET /tasks,
 * configuration (TASK_STATUS_IDS) wins over what was learned, and an unknown name yields undefined: never a guess.
 */
import type { Task } from '../monitoring/api.ts';
import type { Store } from '../store/store.ts';
import type { StatusDirectory, TaskStatusInfo } from './types.ts';

/** The statuses the task card offers buttons for, in display order. */
export const CANONICAL_STATUSES = ['To Do', 'On Hold', 'Done', 'Cancelled'] as const;
const CONTRACT_STATUSES: Record<string, string> = { 'To Do': '5', Cancelled: '25' };
/** The record of learned pairs under a root's `directory:` namespace. */
export const STATUSES_KEY = 'task-statuses';
const LEARNED_TTL_MS = 30 * 24 * 3600_000;
/** While every canonical status is known, what other replicas learned is read from the store this often at most. */
const SHARED_READ_MS = 60_000;

/** Keys already worked out: every task of a list asks for its status name's key, and there are few names. */
const keys = new Map<string, string>();
const MAX_KEYS = 256;

/** "On Hold", "on-hold" and "ONHOLD" are the same status name; "Canceled" is Slack-side US spelling of it. */
export function statusKey(name: string): string {
  const known = keys.get(name);
  if (known !== undefined) return known;
  const k = name.toLowerCase().replace(/[^a-z0-9]/g, '');
  const key = k === 'canceled' ? 'cancelled' : k;
  if (keys.size >= MAX_KEYS) keys.clear();
  keys.set(name, key);
  return key;
}

/** The stored pairs with `mine` added; a name this replica learned wins over the stored one. Pure. */
function merged(shared: TaskStatusInfo[] | undefined, mine: TaskStatusInfo[]): TaskStatusInfo[] {
  const byKey = new Map((shared ?? []).map((s) => [statusKey(s.name), s]));
  for (const s of mine) byKey.set(statusKey(s.name), s);
  return [...byKey.values()];
}

export interface StatusRegistryDeps {
  overrides: Record<string, string>;
  store: Store;
  /** Pages GET /tasks (bounded) feeding learn(); supplied by the directory. */
  scan(signal?: AbortSignal): Promise<void>;
  now?: () => number;
}

export function createStatusRegistry(deps: StatusRegistryDeps): StatusDirectory {
  const store = deps.store.namespace('directory');
  const learned = new Map<string, TaskStatusInfo>();
  const overrides = new Map(
    Object.entries(deps.overrides).map(([name, id]) => [statusKey(name), { id, name }]),
  );
  const contract = new Map(
    Object.entries(CONTRACT_STATUSES).map(([name, id]) => [statusKey(name), { id, name }]),
  );

  const lookup = (name: string): TaskStatusInfo | undefined => {
    const k = statusKey(name);
    return overrides.get(k) ?? learned.get(k) ?? contract.get(k);
  };
  const complete = () => CANONICAL_STATUSES.every((name) => lookup(name) !== undefined);
  const now = deps.now ?? Date.now;
  let sharedReadAt = Number.NEGATIVE_INFINITY;

  function adopt(shared: TaskStatusInfo[] | undefined): void {
    for (const s of shared ?? []) if (!learned.has(statusKey(s.name))) learned.set(statusKey(s.name), s);
  }

  /**
   * Adds what this replica learned to what the store holds, in one atomic step (other replicas' pairs stay, and
   * so do those of a replica sharing at the same moment: issue 35), then adopts what the others had.
   */
  async function share(): Promise<void> {
    const mine = [...learned.values()];
    adopt(
      await store.update<TaskStatusInfo[]>(STATUSES_KEY, (shared) => merged(shared, mine), LEARNED_TTL_MS),
    );
  }

  const registry: StatusDirectory = {
    idFor: (name) => lookup(name)?.id,
    nameFor(id) {
      for (const map of [overrides, learned, contract])
        for (const s of map.values()) if (s.id === id) return s.name;
      return undefined;
    },
    all() {
      const out = new Map<string, TaskStatusInfo>();
      for (const map of [contract, learned, overrides]) for (const [k, s] of map) out.set(k, s);
      return [...out.values()].sort((a, b) => Number(a.id) - Number(b.id));
    },
    learn(tasks: Iterable<Pick<Task, 'status'>>) {
      let changed = false;
      for (const t of tasks) {
        const { id, name } = t.status;
        if (!id || !name) continue;
        const k = statusKey(name);
        if (learned.get(k)?.id === id) continue;
        learned.set(k, { id, name });
        changed = true;
      }
      if (changed) void share().catch(() => undefined);
      return changed;
    },
    async refresh(signal) {
      // Every card render asks: the store is read only when a status is missing, or now and then.
      if (complete() && now() - sharedReadAt < SHARED_READ_MS) return;
      sharedReadAt = now();
      adopt(await store.get<TaskStatusInfo[]>(STATUSES_KEY));
      if (!complete()) await deps.scan(signal);
    },
  };
  return registry;
}
