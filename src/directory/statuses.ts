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
const KEY = 'task-statuses';
const LEARNED_TTL_MS = 30 * 24 * 3600_000;

/** "On Hold", "on-hold" and "ONHOLD" are the same status name; "Canceled" is Slack-side US spelling of it. */
export function statusKey(name: string): string {
  const k = name.toLowerCase().replace(/[^a-z0-9]/g, '');
  return k === 'canceled' ? 'cancelled' : k;
}

export interface StatusRegistryDeps {
  overrides: Record<string, string>;
  store: Store;
  /** Pages GET /tasks (bounded) feeding learn(); supplied by the directory. */
  scan(signal?: AbortSignal): Promise<void>;
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
      if (changed) void store.set(KEY, [...learned.values()], LEARNED_TTL_MS).catch(() => undefined);
      return changed;
    },
    async refresh(signal) {
      const shared = await store.get<TaskStatusInfo[]>(KEY);
      for (const s of shared ?? []) if (!learned.has(statusKey(s.name))) learned.set(statusKey(s.name), s);
      if (CANONICAL_STATUSES.some((name) => lookup(name) === undefined)) await deps.scan(signal);
    },
  };
  return registry;
}
