/**
 * One fieldline replica as a real OS process (`tsx src/main/main.ts`, HTTP mode), its JSON log lines parsed as they
 * arrive: the port it listens on, and when it became leader or follower of the relay.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { waitFor } from '../../harness.ts';

export interface LogLine {
  msg?: string;
  [key: string]: unknown;
}

export interface Replica {
  name: string;
  child: ChildProcess;
  /** Base URL of its HTTP server (POST /slack/events, /healthz, /readyz). */
  url: string;
  logs: LogLine[];
  /** Latest leadership the replica logged ("leader: yes" / "leader: no"). */
  leader(): boolean;
  /** Epoch ms when it last logged "leader: yes" (undefined if never). */
  leaderSince(): number | undefined;
  exited(): boolean;
  kill(signal?: NodeJS.Signals): Promise<void>;
}

const REPO = new URL('../../../', import.meta.url).pathname;

/** Replicas still running: killed if the test process exits without stopping them (no orphans). */
const running = new Set<ChildProcess>();
process.once('exit', () => {
  for (const child of running) child.kill('SIGKILL');
});

/** Only what the replica needs: nothing of the test runner's environment leaks into its configuration. */
function baseEnv(): Record<string, string> {
  const keep = ['PATH', 'HOME', 'TMPDIR', 'LANG', 'TZ'];
  const env: Record<string, string> = {};
  for (const k of keep) {
    const v = process.env[k];
    if (v !== undefined) env[k] = v;
  }
  return env;
}

export async function startReplica(
  name: string,
  env: Record<string, string>,
  opts: { startTimeoutMs?: number } = {},
): Promise<Replica> {
  // `node --import tsx` (not the tsx CLI, which runs the app in a child process): SIGKILL must hit the app itself.
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main/main.ts'], {
    cwd: REPO,
    // Replicas act in shared mode (the sandbox's full key for everyone): these tests are about the relay and
    // delivery across processes; who acts is covered in test/access.
    env: { ...baseEnv(), PORT: '0', LOG_LEVEL: 'info', ACCESS_MODE: 'shared', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  const logs: LogLine[] = [];
  let port: number | undefined;
  let leader = false;
  let leaderSince: number | undefined;
  let exitCode: number | null | undefined;
  const exited = new Promise<void>((resolve) =>
    child.once('exit', (code) => {
      running.delete(child);
      exitCode = code;
      resolve();
    }),
  );
  const stderr: string[] = [];
  child.stderr?.on('data', (chunk: Buffer) => stderr.push(String(chunk)));
  if (!child.stdout) throw new Error('no stdout pipe');
  createInterface({ input: child.stdout }).on('line', (line) => {
    let parsed: LogLine;
    try {
      parsed = JSON.parse(line) as LogLine;
    } catch {
      return;
    }
    logs.push(parsed);
    if (parsed.msg === 'slack app listening' && typeof parsed.port === 'number') port = parsed.port;
    if (parsed.msg === 'leader: yes') {
      leader = true;
      leaderSince = Date.now();
    }
    if (parsed.msg === 'leader: no') leader = false;
  });
  await waitFor(() => port !== undefined || exitCode !== undefined, {
    timeoutMs: opts.startTimeoutMs ?? 30_000,
    intervalMs: 20,
    message: `replica ${name} did not start`,
  });
  if (port === undefined) throw new Error(`replica ${name} exited: ${stderr.join('')}`);
  await waitFor(() => logs.some((l) => l.msg === 'fieldline started'), { timeoutMs: 10_000, intervalMs: 20 });
  return {
    name,
    child,
    url: `http://127.0.0.1:${port}`,
    logs,
    leader: () => leader && exitCode === undefined,
    leaderSince: () => leaderSince,
    exited: () => exitCode !== undefined,
    async kill(signal = 'SIGKILL') {
      if (exitCode !== undefined) return;
      child.kill(signal);
      await exited;
    },
  };
}
