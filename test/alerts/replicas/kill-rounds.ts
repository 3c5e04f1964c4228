/**
 * Repeated leader loss: each round changes the platform (a task created, the previous round's task put on
 * hold, a sensor falling silent), kills the relay leader with SIGKILL while one of its platform calls is in
 * flight, measures how long until another replica polls, and starts a replacement replica. At the end every
 * change must have reached Slack; duplicates are counted.
 */
import { waitFor } from '../../harness.ts';
import type { ReplicaBed } from './replica-bed.ts';
import { ALERTS_CHANNEL, botMessages, isParent, settled, SITE_ID, TASKS_CHANNEL } from './relay-setup.ts';

export interface KillResult {
  /** Per kill: ms from SIGKILL to the first poll by another replica. */
  handoverMs: number[];
  /** Events never delivered. */
  missing: string[];
  /** Events delivered more than once (label × count). */
  duplicates: string[];
}

interface Expectation {
  label: string;
  count(): number;
}

export async function runKillRounds(bed: ReplicaBed, opts: { kills: number }): Promise<KillResult> {
  const admin = bed.sandbox.admin;
  const sensors = admin.state.sources.filter((s) => s.siteId === SITE_ID && s.applyingId === 1);
  if (sensors.length < opts.kills + 1) throw new Error('the seed has too few sensors at the test site');
  const expected: Expectation[] = [];
  const parents = (channel: string) => botMessages(bed, channel).filter(isParent);
  const handoverMs: number[] = [];
  let previous: { id: string; name: string } | undefined;

  for (let round = 0; round <= opts.kills; round++) {
    const name = `Replica round ${round} valve`;
    const id = admin.createTask({ name, siteId: SITE_ID });
    expected.push({
      label: `task created: ${name}`,
      count: () => parents(TASKS_CHANNEL).filter((m) => m.text.startsWith(`Task: ${name} (`)).length,
    });
    if (previous) {
      const before = previous;
      admin.updateTask(before.id, { statusId: '10' });
      expected.push({
        label: `task status: ${before.name}`,
        count: () =>
          botMessages(bed, TASKS_CHANNEL).filter((m) => !isParent(m) && m.text.startsWith(`${before.name}: `))
            .length,
      });
    }
    const sensor = sensors[round]!;
    admin.setLastReadingAge(sensor.id, 2 * 3600);
    expected.push({
      label: `alert raised: ${sensor.name}`,
      count: () => parents(ALERTS_CHANNEL).filter((m) => m.text.includes(sensor.name)).length,
    });
    previous = { id, name };
    if (round === opts.kills) break;

    const leader = await bed.leader();
    // Mid-cycle: one of the leader's platform calls is in flight (each takes the proxy's delay).
    await waitFor(() => bed.proxyOf(leader).inFlight() > 0, { timeoutMs: 10_000, intervalMs: 2 });
    const killedAt = Date.now();
    await leader.kill('SIGKILL');
    const firstPoll = await waitFor(
      () => {
        const polls = bed
          .alive()
          .flatMap((r) => bed.proxyOf(r).polls(killedAt))
          .sort((x, y) => x.at - y.at);
        return polls[0];
      },
      { timeoutMs: 20_000, intervalMs: 5, message: 'another replica polls after the kill' },
    ).catch((err: unknown) => {
      // Say what the survivors were doing: their last log lines.
      const state = bed.alive().map(
        (r) =>
          `${r.name}: ${r.logs
            .slice(-5)
            .map((l) => l.msg)
            .join(' | ')}`,
      );
      throw new Error(`no handover after the kill (${state.join('; ')})`, { cause: err });
    });
    handoverMs.push(firstPoll.at - killedAt);
    await bed.spawn(`replacement-${round}`);
  }

  try {
    await waitFor(() => expected.every((e) => e.count() >= 1), { timeoutMs: 30_000, intervalMs: 100 });
  } catch {
    // Reported below as missing.
  }
  await settled(bed, 30_000);
  return {
    handoverMs,
    missing: expected.filter((e) => e.count() === 0).map((e) => e.label),
    duplicates: expected.filter((e) => e.count() > 1).map((e) => `${e.label} ×${e.count()}`),
  };
}
