/**
 * The rounds feature (issue 40, "Rounds" and "A handover the next shift accepts"): rounds — a form, or a meter's
 * metrics, due at set times in the site's own time zone — posted with Start where they belong, their values checked
 * against limits, reminded once when not done; and a handover per channel and site that the outgoing lead fills in
 * before the shift change and the next shift accepts on the digest. Built on the forms feature (a form's modal, one
 * reading with the person's own key). `registerRounds` registers the listeners; the composition root starts the
 * scheduler (`startRoundsScheduler`), wires the digest's routines section (`createDigestRoutines`) and removes a
 * workspace's rounds when it leaves (`removeRoundsWorkspace`). Other features import rounds from this file only.
 */
import type { Deps } from '../base/deps.ts';
import type { Lifecycle } from '../base/lifecycle.ts';
import type { ListenerApp } from '../kit/entry.ts';
import type { Store } from '../store/store.ts';
import { createFormsService } from '../forms/index.ts';
import { createRoundsStore } from './service/rounds-store.ts';
import {
  createRoundsScheduler,
  type RoundsScheduler,
  type RoundsSchedulerOptions,
} from './flows/scheduler.ts';
import { digestRoutines, type DigestRoutinesSource } from './flows/digest-routines.ts';
import { roundsHomeBlocks } from './flows/home-rounds.ts';
import type { RoundsDeps } from './flows/rounds-deps.ts';
import { roundCommand } from './slack/command-round.ts';
import { roundStart } from './slack/action-round-start.ts';
import { roundSubmit } from './slack/view-round-submit.ts';
import { roundTask } from './slack/action-round-task.ts';
import { handoverCommand } from './slack/command-handover.ts';
import { handoverFill } from './slack/action-handover-fill.ts';
import { handoverSubmit } from './slack/view-handover-submit.ts';
import { handoverAccept } from './slack/action-handover-accept.ts';

export { COMMANDS, ROUND_HELP, HANDOVER_HELP } from './render/rounds-help.ts';
export { ROUND_ACTION, ROUND_VIEW } from './render/round-ids.ts';
export type { DigestQuery, DigestRoutinesSource } from './flows/digest-routines.ts';
export type { RoundsScheduler, RoundsSchedulerOptions, TickReport } from './flows/scheduler.ts';

export function registerRounds(app: ListenerApp, deps: Deps): void {
  const roundsDeps: RoundsDeps = {
    ...deps,
    rounds: createRoundsStore(deps.store),
    forms: createFormsService(deps),
  };
  app.entry(roundCommand(roundsDeps));
  app.entry(roundStart(roundsDeps));
  app.entry(roundSubmit(roundsDeps));
  app.entry(roundTask(roundsDeps));
  app.entry(handoverCommand(roundsDeps));
  app.entry(handoverFill(roundsDeps));
  app.entry(handoverSubmit(roundsDeps));
  app.entry(handoverAccept(roundsDeps));
}

/** A scheduler over `deps` (not started): tests tick it by hand. */
export function createScheduler(
  deps: Pick<Deps, 'store' | 'clock' | 'log'> & Partial<Pick<Deps, 'connections'>>,
  opts: RoundsSchedulerOptions,
): RoundsScheduler {
  const { connections } = deps;
  return createRoundsScheduler(
    {
      store: deps.store,
      clock: deps.clock,
      log: deps.log,
      rounds: createRoundsStore(deps.store),
      ...(connections ? { relayStore: (ws: string) => connections.relayRoot(ws) } : {}),
    },
    opts,
  );
}

/** Every replica runs it: due slots are claimed in the store, so exactly one replica posts each. */
export function startRoundsScheduler(
  deps: Pick<Deps, 'store' | 'clock' | 'log'> & Partial<Pick<Deps, 'connections'>>,
  opts: RoundsSchedulerOptions,
  lifecycle: Pick<Lifecycle, 'onStop'>,
): RoundsScheduler {
  const scheduler = createScheduler(deps, opts);
  lifecycle.onStop('work', 'rounds scheduler', () => scheduler.stop());
  scheduler.start();
  return scheduler;
}

/** For the shift digest: a channel's rounds and handover in a shift (src/alerts/engine/digest-run.ts). */
export function createDigestRoutines(deps: { store: Store; clock: { now(): number } }): DigestRoutinesSource {
  return digestRoutines({ rounds: createRoundsStore(deps.store), store: deps.store, clock: deps.clock });
}

/** App Home's rounds section of a workspace (empty when it has none). */
export function roundsHome(deps: Pick<Deps, 'store' | 'clock'>, workspace: string | undefined) {
  return roundsHomeBlocks({ rounds: createRoundsStore(deps.store), clock: deps.clock }, workspace);
}

/** A workspace left: its rounds, runs, values out of limits and handovers are deleted. */
export async function removeRoundsWorkspace(store: Store, workspace: string): Promise<void> {
  await createRoundsStore(store).removeWorkspace(workspace);
}

/**
 * The limits the workspace's rounds set for one metric of a data source (issue 41: the "Record a reading" step
 * says whether a value is out of a round's range). Empty when no round reads it.
 */
export async function roundLimitsFor(
  store: Store,
  workspace: string,
  sourceId: string,
  metricId: string,
): Promise<{ min: number | null; max: number | null; round: string }[]> {
  const rounds = await createRoundsStore(store).rounds(workspace);
  return rounds
    .filter((r) => r.sourceId === sourceId)
    .flatMap((r) =>
      r.limits
        .filter((l) => l.metricId === metricId)
        .map((l) => ({ min: l.min, max: l.max, round: r.sourceName })),
    );
}
