/**
 * Keys connected and removed through Slack, audited (issue 42) by wrapping the key vault's save and remove in
 * src/main/compose.ts: only inside a Slack request (a person connecting or disconnecting), so a test's or local
 * mode's seeding is not an audit entry. The key itself is never part of the entry.
 */
import type { AuditTrail } from './audit-trail.ts';
import { inSlackRequest } from './audit-place.ts';

interface Vault {
  save(teamId: string, userId: string, key: string, ...rest: never[]): Promise<unknown>;
  remove(teamId: string, userId: string): Promise<boolean>;
}

export function auditVault<V extends Vault>(vault: V, trail: AuditTrail): V {
  const save = vault.save.bind(vault);
  const remove = vault.remove.bind(vault);
  vault.save = (async (teamId: string, userId: string, key: string, ...rest: never[]) => {
    const saved = await save(teamId, userId, key, ...rest);
    if (inSlackRequest()) await trail.record('key.connected', {});
    return saved;
  }) as V['save'];
  vault.remove = async (teamId: string, userId: string) => {
    const removed = await remove(teamId, userId);
    if (removed && inSlackRequest()) await trail.record('key.removed', {});
    return removed;
  };
  return vault;
}
