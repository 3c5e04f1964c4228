/**
 * Which browser tab a modal belongs to. Slack shows a modal in the client whose click carried the trigger_id it
 * was opened with, not in every window of that person; the console does the same per tab. Each page names
 * itself with a random tab id; a request from it gets a trigger_id issued here (so it is known before the app
 * answers — an app may open the modal before its ack), and the views.open that exchanges that trigger makes
 * the tab the owner of the whole stack (pushed and updated views keep their root's owner).
 */
import type { Standin } from '../index.ts';
import { isJsonObject } from '../methods/context.ts';
import type { RecordedCall, StoredView } from '../types.ts';

/** A trigger_id lives 3 s (triggers.ts); the tab it came from is kept a little longer, then forgotten. */
const KEEP_TRIGGER_MS = 10_000;

export class ModalOwners {
  private readonly tabOfTrigger = new Map<string, { tab: string; at: number }>();
  /** root view id → tab (null: opened with a trigger that came from no tab, e.g. the CLI or a test) */
  private readonly tabOfRoot = new Map<string, string | null>();

  constructor(private readonly standin: Standin) {}

  /** A trigger_id for `user`'s request from `tab`; undefined without a tab (the driver issues one itself). */
  trigger(user: string, tab: string | undefined): string | undefined {
    if (tab === undefined) return undefined;
    const now = Date.now();
    for (const [id, t] of this.tabOfTrigger) if (now - t.at > KEEP_TRIGGER_MS) this.tabOfTrigger.delete(id);
    const id = this.standin.issueTriggerId(user);
    this.tabOfTrigger.set(id, { tab, at: now });
    return id;
  }

  /** Learns the owner of a stack from a views.open call; true when one was learned. */
  noteCall(call: RecordedCall): boolean {
    if (call.method !== 'views.open' || call.response.ok !== true) return false;
    const view = call.response.view;
    if (!isJsonObject(view) || typeof view.root_view_id !== 'string') return false;
    const trigger = typeof call.args.trigger_id === 'string' ? call.args.trigger_id : '';
    this.tabOfRoot.set(view.root_view_id, this.tabOfTrigger.get(trigger)?.tab ?? null);
    this.tabOfTrigger.delete(trigger);
    return true;
  }

  /** The tab a modal shows in: a tab id, null for every tab of its person, undefined while not known yet. */
  tabOf(view: StoredView): string | null | undefined {
    if (view.type !== 'modal') return null;
    return this.tabOfRoot.get(view.root_view_id);
  }

  /** A closed root ends its stack's ownership. */
  closed(view: StoredView): void {
    if (view.id === view.root_view_id) this.tabOfRoot.delete(view.id);
  }

  clear(): void {
    this.tabOfTrigger.clear();
    this.tabOfRoot.clear();
  }
}
