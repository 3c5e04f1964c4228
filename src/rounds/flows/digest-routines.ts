/**
 * What the shift digest asks of rounds (one call from src/alerts/engine/digest-run.ts): for a channel, a site and
 * the shift [from, to) — the rounds of that site done and missed in it, and, at a shift change, the channel's
 * handover for it (marked as presented: its acceptance is then awaited and reminded) and whether the previous one
 * was accepted. The workspace is the one the channel's rounds or handover were set up in.
 */
import type { Store } from '../../store/store.ts';
import { renderDigestRoutines, type DigestRoutines } from '../render/handover-render.ts';
import type { Rendered } from '../render/round-post.ts';
import type { RoundsStore } from '../service/rounds-store.ts';

export interface DigestQuery {
  channel: string;
  siteId: string;
  from: number;
  to: number;
  onDemand: boolean;
}

export type DigestRoutinesSource = (q: DigestQuery) => Promise<Rendered | undefined>;

export function digestRoutines(deps: {
  rounds: RoundsStore;
  store: Store;
  clock: { now(): number };
}): DigestRoutinesSource {
  return async (q) => {
    const ws = await deps.rounds.workspaceOf(q.channel);
    if (!ws) return undefined;
    const rounds: DigestRoutines['rounds'] = [];
    for (const def of await deps.rounds.rounds(ws)) {
      if (def.siteId !== q.siteId) continue;
      const runs = Object.values(await deps.rounds.runs(ws, def.id))
        .filter((r) => r.slot >= q.from && r.slot < q.to)
        .sort((a, b) => a.slot - b.slot);
      if (runs.length === 0) continue;
      const end = q.onDemand ? deps.clock.now() : q.to;
      const missed = runs.filter(
        (r) => (r.doneAt === undefined || r.doneAt > r.slot + def.windowMs) && r.slot + def.windowMs <= end,
      );
      rounds.push({ def, runs, missed });
    }
    const setting = await deps.rounds.handover(ws, q.channel, q.siteId);
    let current;
    let previous;
    if (setting && !q.onDemand) {
      current = await deps.rounds.updateRecord(ws, q.channel, q.siteId, q.to, (r) =>
        r.presentedAt ? r : { ...r, presentedAt: deps.clock.now() },
      );
      previous = await deps.rounds.record(ws, q.channel, q.siteId, q.from);
    }
    return renderDigestRoutines({
      change: q.onDemand ? null : q.to,
      zone: setting?.zone ?? rounds[0]?.def.zone ?? null,
      setting,
      current,
      previous: previous?.presentedAt ? previous : undefined,
      rounds,
    });
  };
}
