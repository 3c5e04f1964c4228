/**
 * trigger_id bookkeeping. Slack: "trigger_id … expires in 3 seconds" and can be exchanged for a view once.
 */
import { randomBytes } from 'node:crypto';

export const TRIGGER_TTL_MS = 3000;

export interface TriggerContext {
  user: string;
  issuedAt: number;
  used: boolean;
}

export type TriggerCheck = { ok: true; context: TriggerContext } | { ok: false; error: string };

export class TriggerRegistry {
  private readonly triggers = new Map<string, TriggerContext>();

  constructor(private readonly now: () => number) {}

  /** A fresh trigger id shaped like Slack's (`<seconds>.<number>.<hex>`). */
  issue(user: string): string {
    const issuedAt = this.now();
    const id = `${Math.floor(issuedAt / 1000)}.${Math.floor(Math.random() * 1e12)}.${randomBytes(16).toString('hex')}`;
    this.triggers.set(id, { user, issuedAt, used: false });
    return id;
  }

  /** Exchange a trigger for a view: once, within 3 s. */
  consume(triggerId: unknown): TriggerCheck {
    if (typeof triggerId !== 'string' || triggerId === '') return { ok: false, error: 'invalid_arguments' };
    const context = this.triggers.get(triggerId);
    if (!context) return { ok: false, error: 'invalid_trigger_id' };
    if (context.used) return { ok: false, error: 'exchanged_trigger_id' };
    if (this.now() - context.issuedAt > TRIGGER_TTL_MS) return { ok: false, error: 'expired_trigger_id' };
    context.used = true;
    return { ok: true, context };
  }
}
