/**
 * Half-filled forms: what a person typed into a form they closed, kept per installation (workspace key), person
 * and form until the end of their shift (../rules/shift-end.ts), and removed once the form is submitted. Written
 * with the store's atomic update (two closes of the same form at once leave one whole draft, never a mix).
 */
import type { Store } from '../../store/store.ts';
import type { Typed } from '../rules/form-values.ts';

export interface Draft {
  /** metric id → what the input held. */
  values: Record<string, Typed>;
  savedAt: number;
}

export interface Drafts {
  /** Keeps `values` until `untilMs` (nothing typed: removes any draft). */
  save(
    workspace: string,
    user: string,
    formId: string,
    values: Record<string, Typed>,
    nowMs: number,
    untilMs: number,
  ): Promise<void>;
  get(workspace: string, user: string, formId: string): Promise<Draft | undefined>;
  remove(workspace: string, user: string, formId: string): Promise<void>;
}

/** The store namespace of drafts: `form-drafts:<workspace key>:` — one prefix per installation. */
export const DRAFTS_NAMESPACE = 'form-drafts';

const keyOf = (user: string, formId: string) => `${user}:${formId}`;

export function createDrafts(store: Store): Drafts {
  const of = (workspace: string) => store.namespace(DRAFTS_NAMESPACE).namespace(workspace);
  return {
    async save(workspace, user, formId, values, nowMs, untilMs) {
      const typed = Object.fromEntries(Object.entries(values).filter(([, v]) => v !== null && v !== ''));
      const ttl = Math.max(1, untilMs - nowMs);
      await of(workspace).update<Draft>(
        keyOf(user, formId),
        () => (Object.keys(typed).length === 0 ? undefined : { values: typed, savedAt: nowMs }),
        ttl,
      );
    },
    get: (workspace, user, formId) => of(workspace).get<Draft>(keyOf(user, formId)),
    async remove(workspace, user, formId) {
      await of(workspace).delete(keyOf(user, formId));
    },
  };
}
