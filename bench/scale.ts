/**
 * Benchmark 10 — many workspaces (issue 39). N workspaces (1, 100, 500), each with a platform connection of its
 * own (a key of its own on a sandbox; five workspaces share a sandbox, each key seeing one site only, so each
 * sees only its own changes) and two subscribed channels, plus one workspace whose platform answers every call
 * with 429 or 500 for the whole run. All relays run in this process under one relay manager
 * (src/alerts/engine/relay-manager.ts), posting to one Slack stand-in. Each round creates one task per healthy
 * workspace, at random moments over one poll interval, and measures platform change → chat.postMessage in the
 * stand-in for each of its channels. Also measured: platform calls per relay cycle, the process's CPU per
 * workspace and poll interval, and the heap the relays hold per workspace (after GC).
 */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { randomBytes } from 'node:crypto';
import { pino } from 'pino';
import { loadConfig } from '../src/base/config.ts';
import { systemClock } from '../src/base/deps.ts';
import { createLogger } from '../src/base/log.ts';
import { actingPersonKey, actingWorkspace } from '../src/access/index.ts';
import { alertStore, createAlertLeases, createRelayManager } from '../src/alerts/index.ts';
import { subscribeEverySite } from '../src/alerts/engine/alert-engine.ts';
import { createConnections, createPlatformClients } from '../src/connections/index.ts';
import { createMonitoringClient } from '../src/monitoring/index.ts';
import { startSandbox, type Sandbox } from '../src/sandbox/index.ts';
import { startStandin } from '../src/slack-standin/index.ts';
import { openStore } from '../src/store/open-store.ts';
import { max, percentile } from './lib/stats.ts';

export interface ScaleCell {
  workspaces: number;
  sandboxes: number;
  intervalMs: number;
  rounds: number;
  samples: number;
  missing: number;
  p50Ms: number;
  p95Ms: number;
  /** The worst workspace's own p95. */
  worstWorkspaceP95Ms: number;
  /** Platform calls of one relay cycle (pages + records), mean and most over the healthy relays. */
  callsPerCycle: { mean: number; max: number };
  /** Process CPU (ms) per workspace and poll interval while the rounds ran. */
  cpuMsPerWorkspaceInterval: number;
  /** Heap (bytes, after GC) the running relays hold, per workspace. */
  heapPerWorkspace: number;
  /** The failing workspace: its relay's consecutive failures and its platform calls during the rounds. */
  failing: { failures: number; calls: number };
  met: boolean;
}

export interface ScaleResult {
  cells: ScaleCell[];
  /** Slack of the delivery target: one poll interval + this. */
  slackMs: number;
}

export const SCALE_SLACK_MS = 2_000;
const PER_SANDBOX = 5;
const SITES = ['101', '102', '103', '104', '105'];

function gcFn(): () => void {
  setFlagsFromString('--expose-gc');
  return runInNewContext('gc') as () => void;
}

async function heapAfterGc(gc: () => void): Promise<number> {
  for (let i = 0; i < 3; i++) {
    gc();
    await new Promise((r) => setTimeout(r, 50));
  }
  return process.memoryUsage().heapUsed;
}

async function runCell(
  n: number,
  opts: { intervalMs: number; rounds: number; log: (line: string) => void },
): Promise<ScaleCell> {
  const gc = gcFn();
  const { intervalMs, rounds } = opts;
  const silent = createLogger({
    level: 'warn',
    destination: pino.destination({ dest: '/dev/null', sync: false }),
  });
  const standin = await startStandin({ log: silent });
  const sandboxCount = Math.ceil(n / PER_SANDBOX);
  const sandboxes: Sandbox[] = [];
  for (let i = 0; i < sandboxCount; i++)
    sandboxes.push(await startSandbox({ ingestionDelayMs: 0, seed: { tasks: 10, days: 1, seed: i + 1 } }));
  const failingSandbox = await startSandbox({ ingestionDelayMs: 0, seed: { tasks: 10, days: 1 } });
  // contract: Errors — 429 (rate limit, with Retry-After) and 500 for every call of the failing workspace.
  failingSandbox.admin.inject({ endpoint: 'GET /tasks', status: 429, retryAfterSeconds: 1, times: 1e9 });
  failingSandbox.admin.inject({ endpoint: 'GET /data-sources', status: 500, times: 1e9 });
  failingSandbox.admin.inject({ endpoint: 'GET /data-sources/*', status: 500, times: 1e9 });

  const config = {
    ...loadConfig({ STORE_URL: 'memory://', POLL_INTERVAL_SECONDS: String(intervalMs / 1000) }),
  };
  const store = await openStore({ kind: 'memory' }, { log: silent, keyPrefix: 'bench:' });
  const connections = createConnections({ store, dataKey: randomBytes(32), multi: true, now: Date.now });
  const clients = createPlatformClients({
    connections,
    make: (baseUrl, apiKey) => createMonitoringClient({ baseUrl, apiKey, log: silent }),
    personKey: actingPersonKey,
    workspace: actingWorkspace,
  });
  const workspaces = Array.from({ length: n }, (_, i) => `T${String(i).padStart(6, '0')}`);
  const FAILING = 'TFAILING';
  const place = (i: number) => ({
    sandbox: sandboxes[Math.floor(i / PER_SANDBOX)]!,
    site: SITES[i % PER_SANDBOX]!,
  });
  const channels = (ws: string) => [`C${ws}A`, `C${ws}T`];
  for (const [i, ws] of workspaces.entries()) {
    const { sandbox, site } = place(i);
    const key = sandbox.admin.mintKey({ userId: '513', siteIds: [site] });
    await connections.save(ws, { baseUrl: sandbox.url, key }, 'U0BENCH');
  }
  await connections.save(
    FAILING,
    { baseUrl: failingSandbox.url, key: failingSandbox.admin.mintKey({ userId: '513' }) },
    'U0BENCH',
  );
  for (const ws of [...workspaces, FAILING]) {
    const [alerts, tasks] = channels(ws) as [string, string];
    for (const id of [alerts, tasks])
      standin.addChannel({
        id,
        name: id.toLowerCase(),
        is_private: false,
        is_im: false,
        is_member: true,
        members: [],
      });
    const rs = alertStore(await connections.relayRoot(ws));
    await subscribeEverySite(rs, alerts, { alerts: true, tasks: true }, Date.now());
    await subscribeEverySite(rs, tasks, { tasks: true }, Date.now());
  }
  const heapBefore = await heapAfterGc(gc);
  const relays = createRelayManager(
    { config, log: silent, store, clock: systemClock, connections, platformClients: clients },
    {
      leases: await createAlertLeases(config, silent),
      slackFor: async () => ({ botToken: standin.botToken, apiUrl: standin.apiUrl }),
      installed: async () => [...workspaces, FAILING],
      refreshMs: 60_000,
    },
  );
  await relays.start();
  // Every healthy relay has completed its first cycle (it records what is there and posts nothing).
  const primed = async () => {
    for (const ws of workspaces)
      if (!((await alertStore(await connections.relayRoot(ws)).status())?.lastCompleteAt ?? null))
        return false;
    return true;
  };
  const primeDeadline = Date.now() + 6 * intervalMs + 30_000;
  while (!(await primed())) {
    if (Date.now() > primeDeadline) throw new Error('relays did not complete their first cycle');
    await new Promise((r) => setTimeout(r, 200));
  }
  const heapAfter = await heapAfterGc(gc);
  opts.log(`scale N=${n}: ${relays.running().length} relays running, first cycles done`);

  const perWorkspace = new Map<string, number[]>();
  let missing = 0;
  let seenCalls = standin.callsTo('chat.postMessage').length;
  const failingCallsBefore = failingSandbox.admin.requests().length;
  const cpuBefore = process.cpuUsage();
  const started = Date.now();
  for (let round = 0; round < rounds; round++) {
    const made = new Map<string, { ws: string; at: number; left: Set<string> }>();
    // One change per workspace, at random moments over one poll interval (relays poll at their own phases).
    const creations = workspaces.map(async (ws, i) => {
      await new Promise((r) => setTimeout(r, Math.random() * intervalMs));
      const name = `scale ${ws} round ${round}`;
      const { sandbox, site } = place(i);
      made.set(name, { ws, at: Date.now(), left: new Set(channels(ws)) });
      sandbox.admin.createTask({ name, siteId: site });
    });
    const deadline = Date.now() + intervalMs + 4 * intervalMs;
    let done = false;
    void Promise.all(creations).then(() => (done = true));
    while (Date.now() < deadline) {
      const calls = standin.callsTo('chat.postMessage');
      for (const call of calls.slice(seenCalls)) {
        const text = typeof call.args.text === 'string' ? call.args.text : JSON.stringify(call.args);
        const m = /scale (T\d{6}) round (\d+)/.exec(`${text} ${JSON.stringify(call.args.blocks ?? '')}`);
        const rec = m ? made.get(`scale ${m[1]} round ${m[2]}`) : undefined;
        const channel = String(call.args.channel);
        if (!rec || !rec.left.has(channel) || !call.response.ok) continue;
        rec.left.delete(channel);
        const list = perWorkspace.get(rec.ws) ?? [];
        list.push(call.at - rec.at);
        perWorkspace.set(rec.ws, list);
      }
      seenCalls = calls.length;
      if (done && [...made.values()].every((r) => r.left.size === 0)) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    for (const rec of made.values()) missing += rec.left.size;
    opts.log(`scale N=${n}: round ${round + 1}/${rounds} done`);
  }
  const elapsed = Date.now() - started;
  const cpu = process.cpuUsage(cpuBefore);
  const calls: number[] = [];
  for (const ws of workspaces) {
    const status = await alertStore(await connections.relayRoot(ws)).status();
    const last = status?.lastApiCalls;
    if (last) calls.push(last.pages + last.records);
  }
  const failingStatus = await alertStore(await connections.relayRoot(FAILING)).status();
  const failingCalls = failingSandbox.admin.requests().length - failingCallsBefore;
  await relays.stop();
  await clients.close();
  await standin.close();
  for (const s of [...sandboxes, failingSandbox]) await s.close();
  await store.close();

  const all = [...perWorkspace.values()].flat();
  const worst = max([...perWorkspace.values()].map((l) => percentile(l, 95)));
  const p95 = all.length > 0 ? percentile(all, 95) : Number.NaN;
  return {
    workspaces: n,
    sandboxes: sandboxCount + 1,
    intervalMs,
    rounds,
    samples: all.length,
    missing,
    p50Ms: all.length > 0 ? percentile(all, 50) : Number.NaN,
    p95Ms: p95,
    worstWorkspaceP95Ms: worst,
    callsPerCycle: {
      mean: calls.reduce((a, b) => a + b, 0) / Math.max(1, calls.length),
      max: max(calls),
    },
    cpuMsPerWorkspaceInterval: (cpu.user + cpu.system) / 1000 / n / (elapsed / intervalMs),
    heapPerWorkspace: (heapAfter - heapBefore) / n,
    failing: { failures: failingStatus?.consecutiveFailures ?? 0, calls: failingCalls },
    met: missing === 0 && worst <= intervalMs + SCALE_SLACK_MS,
  };
}

export async function runScale(opts: {
  sizes: number[];
  intervalMs: number;
  rounds: number;
  log: (line: string) => void;
}): Promise<ScaleResult> {
  const cells: ScaleCell[] = [];
  for (const n of opts.sizes) {
    opts.log(`scale: ${n} workspaces`);
    cells.push(await runCell(n, opts));
  }
  return { cells, slackMs: SCALE_SLACK_MS };
}
