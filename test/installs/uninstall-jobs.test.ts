/**
 * Leaving cleanly (issue 39), end to end: Slack's `app_uninstalled` for an installation deletes its jobs still
 * waiting in the queue (not only dropping them when they run), through the onRemoved handler main.ts registers
 * (src/runtime/jobs/installation-jobs.ts); an organisation's uninstall deletes those of every workspace it served
 * org-wide; the other installations' jobs all run.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, waitFor, type Harness } from '../harness.ts';
import { JOB_RUN_KEY } from '../../src/kit/request-context.ts';
import { removeInstallationJobs } from '../../src/runtime/jobs/installation-jobs.ts';
import { TEAM } from '../../src/slack-standin/index.ts';
import { installThroughStandin } from './install-helpers.ts';

let h: Harness;
let openGate!: () => void;
const HOLD = 'test.hold';
beforeAll(async () => {
  // One worker: while the first job is held at the gate, every other job waits in the queue.
  h = await startHarness({ oauth: {}, jobs: { concurrency: 1 } });
  for (const choice of ['T0SOUTH', 'E0ACME'])
    expect((await installThroughStandin(h, choice)).status).toBe(200);
  const vault = h.deps.access.vault;
  for (const team of ['T0SOUTH', 'T0LYON']) await vault?.save(team, 'U0ANA', `key-${team}-ana`);
  await vault?.save('T0SOUTH', 'U0BEN', 'key-T0SOUTH-ben');
  // As main.ts wires it.
  h.deps.installs.onRemoved((key) => removeInstallationJobs(h.app.jobs, key, h.deps.log));
  const gate = new Promise<void>((resolve) => (openGate = resolve));
  // Declared jobs never reach middleware added after the features'; an undeclared one does, and is held there.
  h.app.app.use(async ({ context, next }) => {
    if ((context[JOB_RUN_KEY] as { kind?: string } | undefined)?.kind === HOLD) await gate;
    await next();
  });
});
afterAll(async () => {
  openGate();
  await h.stop();
});

/** Opens the Home tab of `user` in workspace `team` (a `home.opened` job each). */
async function openHome(team: string, user: string): Promise<void> {
  h.standin.workspaces?.use(team);
  try {
    expect((await h.driver.appHomeOpened({ user })).status).toBe(200);
  } finally {
    h.standin.workspaces?.use(TEAM.id);
  }
}

/** Occupies the one worker with a job of the seeded workspace until the gate opens. */
async function holdTheWorker(): Promise<void> {
  const body = {
    type: 'event_callback',
    team_id: TEAM.id,
    api_app_id: 'A0FIELD',
    event: { type: 'test_hold' },
    authorizations: [{ enterprise_id: null, team_id: TEAM.id, is_enterprise_install: false }],
  };
  const held = { id: 'held', kind: HOLD, body: JSON.stringify(body), acceptedAt: Date.now() };
  expect(await h.app.jobs.offer(HOLD, () => held)).toEqual({ kind: 'accepted', position: 0 });
  expect(h.app.jobs.load()).toEqual({ waiting: 0, running: 1 });
}

const removedLogs = () =>
  h.logs.filter((l) => l.msg === 'installation removed: its waiting jobs are deleted');

describe('an installation removed while its jobs wait', () => {
  it('deletes them; an organisation’s removal deletes those of its workspaces; the others run', async () => {
    await holdTheWorker();
    await openHome(TEAM.id, 'U0ANA');
    await openHome('T0SOUTH', 'U0ANA');
    await openHome('T0SOUTH', 'U0BEN');
    await openHome('T0LYON', 'U0ANA');
    await openHome(TEAM.id, 'U0BEN');
    await waitFor(() => h.app.jobs.load().waiting === 5);

    expect((await h.standin.uninstall('T0SOUTH')).status).toBe(200);
    await waitFor(() => removedLogs().length === 1);
    expect(removedLogs()[0]).toMatchObject({ workspace: 'T0SOUTH', removed: 2 });
    expect(h.app.jobs.load()).toEqual({ waiting: 3, running: 1 });

    expect((await h.standin.uninstall('E0ACME')).status).toBe(200);
    await waitFor(() => removedLogs().length === 2);
    expect(removedLogs()[1]).toMatchObject({ workspace: 'E0ACME', removed: 1 });
    expect(h.app.jobs.load()).toEqual({ waiting: 2, running: 1 });

    openGate();
    await h.app.whenIdle();
    // Only the seeded workspace's two jobs ran (a deleted job is never started, so never counted).
    const kinds = h.app.jobs.stats().kinds;
    expect(kinds['home.opened']).toMatchObject({ done: 2, failed: 0, waiting: 0, running: 0 });
    expect(kinds[HOLD]).toMatchObject({ done: 1, running: 0 });
  });
});
