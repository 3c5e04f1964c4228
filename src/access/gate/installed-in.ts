/**
 * Which installation a bot token belongs to, for the gate's "our members" (issue 39): auth.test once per token and
 * thread. With one token from the environment that is one call per process, as before; installed with OAuth,
 * one per installation (and again after its token is rotated). An org-wide install's members are its whole
 * organisation; a workspace install's are its workspace and, on Enterprise Grid, its organisation.
 */
import type { WebClient } from '@slack/web-api';
import { z } from 'zod';
import type { InstalledIn } from '../rules/person-gate.ts';

const authTest = z.looseObject({
  team_id: z.string().nullish(),
  enterprise_id: z.string().nullish(),
  is_enterprise_install: z.boolean().nullish(),
});

/** Tokens remembered per thread; past this the memory starts again (one auth.test more per installation). */
const MAX_TOKENS = 2_000;

export function installedInByToken(): (client: WebClient) => Promise<InstalledIn> {
  const known = new Map<string, Promise<InstalledIn>>();
  return (client) => {
    const token = client.token ?? '';
    const found = known.get(token);
    if (found) return found;
    if (known.size >= MAX_TOKENS) known.clear();
    const asked = client.auth.test().then((raw) => {
      const r = authTest.parse(raw);
      const enterprise = r.enterprise_id || undefined;
      if (r.is_enterprise_install === true) return { installedEnterpriseId: enterprise };
      return {
        installedTeamId: r.team_id ?? '',
        ...(enterprise ? { installedEnterpriseId: enterprise } : {}),
      };
    });
    known.set(token, asked);
    // A failed auth.test is asked again by the next request.
    asked.catch(() => known.delete(token));
    return asked;
  };
}
