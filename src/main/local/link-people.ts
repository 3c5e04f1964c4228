/**
 * Local mode links seeded Slack people to seeded platform users, so the console shows every access rule at once:
 * Ana acts with a key that sees every site, Ben with one that sees only Chicago Works; Gus (a guest) and Kai (from
 * a partner organisation) are refused; everyone else is asked to connect.
 */
import type { KeyVault } from '../../access/index.ts';
import { TEAM } from '../../slack-standin/index.ts';

export const LOCAL_LINKS = { ana: 'U0ANA', ben: 'U0BEN' } as const;

export async function linkLocalPeople(
  vault: KeyVault | null,
  keys: { ana: string; ben: string } | undefined,
): Promise<string[]> {
  if (!vault || !keys) return [];
  await vault.save(TEAM.id, LOCAL_LINKS.ana, keys.ana);
  await vault.save(TEAM.id, LOCAL_LINKS.ben, keys.ben);
  return [LOCAL_LINKS.ana, LOCAL_LINKS.ben];
}
