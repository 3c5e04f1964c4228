/**
 * Starts the relay (poller + deliverer) under the relay lease and registers its shutdown. Every replica runs
 * this; only the lease holder polls and writes to Slack (the relay checks `isLeader()` before each cycle and
 * `fence()` before every Slack write), so a replica that loses the lease stops at once and a follower that
 * gains it resumes from the shared store.
 */
import type { Deps } from '../../base/deps.ts';
import type { Lifecycle } from '../../base/lifecycle.ts';
import { createAlertEngine, createAlertWebClient, type AlertEngine } from './alert-engine.ts';
import { createAlertLeadership } from './leadership.ts';

export interface AlertSlackTarget {
  botToken: string;
  /** Web API base ending in `/`. */
  apiUrl: string;
}

export async function startAlertBackground(
  deps: Deps,
  slack: AlertSlackTarget,
  lifecycle: Lifecycle,
): Promise<AlertEngine> {
  const log = deps.log.child({ module: 'leadership' });
  const { leadership, close } = await createAlertLeadership(deps.config, log);
  const engine = createAlertEngine(deps, {
    slack: createAlertWebClient({ token: slack.botToken, apiUrl: slack.apiUrl, log: deps.log }),
    leadership,
    options: {
      pendingMs: deps.config.alertPendingSeconds * 1000,
      healthyMs: deps.config.alertHealthySeconds * 1000,
    },
  });
  let running = false;
  leadership.onChange((leader) => {
    log.info({ leader: leader ? 'yes' : 'no', lease: leadership.token }, `leader: ${leader ? 'yes' : 'no'}`);
    // The poll loop's own first cycle covers leadership held from the start.
    if (!leader || !running) return;
    // A new leader polls now and resumes the outbox its predecessor left, instead of waiting for its next tick.
    void engine
      .runCycle()
      .then(() => engine.deliverNow())
      .catch((err: unknown) =>
        log.warn({ err: err instanceof Error ? err.message : String(err) }, 'first cycle as leader failed'),
      );
  });
  // Stops run in reverse order of registration within a phase: the relay first, then the lease is released.
  lifecycle.onStop('resources', 'relay lease connection', close);
  lifecycle.onStop('work', 'relay lease', () => leadership.stop());
  lifecycle.onStop('work', 'relay', () => {
    running = false;
    return engine.stop();
  });
  await leadership.start();
  engine.start();
  running = true;
  if (!leadership.isLeader()) log.info({ leader: 'no', lease: leadership.token }, 'leader: no');
  return engine;
}
